import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeBannerMarker, homePageHtml } from './http/home-page.ts';
import { createTestApp, type TestApp } from './testing.ts';

/** A built web app as the build leaves it: text files with their .br and .gz copies beside them. */
const indexHtml = `<!doctype html><html lang="zh-CN"><body><div id="root"><div class="boot-shell__banner">${homeBannerMarker}</div></div>${'<!-- page -->'.repeat(100)}</body></html>`;
const entryScript = `console.log(${JSON.stringify('entry chunk '.repeat(200))});`;
/** Below the build's 1 KB threshold: no compressed copies. */
const smallScript = 'console.log(1)';

/** The operator console's build, served under /admin/. */
const consoleHtml = `<!doctype html><html lang="zh-CN"><body><div id="console"></div>${'<!-- console -->'.repeat(100)}</body></html>`;
const consoleScript = `console.log(${JSON.stringify('console chunk '.repeat(200))});`;

let testApp: TestApp;
let webDistDir: string;
let adminDistDir: string;

async function writeWithCopies(file: string, content: string) {
  await writeFile(file, content);
  await writeFile(`${file}.br`, brotliCompressSync(content));
  await writeFile(`${file}.gz`, gzipSync(content));
}

beforeAll(async () => {
  webDistDir = await mkdtemp(path.join(os.tmpdir(), 'precompressed-web-'));
  await mkdir(path.join(webDistDir, 'assets'));
  await writeWithCopies(path.join(webDistDir, 'index.html'), indexHtml);
  await writeWithCopies(path.join(webDistDir, 'assets', 'index-abc123.js'), entryScript);
  await writeFile(path.join(webDistDir, 'assets', 'small-def456.js'), smallScript);
  adminDistDir = await mkdtemp(path.join(os.tmpdir(), 'precompressed-admin-'));
  await mkdir(path.join(adminDistDir, 'assets'));
  await writeWithCopies(path.join(adminDistDir, 'index.html'), consoleHtml);
  await writeWithCopies(path.join(adminDistDir, 'assets', 'index-console1.js'), consoleScript);
  testApp = await createTestApp({ webDistDir, adminDistDir });
});
afterAll(async () => {
  await testApp.close();
  await rm(webDistDir, { recursive: true, force: true });
  await rm(adminDistDir, { recursive: true, force: true });
});

function get(url: string, acceptEncoding?: string) {
  return testApp.app.inject({
    method: 'GET',
    url,
    headers: { accept: 'text/html,*/*', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });
}

function varyTokens(response: LightMyRequestResponse): string[] {
  return String(response.headers.vary ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase());
}

describe('hashed assets', () => {
  const url = '/assets/index-abc123.js';

  it('sends the brotli copy to a client that accepts br', async () => {
    const response = await get(url, 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varyTokens(response)).toContain('accept-encoding');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(entryScript);
  });

  it('sends the gzip copy to a client that accepts only gzip', async () => {
    const response = await get(url, 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varyTokens(response)).toContain('accept-encoding');
    expect(gunzipSync(response.rawPayload).toString()).toBe(entryScript);
  });

  it('sends the file itself to a client that accepts no encoding, still varying on it', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await get(url, acceptEncoding);
      expect(response.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(response.body, acceptEncoding).toBe(entryScript);
      expect(varyTokens(response), acceptEncoding).toContain('accept-encoding');
    }
  });

  it('sends a file without compressed copies as it is, even to a client that accepts br', async () => {
    const response = await get('/assets/small-def456.js', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(smallScript);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 for a missing asset and for a compressed copy asked for by name', async () => {
    for (const missing of ['/assets/x.js', '/assets/index-abc123.js.br', '/assets/index-abc123.js.gz']) {
      const response = await get(missing, 'br, gzip');
      expect(response.statusCode, missing).toBe(404);
      expect(response.headers['content-type'], missing).not.toMatch(/text\/html/);
    }
  });
});

describe('index.html', () => {
  it('is sent compressed and never cached unchecked, by name and for any SPA path', async () => {
    for (const url of ['/index.html', '/user/login', '/mine/finance/wallet?tab=1']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(varyTokens(response), url).toContain('accept-encoding');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(indexHtml);
    }
  });

  it("is the home page with the site's banners at /, compressed as accepted and never cached unchecked", async () => {
    const ads = await testApp.services.sites.stationAds(9001);
    expect(ads.length).toBeGreaterThan(0);
    const homePage = homePageHtml(indexHtml, ads);
    expect(homePage).toContain(`<img src="${ads[0]?.imageUrl}"`);
    const decoders = {
      br: (payload: Buffer) => brotliDecompressSync(payload).toString(),
      gzip: (payload: Buffer) => gunzipSync(payload).toString(),
      none: (payload: Buffer) => payload.toString(),
    };
    const cases = [
      ['/', 'gzip, deflate, br', 'br'],
      ['/?from=app', 'gzip', 'gzip'],
      ['/', undefined, 'none'],
    ] as const;
    for (const [url, acceptEncoding, encoding] of cases) {
      const response = await get(url, acceptEncoding);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe(encoding === 'none' ? undefined : encoding);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(varyTokens(response), url).toContain('accept-encoding');
      expect(decoders[encoding](response.rawPayload), url).toBe(homePage);
    }
    const head = await testApp.app.inject({ method: 'HEAD', url: '/', headers: { accept: 'text/html' } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it("preloads the home page's first banner, its largest paint, with the page and nowhere else", async () => {
    const [firstBanner] = await testApp.services.sites.stationAds(9001);
    expect(firstBanner?.imageUrl).toBeTruthy();
    const home = await get('/', 'br');
    expect(home.headers.link).toBe(`<${firstBanner?.imageUrl}>; rel=preload; as=image; fetchpriority=high`);
    for (const url of ['/user/login', '/mine', '/index.html']) {
      expect((await get(url, 'br')).headers.link, url).toBeUndefined();
    }
  });

  it('falls back to gzip, then to the file itself, for an SPA path', async () => {
    const gzipped = await get('/user/login', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(indexHtml);
    const plain = await get('/user/login');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(indexHtml);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(varyTokens(plain)).toContain('accept-encoding');
  });
});

describe('operator console under /admin/', () => {
  it('sends its hashed assets precompressed and cached for good', async () => {
    const response = await get('/admin/assets/index-console1.js', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(consoleScript);
  });

  it("sends the console's index.html for any console path, GET and HEAD, never the member site's", async () => {
    for (const url of [
      '/admin',
      '/admin/',
      '/admin/cashier/withdrawals?status=pending',
      '/admin/system/staff',
    ]) {
      const response = await get(url, 'gzip');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(gunzipSync(response.rawPayload).toString(), url).toBe(consoleHtml);
    }
    const head = await testApp.app.inject({
      method: 'HEAD',
      url: '/admin/risk/blocks',
      headers: { accept: 'text/html' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
  });

  it('answers 404 for a missing console asset and an unknown console API path, not a page', async () => {
    for (const url of ['/admin/assets/missing.js', '/admin/api/v1/no/such/route']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).not.toMatch(/text\/html/);
    }
  });

  it('leaves the member site its paths, including ones that merely start with "admin"', async () => {
    for (const url of ['/', '/administrator', '/user/login']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root">');
      expect(response.body, url).not.toContain('<div id="console">');
    }
  });
});
