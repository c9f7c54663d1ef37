import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hmacHex, randomToken, safeEqual } from '../lib/tokens.js';
import { sendError } from './errors.js';
import { isHttps, requiresSession } from './session.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on routes guarded by a session guard (plugins/session.ts); read by the CSRF check. */
    requiresSession?: boolean;
  }
}

/** Readable by the SPA, which echoes it in the header on every write (apps/web api-client). */
export const CSRF_COOKIE = 'csrf-token';
export const CSRF_HEADER = 'x-csrf-token';

/**
 * The only API paths without the CSRF check: calls authenticated by an API key, never by a
 * browser cookie, and the driver link's calls, whose credential is the token in the path (a
 * forged cross-site request would have to know it already; no cookie is involved), and the
 * e-CMR's contactless signing, whose credential is the same kind of token. Add a
 * prefix here only for routes that no cookie authenticates.
 */
export const CSRF_EXEMPT_PREFIXES: readonly string[] = [
  '/api/integration/',
  '/api/conductor/',
  // The e-CMR's contactless signer: the signing token in the path, or a code to exchange for one.
  '/api/ecmr/firma',
  // The shipment link's public page (issue 19): the link's token in the path.
  '/api/envio/',
];

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A token is `<nonce>.<mac>`, mac = HMAC(secret, binding + nonce). The binding is the session
 * key when signed in; before login the random nonce alone is the pre-session value. A token
 * of another session (or an old one after login rotated the session) does not verify.
 */
function bindingOf(sessionKey: string | null): string {
  return sessionKey ? `sesion:${sessionKey}` : 'anonimo';
}

function makeToken(secret: string, sessionKey: string | null): string {
  const nonce = randomToken(18);
  return `${nonce}.${hmacHex(secret, `csrf:${bindingOf(sessionKey)}:${nonce}`)}`;
}

function tokenIsValid(secret: string, token: string, sessionKey: string | null): boolean {
  const [nonce, mac, extra] = token.split('.');
  if (!nonce || !mac || extra !== undefined) return false;
  return safeEqual(mac, hmacHex(secret, `csrf:${bindingOf(sessionKey)}:${nonce}`));
}

/**
 * Sets a new CSRF cookie bound to the given session key (default: the request's). Call it
 * whenever the session changes (login, access link, logout).
 */
export function issueCsrfCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  sessionKey: string | null = request.sessionKey,
): void {
  const config = request.server.config;
  reply.setCookie(CSRF_COOKIE, makeToken(config.sessionSecret, sessionKey), {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: isHttps(config),
  });
}

/** Keeps a valid CSRF cookie, or sets one (the SPA index and `GET /api/auth`). */
export function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply): void {
  const current = request.cookies[CSRF_COOKIE];
  if (current && tokenIsValid(request.server.config.sessionSecret, current, request.sessionKey)) {
    return;
  }
  issueCsrfCookie(request, reply);
}

/** Origin of a header value, or undefined when it is not a URL. */
function originOf(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/**
 * Same-origin check: the browser's Origin (or Referer) must be the public URL or the host the
 * request was sent to (the Vite dev proxy keeps its own host).
 */
function originAllowed(request: FastifyRequest): boolean {
  const header = request.headers.origin ?? request.headers.referer;
  if (header === undefined) return true;
  const origin = originOf(header);
  if (!origin) return false;
  const allowed = [
    originOf(request.server.config.publicUrl),
    `${request.protocol}://${request.host}`,
  ];
  return allowed.includes(origin);
}

/**
 * CSRF protection for every state-changing API call: the `x-csrf-token` header must equal
 * the `csrf-token` cookie and verify for the current session, and the Origin must be ours.
 * Runs before validation (after body parsing), so nothing is ever done on a failed check.
 *
 * A write without any session to a route that needs one answers 401 first (spec §8: the SPA
 * then goes to the login page): with the session cookie lost or expired, the CSRF token is
 * still bound to the old session and would fail as a 403 "Recargue la página" that no reload
 * can cure. Nothing can happen there without a session, so skipping the token check is safe;
 * the routes usable without a session (login, recovery, access links) keep it.
 */
export default fp(
  async function csrfPlugin(app: FastifyInstance) {
    app.addHook('onRoute', (route) => {
      if (requiresSession(route.preHandler)) {
        route.config = { ...route.config, requiresSession: true };
      }
    });

    // Callback-style (plugins/security-headers.ts): nothing here waits.
    app.addHook('preValidation', (request, reply, done) => {
      const path = request.url;
      if (
        SAFE_METHODS.has(request.method) ||
        !path.startsWith('/api/') ||
        CSRF_EXEMPT_PREFIXES.some((prefix) => path.startsWith(prefix))
      ) {
        return done();
      }
      if (request.session === null && request.routeOptions.config.requiresSession) {
        return sendError(reply, 401, 'UNAUTHENTICATED', 'Sesión no iniciada o caducada.');
      }
      const cookieToken = request.cookies[CSRF_COOKIE];
      const headerToken = request.headers[CSRF_HEADER];
      const ok =
        typeof headerToken === 'string' &&
        cookieToken !== undefined &&
        safeEqual(headerToken, cookieToken) &&
        tokenIsValid(app.config.sessionSecret, cookieToken, request.sessionKey) &&
        originAllowed(request);
      if (ok) return done();
      // A fresh token, so that reloading (or simply retrying) works.
      issueCsrfCookie(request, reply);
      sendError(
        reply,
        403,
        'CSRF',
        'Falta el token de seguridad de la petición o no es válido. Recargue la página.',
      );
    });
  },
  { name: 'csrf', dependencies: ['session'] },
);
