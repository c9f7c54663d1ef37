import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** One year, with subdomains: the portal is only ever published over HTTPS in production. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Strict security headers on every response (docs/security.md). Scripts only from our origin
 * (no inline script: the initial data is a non-executable JSON element). Mantine injects its
 * CSS variables in style elements, hence 'unsafe-inline' for styles only. No referrer is sent,
 * so token links (`/clientes/…/:clienteId/:token`, `/proveedores/…/:proveedorId/:token`)
 * never leak through the Referer header.
 *
 * HSTS only on requests that arrived over HTTPS (directly, or per X-Forwarded-Proto behind a
 * trusted proxy): over plain HTTP it would be meaningless or pin a development host. Every API
 * answer is `no-store` unless its route says otherwise: they all carry personal data.
 */
export default fp(
  async function securityHeadersPlugin(app: FastifyInstance) {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      referrerPolicy: { policy: 'no-referrer' },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: false,
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'security-headers' },
);
