import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The module boundaries of ARCHITECTURE.md, checked on the import graph rather than by review:
 * - `db/`, `http/` and `stores/` import no domain and not the composition root;
 * - the ledger knows neither HTTP nor user-facing errors, nor any other domain;
 * - a domain reaches another only through what it exports for others, never its store, tables,
 *   migrations or internal context;
 * - no domain imports the composition root: it gets other domains' services handed in;
 * - on the web and in the operator console, features do not import each other, `lib/` imports no
 *   feature and no app code;
 * - the contract package imports nothing of the apps.
 * Tests and test support may cross these lines: they assemble whole nodes.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const serverSrc = path.join(repoRoot, 'apps/server/src');
const webSrc = path.join(repoRoot, 'apps/web/src');
const adminSrc = path.join(repoRoot, 'apps/admin/src');
const contractSrc = path.join(repoRoot, 'packages/contract/src');

const infrastructure = ['db', 'http', 'stores'];
/** The files that assemble a node; domains are handed what these wire, they never import them. */
const compositionRoot = ['app.ts', 'main.ts', 'node.ts', 'services.ts', 'migrations.ts'];
/** A domain's files that no other domain may import. */
const domainInternals = ['store.ts', 'tables.ts', 'migration.ts', 'context.ts'];

interface ImportEdge {
  from: string;
  to: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      return name === 'node_modules' ? [] : sourceFiles(full);
    }
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Commands that assemble a node of their own, like `main.ts`: composition roots, not domain code. */
const entryPoints = ['ledger/reconcile-cli.ts', 'ledger/crash-child.ts', 'operator/create-operator.ts'];

const isTestCode = (file: string) =>
  /\.test\.tsx?$|test-support\.ts$|[/\\]testing\.ts$|[/\\]e2e[/\\]/.test(file);

/** Relative imports (static, type-only and dynamic) of the production files under `dir`. */
function importEdges(dir: string): ImportEdge[] {
  const pattern = /(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
  return sourceFiles(dir)
    .filter((file) => !isTestCode(file) && !entryPoints.includes(path.relative(dir, file)))
    .flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(pattern)].map((match) => ({
        from: path.relative(dir, file),
        to: path.relative(dir, path.resolve(path.dirname(file), match[1] ?? '')),
      })),
    );
}

const topFolder = (relative: string) =>
  relative.includes(path.sep) ? relative.split(path.sep)[0] : undefined;
const describeEdge = (edge: ImportEdge) => `${edge.from} -> ${edge.to}`;

describe('server module boundaries', () => {
  const edges = importEdges(serverSrc);

  it('finds the import graph', () => {
    expect(edges.length).toBeGreaterThan(100);
  });

  it('keeps db/, http/ and stores/ free of domains and of the composition root', () => {
    const violations = edges.filter((edge) => {
      const from = topFolder(edge.from);
      if (!from || !infrastructure.includes(from)) {
        return false;
      }
      const to = topFolder(edge.to);
      return to === undefined ? edge.to !== 'app-error.ts' : !infrastructure.includes(to);
    });
    expect(violations.map(describeEdge)).toEqual([]);
  });

  it('keeps the ledger free of HTTP, user-facing errors and other domains', () => {
    const violations = edges.filter(
      (edge) =>
        topFolder(edge.from) === 'ledger' &&
        !['ledger', 'db', 'stores'].includes(topFolder(edge.to) ?? edge.to),
    );
    expect(violations.map(describeEdge)).toEqual([]);
  });

  it("lets no domain reach into another domain's store, tables, migrations or context", () => {
    const violations = edges.filter((edge) => {
      const from = topFolder(edge.from);
      const to = topFolder(edge.to);
      return (
        from !== undefined &&
        to !== undefined &&
        from !== to &&
        !infrastructure.includes(to) &&
        domainInternals.includes(path.basename(edge.to))
      );
    });
    expect(violations.map(describeEdge)).toEqual([]);
  });
});

describe('server composition root', () => {
  it('is imported by no domain', () => {
    const violations = importEdges(serverSrc).filter(
      (edge) => topFolder(edge.from) !== undefined && compositionRoot.includes(edge.to),
    );
    expect(violations.map(describeEdge)).toEqual([]);
  });
});

describe.each([
  ['web', webSrc],
  ['operator console', adminSrc],
])('%s module boundaries', (_app, src) => {
  const edges = importEdges(src);

  it('finds the import graph', () => {
    expect(edges.length).toBeGreaterThan(20);
  });

  const featureOf = (relative: string) => {
    const parts = relative.split(path.sep);
    return parts[0] === 'features' ? parts[1] : undefined;
  };

  it('keeps features from importing each other', () => {
    const violations = edges.filter((edge) => {
      const from = featureOf(edge.from);
      const to = featureOf(edge.to);
      return from !== undefined && to !== undefined && from !== to;
    });
    expect(violations.map(describeEdge)).toEqual([]);
  });

  it('keeps lib/ free of features and app code', () => {
    const violations = edges.filter(
      (edge) => topFolder(edge.from) === 'lib' && ['features', 'app'].includes(topFolder(edge.to) ?? ''),
    );
    expect(violations.map(describeEdge)).toEqual([]);
  });
});

describe('contract boundaries', () => {
  it('imports nothing from the apps', () => {
    const violations = importEdges(contractSrc).filter((edge) => edge.to.startsWith('..'));
    expect(violations.map(describeEdge)).toEqual([]);
  });
});
