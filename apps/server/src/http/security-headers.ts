import type { IncomingMessage, ServerResponse } from 'node:http';
import { basePathOf } from '@site/contract';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * What pages may load: everything from this origin, images also inline (the captcha is a data:
 * URL) or from any HTTPS host (operators link banner and notice images from their CDN). No
 * inline script or style anywhere: the SPA, the Swagger UI and the sandbox pay page load theirs
 * from files. Only this site may frame its pages.
 */
const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
  'img-src': ["'self'", 'data:', 'https:'],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
};

/**
 * The API document's page only: Swagger UI injects `<style>` elements as it renders, so there
 * inline styles are let through (scripts stay file-only). For `@fastify/swagger-ui`'s
 * `transformStaticCSP`, which sees the header set above.
 */
export function allowInlineStyles(header: string): string {
  return header.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'");
}

function isConsolePath(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? '';
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/** A year, with subdomains: the site and its subdomains are reached over HTTPS only once seen so. */
const strictTransportSecurity = 'max-age=31536000; includeSubDomains';

/**
 * Helmet's headers for the policy above. They do not depend on the request, so they are taken
 * once from helmet's middleware and set with one call per request: `@fastify/helmet` rebuilds
 * that middleware on every request, which cost a quarter of the API's throughput
 * (`npm run bench -- api`).
 */
/**
 * What an API answer needs. No browser renders JSON as a document, so it gets a policy that
 * allows nothing, may not be framed, sniffed or leak a referrer; helmet's document-only headers
 * (DNS prefetch, download options, cross-origin isolation …) would only add work to each of
 * thousands of answers a second: with them a JSON answer cost a quarter more (npm run bench -- api).
 */
const apiHeaders: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
};

function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  const applyHelmet = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: false,
  });
  // Helmet writes through setHeader / removeHeader only, and reads nothing of the request.
  applyHelmet({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) {
      throw error;
    }
  });
  return headers;
}

/**
 * Security headers on every answer (API, pages, documents, errors), registered before anything
 * that can answer early: helmet's full set on pages and documents, `apiHeaders` on API answers. HSTS goes out only on a request that arrived over TLS (behind
 * TRUST_PROXY_HOPS proxies, as their `x-forwarded-proto` says): sent over plain HTTP it would be
 * ignored at best, and would lock out a site that has no certificate.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const documentHeaders = helmetHeaders();
  // The operator console's antd components inject <style> elements as they render (CSS-in-JS),
  // as Swagger UI does: its pages alone allow inline styles too; scripts stay file-only.
  const consoleHeaders = {
    ...documentHeaders,
    'content-security-policy': allowInlineStyles(documentHeaders['content-security-policy'] ?? ''),
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(
      basePathOf(request.url) ? apiHeaders : isConsolePath(request.url) ? consoleHeaders : documentHeaders,
    );
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', strictTransportSecurity);
    }
    done();
  });
}
