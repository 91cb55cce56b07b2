/**
 * The first-load JavaScript budget: what a phone downloads before a route can paint, counted
 * from Vite's build manifest (`dist/.vite/manifest.json`). Read by the budget test and by
 * `npm run bench -- web`.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface RouteBudget {
  route: string;
  /** The page module the route loads lazily, as the manifest names it; absent when the entry holds the page. */
  pageModule?: string;
  /** Brotli bytes of the entry chunk, its static imports and the page's chunks. */
  brotliBytesMax: number;
}

/**
 * Ceilings in bytes (1 KB = 1000 bytes, as Vite reports sizes): issue #9's goal of 170 KB for
 * each route, met since (README, web performance); growth past it fails `npm test`.
 */
export const routeBudgets: readonly RouteBudget[] = [
  { route: '/', brotliBytesMax: 170_000 },
  { route: '/user/login', pageModule: 'src/features/auth/login-page.tsx', brotliBytesMax: 170_000 },
];

/** The goal for every route's first load. */
export const firstLoadBrotliBytesGoal = 170_000;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

export interface TransferSizes {
  rawBytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

export interface RouteFirstLoad extends TransferSizes {
  route: string;
  brotliBytesMax: number;
  files: string[];
}

export const webDistDirDefault = path.resolve(import.meta.dirname, 'dist');

function readManifest(distDir: string): Manifest {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  return JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
}

function chunkOf(manifest: Manifest, key: string): ManifestChunk {
  const chunk = manifest[key];
  if (!chunk) {
    throw new Error(`${key} is not in the build manifest: the budget table names a module that moved`);
  }
  return chunk;
}

/** The JS files loading `keys` pulls in: each chunk and its static imports, recursively. */
function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) {
      return;
    }
    seen.add(key);
    for (const imported of chunkOf(manifest, key).imports ?? []) {
      visit(imported);
    }
  };
  keys.forEach(visit);
  return [...seen].map((key) => chunkOf(manifest, key).file);
}

/** What a client downloads for a file: the precompressed copy if the build wrote one, else the file. */
function transferSizes(distDir: string, files: string[]): TransferSizes {
  const sizeOf = (file: string) => statSync(path.join(distDir, file)).size;
  const sizeWith = (file: string, extension: string) =>
    existsSync(path.join(distDir, `${file}${extension}`)) ? sizeOf(`${file}${extension}`) : sizeOf(file);
  return {
    rawBytes: files.reduce((sum, file) => sum + sizeOf(file), 0),
    brotliBytes: files.reduce((sum, file) => sum + sizeWith(file, '.br'), 0),
    gzipBytes: files.reduce((sum, file) => sum + sizeWith(file, '.gz'), 0),
  };
}

/** Each budgeted route's first-load JavaScript in the build at `distDir`. */
export function measureFirstLoad(distDir: string): RouteFirstLoad[] {
  const manifest = readManifest(distDir);
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  return routeBudgets.map((budget) => {
    const files = staticClosure(manifest, [...entryKeys, ...(budget.pageModule ? [budget.pageModule] : [])]);
    return {
      route: budget.route,
      brotliBytesMax: budget.brotliBytesMax,
      files,
      ...transferSizes(distDir, files),
    };
  });
}

/** Every JavaScript chunk of the build: what the first page loaded before routes were split. */
export function measureAllJavaScript(distDir: string): TransferSizes & { files: number } {
  const manifest = readManifest(distDir);
  const files = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) =>
    file.endsWith('.js'),
  );
  return { files: files.length, ...transferSizes(distDir, files) };
}
