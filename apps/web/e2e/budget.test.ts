import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureFirstLoad, routeBudgets, webDistDirDefault } from '../budget.ts';

/** The build `npm test` just made (or the one WEB_DIST_DIR names, as the browser tests use). */
const distDir = process.env.WEB_DIST_DIR ?? webDistDirDefault;

describe('first-load JavaScript budget', () => {
  const firstLoads = measureFirstLoad(distDir);

  it.each(routeBudgets.map((budget) => budget.route))('keeps %s within its brotli budget', (route) => {
    const firstLoad = firstLoads.find((measured) => measured.route === route);
    expect(firstLoad, route).toBeDefined();
    if (firstLoad) {
      const detail = `${route} loads ${firstLoad.files.length} files:\n${firstLoad.files.join('\n')}`;
      expect(firstLoad.brotliBytes, detail).toBeLessThanOrEqual(firstLoad.brotliBytesMax);
    }
  });

  it('counts a lazy page on top of the entry, so a page moved back into the entry shows up', () => {
    const [home, login] = firstLoads;
    expect(login?.files.length).toBeGreaterThan(home?.files.length ?? Number.POSITIVE_INFINITY);
    expect(login?.files).toEqual(expect.arrayContaining(home?.files ?? []));
  });
});

describe('precompressed build', () => {
  it('has brotli and gzip copies beside every JavaScript, CSS and HTML file of 1 KB or more', () => {
    const entries = readdirSync(distDir, { recursive: true, withFileTypes: true });
    const textFiles = entries
      .filter((entry) => entry.isFile() && /\.(js|css|html)$/.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .filter((file) => statSync(file).size >= 1024);
    expect(textFiles.length).toBeGreaterThan(0);
    const missing = textFiles.filter((file) => !existsSync(`${file}.br`) || !existsSync(`${file}.gz`));
    expect(missing).toEqual([]);
  });
});
