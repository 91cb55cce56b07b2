import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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

/** A year, with subdomains: the site and its subdomains are reached over HTTPS only once seen so. */
const strictTransportSecurity = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer (API, pages, documents, errors), registered before anything
 * that can answer early. HSTS goes out only on a request that arrived over TLS (behind
 * TRUST_PROXY_HOPS proxies, as their `x-forwarded-proto` says): sent over plain HTTP it would be
 * ignored at best, and would lock out a site that has no certificate.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', strictTransportSecurity);
    }
  });
}
