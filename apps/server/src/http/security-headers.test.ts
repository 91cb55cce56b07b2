import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { routes } from '@site/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedHeaders, type TestApp } from '../testing.ts';

/** A node behind one proxy, serving a small built web app. */
let testApp: TestApp;
let webDistDir: string;
let adminDistDir: string;

beforeAll(async () => {
  webDistDir = await mkdtemp(path.join(os.tmpdir(), 'headers-web-'));
  await mkdir(path.join(webDistDir, 'assets'));
  await writeFile(path.join(webDistDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(webDistDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  adminDistDir = await mkdtemp(path.join(os.tmpdir(), 'headers-admin-'));
  await writeFile(path.join(adminDistDir, 'index.html'), '<!doctype html><div id="console"></div>');
  testApp = await createTestApp({ trustProxyHops: 1, webDistDir, adminDistDir });
});
afterAll(async () => {
  await testApp.close();
  await rm(webDistDir, { recursive: true, force: true });
  await rm(adminDistDir, { recursive: true, force: true });
});

function directivesOf(response: LightMyRequestResponse): Map<string, string> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim())
      .filter(Boolean)
      .map((directive) => {
        const [name = '', ...sources] = directive.split(/\s+/);
        return [name, sources.join(' ')] as const;
      }),
  );
}

function expectSecurityHeaders(response: LightMyRequestResponse, what: string, styleSources = "'self'") {
  const csp = directivesOf(response);
  expect(csp.get('default-src'), what).toBe("'self'");
  expect(csp.get('frame-ancestors'), what).toBe("'self'");
  expect(csp.get('script-src'), what).toBe("'self'");
  expect(csp.get('script-src-attr'), what).toBe("'none'");
  expect(csp.get('style-src'), what).toBe(styleSources);
  expect(csp.get('img-src'), what).toBe("'self' data: https:");
  expect(csp.get('object-src'), what).toBe("'none'");
  expect(csp.has('upgrade-insecure-requests'), what).toBe(false);
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['referrer-policy'], what).toBe('same-origin');
  expect(response.headers['x-frame-options'], what).toBe('SAMEORIGIN');
}

/** A JSON answer is never a document: a policy that allows nothing, no framing, sniffing or referrer. */
function expectApiSecurityHeaders(response: LightMyRequestResponse, what: string) {
  const csp = directivesOf(response);
  expect(csp.get('default-src'), what).toBe("'none'");
  expect(csp.get('frame-ancestors'), what).toBe("'self'");
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['referrer-policy'], what).toBe('same-origin');
}

describe('security headers', () => {
  it('go out on an API answer, a refusal and an unknown path', async () => {
    const path = routes.preInfo.path;
    const answer = await testApp.app.inject({
      method: 'POST',
      url: path,
      headers: await signedHeaders('POST', path, testApp.clock),
      payload: {},
    });
    expect(answer.json()).toMatchObject({ code: 6000 });
    expectApiSecurityHeaders(answer, 'api');
    const refused = await testApp.app.inject({ method: 'POST', url: path, payload: {} });
    expect(refused.json().code).not.toBe(6000);
    expectApiSecurityHeaders(refused, 'refusal');
    const unknown = await testApp.app.inject({ method: 'GET', url: '/site/api/v1/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expectApiSecurityHeaders(unknown, '404');
  });

  it('go out on the SPA page and its files', async () => {
    const page = await testApp.app.inject({
      method: 'GET',
      url: '/mine/finance',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="root"');
    expectSecurityHeaders(page, 'page');
    const head = await testApp.app.inject({ method: 'HEAD', url: '/mine/finance' });
    expect(head.statusCode).toBe(200);
    expectSecurityHeaders(head, 'page headers');
    const asset = await testApp.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expectSecurityHeaders(asset, 'asset');
  });

  it("go out on the operator console's pages, which alone with the API document allow inline styles", async () => {
    // antd's CSS-in-JS injects <style> elements as the console renders; scripts stay file-only.
    const page = await testApp.app.inject({ method: 'GET', url: '/admin/cashier/withdrawals' });
    expect(page.body).toContain('id="console"');
    expectSecurityHeaders(page, 'console page', "'self' 'unsafe-inline'");
    const path = routes.adminStaffList.path;
    const answer = await testApp.app.inject({
      method: 'GET',
      url: path,
      headers: await signedHeaders('GET', path, testApp.clock),
    });
    expectApiSecurityHeaders(answer, 'console api');
    const memberPage = await testApp.app.inject({ method: 'GET', url: '/administrator' });
    expectSecurityHeaders(memberPage, 'member page');
  });

  it('go out on the API document, whose page loads scripts only from files on this origin', async () => {
    // Swagger UI injects <style> elements as it renders: its pages alone allow inline styles.
    const withInlineStyles = "'self' 'unsafe-inline'";
    const docs = await testApp.app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
    expectSecurityHeaders(docs, 'docs', withInlineStyles);
    expect(docs.body).not.toMatch(/<script(?![^>]*\ssrc="\.?\/)/);
    expect(docs.body).not.toMatch(/\son[a-z]+=/);
    const initializer = await testApp.app.inject({
      method: 'GET',
      url: '/docs/static/swagger-initializer.js',
    });
    expect(initializer.statusCode).toBe(200);
    expectSecurityHeaders(initializer, 'docs script', withInlineStyles);
  });

  it('add HSTS only to requests that came over TLS, as the trusted proxy reports', async () => {
    const plain = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await testApp.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('security headers without a trusted proxy', () => {
  it('ignore a forwarded https a client made up', async () => {
    const direct = await createTestApp();
    try {
      const spoofed = await direct.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(spoofed.statusCode).toBe(200);
      expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await direct.close();
    }
  });
});
