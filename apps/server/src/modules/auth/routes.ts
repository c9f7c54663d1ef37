import rateLimit from '@fastify/rate-limit';
import { byPortal, getAuthSession } from '@extranet/contracts/auth/endpoints';
import { updatePreferenciasUsuario } from '@extranet/contracts/usuario/endpoints';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.js';
import { HttpError } from '../../lib/http-error.js';
import { ensureCsrfCookie, issueCsrfCookie } from '../../plugins/csrf.js';
import {
  clearSessionCookie,
  requireAnySession,
  requireSession,
  sessionOf,
  setSessionCookie,
} from '../../plugins/session.js';
import { rememberCookieName, setPendingLoginCookie, setRememberCookie } from './cookies.js';
import { chooseEmpresa, describeSession, login, logout, setIdiomaUsuario } from './service.js';
import { RedisAttemptStore } from './throttle-redis.js';
import { LoginThrottle, MemoryAttemptStore, TooManyAttemptsError } from './throttle.js';

/**
 * Per-IP ceiling on the login calls of both portals together (docs/security.md), before any
 * per-account rule: one budget, so a second portal does not double it.
 */
export const LOGIN_PER_IP_PER_MINUTE = 30;

/** Throttling answers carry Retry-After, in seconds. */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TooManyAttemptsError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    throw error;
  }
}

function currentSession(request: FastifyRequest) {
  return request.session && request.sessionKey
    ? { session: request.session, key: request.sessionKey }
    : null;
}

/**
 * Sign-in of both portals (spec §4, §7): login (and recovery), logout, the session state and
 * the choice of the active client or supplier. See docs/decisions/003.
 */
const authRoutes: FastifyPluginAsync = async (app) => {
  const deps = { db: app.db, config: app.config };
  const throttle = new LoginThrottle(
    app.redis ? new RedisAttemptStore(app.redis) : new MemoryAttemptStore(),
  );
  await app.register(rateLimit, {
    global: false,
    // Shared by every instance when there is a Redis; per process otherwise.
    ...(app.redis ? { redis: app.redis, nameSpace: 'extranet:limite:' } : {}),
    errorResponseBuilder: (_request, context) =>
      new TooManyAttemptsError(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
  // One limiter (one counter per IP) hooked on both login routes: a limit in each route's
  // config would give every route its own counter.
  const loginPerIp = app.rateLimit({
    max: LOGIN_PER_IP_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `login:${request.ip}`,
  });

  await registerEndpoint(app, getAuthSession, {
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      ensureCsrfCookie(request, reply);
      return describeSession(app.db, request.session);
    },
  });

  await registerEndpoint(app, updatePreferenciasUsuario, {
    preHandler: requireAnySession,
    handler: async (request, reply) => {
      const session = request.session;
      if (!session) throw new HttpError(401, 'UNAUTHENTICATED', 'Sesión no iniciada o caducada.');
      reply.header('cache-control', 'no-store');
      return setIdiomaUsuario(app.db, session, request.body.idioma);
    },
  });

  for (const portal of ['clientes', 'proveedores'] as const) {
    await registerEndpoint(app, byPortal.login[portal], {
      onRequest: loginPerIp,
      handler: async (request, reply) => {
        const result = await withRetryAfter(reply, () =>
          login(deps, {
            portal,
            body: request.body,
            ip: request.ip,
            rememberCookie: request.cookies[rememberCookieName(portal)],
            previousSessionKey: request.sessionKey,
            throttle,
          }),
        );
        reply.header('cache-control', 'no-store');
        if (result.kind === 'signed-in') {
          setSessionCookie(reply, result.sessionCookie);
          setRememberCookie(reply, portal, result.rememberToken);
          issueCsrfCookie(request, reply, result.sessionKey);
        }
        if (result.kind === 'second-factor') setPendingLoginCookie(reply, result.pendingCookie);
        return result.response;
      },
    });

    await registerEndpoint(app, byPortal.logout[portal], {
      handler: async (request, reply) => {
        await logout(app.db, currentSession(request), request.ip);
        clearSessionCookie(reply);
        issueCsrfCookie(request, reply, null);
        return reply.code(204).send(null);
      },
    });

    await registerEndpoint(app, byPortal.choose[portal], {
      preHandler: requireSession(portal),
      handler: async (request, reply) => {
        const session = sessionOf(request, portal);
        const key = request.sessionKey;
        if (!key) throw new HttpError(401, 'UNAUTHENTICATED', 'Sesión no iniciada o caducada.');
        const chosen = await chooseEmpresa(app.db, { session, key }, request.body.id, request.ip);
        if (chosen.rotated) {
          setSessionCookie(reply, chosen.rotated.cookieValue);
          issueCsrfCookie(request, reply, chosen.rotated.key);
        }
        reply.header('cache-control', 'no-store');
        return describeSession(app.db, chosen.session);
      },
    });
  }
};

export default authRoutes;
