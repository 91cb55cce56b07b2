import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

interface Lockfile {
  packages: Record<string, { version?: string; engines?: { node?: string } }>;
}

describe('locked dependencies', () => {
  // The machines run Node 20 only: a package declaring a newer Node makes `npm install` warn
  // (EBADENGINE) and may use what Node 20 lacks. The root `overrides` pin such packages back.
  it('all run on the oldest Node the project accepts', () => {
    const { engines } = readJson('package.json') as { engines: { node: string } };
    const oldestNode = semver.minVersion(engines.node);
    expect(oldestNode?.major).toBe(20);
    const { packages } = readJson('package-lock.json') as Lockfile;
    const refusing = Object.entries(packages)
      .filter(([, entry]) => entry.engines?.node && !semver.satisfies(oldestNode ?? '', entry.engines.node))
      .map(([name, entry]) => `${name}@${entry.version}: node ${entry.engines?.node}`);
    expect(refusing).toEqual([]);
  });
});
