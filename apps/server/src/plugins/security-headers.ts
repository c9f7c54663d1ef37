import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

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
const HELMET: HelmetOptions = {
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
};

/**
 * What the Google Maps JavaScript API loads (Google's CSP guide for the Maps JavaScript API,
 * allowlist form): its script and the scripts, styles, fonts, tiles, data and blob workers it
 * fetches from Google's origins. Added only when a key is configured (issue 14): without one the
 * portal draws its own MapLibre map from its own origin and Google needs nothing.
 */
export const GOOGLE_MAPS_SOURCES: Record<string, string[]> = {
  scriptSrc: [
    'https://*.googleapis.com',
    'https://*.gstatic.com',
    'https://*.google.com',
    'https://*.ggpht.com',
    'https://*.googleusercontent.com',
    "'unsafe-eval'",
    'blob:',
  ],
  styleSrc: ['https://fonts.googleapis.com'],
  imgSrc: [
    'https://*.googleapis.com',
    'https://*.gstatic.com',
    'https://*.google.com',
    'https://*.googleusercontent.com',
  ],
  fontSrc: ['https://fonts.gstatic.com'],
  connectSrc: [
    'https://*.googleapis.com',
    'https://*.google.com',
    'https://*.gstatic.com',
    'data:',
    'blob:',
  ],
  workerSrc: ['blob:'],
  frameSrc: ["'self'", 'https://*.google.com'],
};

/**
 * The helmet options for this deployment: the strict policy, plus Google Maps with a key (its
 * origins, and the page's origin as Referer so that a key restricted by referrer works).
 */
export function helmetOptions(mapsApiKey: string): HelmetOptions {
  const csp = HELMET.contentSecurityPolicy;
  if (!mapsApiKey || typeof csp !== 'object') return HELMET;
  const directives: Record<string, string[]> = {};
  for (const [name, values] of Object.entries(csp.directives ?? {})) {
    if (Array.isArray(values)) directives[name] = values as string[];
  }
  for (const [name, extra] of Object.entries(GOOGLE_MAPS_SOURCES)) {
    directives[name] = [...(directives[name] ?? []), ...extra];
  }
  return {
    ...HELMET,
    contentSecurityPolicy: { ...csp, directives },
    // A key restricted to our site needs to know where it is used: the origin, never a path
    // (token links keep their tokens), and nothing on an HTTPS → HTTP request.
    referrerPolicy: { policy: 'strict-origin' },
  };
}

/**
 * The headers helmet sets with that configuration, computed once: they never vary per request,
 * and @fastify/helmet rebuilt helmet (parsing the CSP again) on every request.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collect = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, collect as unknown as ServerResponse, () => undefined);
  return headers;
}

/*
 * The hooks here and in the other global plugins (shutdown, session, csrf, integration-auth)
 * are callback-style where they usually have nothing to wait for: every request runs them, and
 * an async hook costs a promise and a microtask turn even when it returns at once.
 */
export default fp(
  async function securityHeadersPlugin(app: FastifyInstance) {
    const headers = helmetHeaders(helmetOptions(app.config.mapsApiKey));
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
