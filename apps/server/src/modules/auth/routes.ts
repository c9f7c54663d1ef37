import rateLimit from '@fastify/rate-limit';
import {
  ChooseClienteRequest,
  ChooseProveedorRequest,
  LoginRequest,
  LoginResponse,
} from '@extranet/contracts/auth/login';
import { AuthSession } from '@extranet/contracts/auth/session';
import { ApiError } from '@extranet/contracts/common/error';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Portal } from '../../db/database.js';
import { ensureCsrfCookie, issueCsrfCookie } from '../../plugins/csrf.js';
import { HttpError } from '../../lib/http-error.js';
import {
  clearSessionCookie,
  isHttps,
  requireSession,
  sessionOf,
  setSessionCookie,
} from '../../plugins/session.js';
import { REMEMBER_TOKEN_DAYS, chooseEmpresa, describeSession, login, logout } from './service.js';
import { RedisAttemptStore } from './throttle-redis.js';
import { LoginThrottle, MemoryAttemptStore, TooManyAttemptsError } from './throttle.js';
import { setPendingLoginCookie } from './totp-routes.js';

/**
 * Per-IP ceiling on the login calls of both portals together (docs/security.md), before any
 * per-account rule: one budget, so a second portal does not double it.
 */
export const LOGIN_PER_IP_PER_MINUTE = 30;

const paths = {
  clientes: { login: '/api/login', logout: '/api/logout', choose: '/api/clientes/cliente' },
  proveedores: {
    login: '/api/proveedores/login',
    logout: '/api/proveedores/logout',
    choose: '/api/proveedores/proveedor',
  },
} as const satisfies Record<Portal, Record<string, string>>;

/** HttpOnly remember-token cookie per portal, sent only to the API and never cross-site. */
export function rememberCookieName(portal: Portal): string {
  return `remember_${portal}`;
}

/** Sets the portal's remember-token cookie (also after the TOTP step, totp-routes.ts). */
export function setRememberCookie(reply: FastifyReply, portal: Portal, token: string): void {
  reply.setCookie(rememberCookieName(portal), token, {
    path: '/api',
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(reply.server.config),
    maxAge: REMEMBER_TOKEN_DAYS * 86_400,
  });
}

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

const errors = { 401: ApiError, 403: ApiError, 429: ApiError };

/**
 * Sign-in of both portals (spec §4, §7): login (and recovery), logout, the session state and
 * the choice of the active client or supplier. See docs/decisions/003.
 */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
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

  app.get(
    '/api/auth',
    {
      schema: {
        tags: ['auth'],
        summary: 'Estado de la sesión actual',
        response: { 200: AuthSession },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      ensureCsrfCookie(request, reply);
      return describeSession(app.db, request.session);
    },
  );

  for (const portal of ['clientes', 'proveedores'] as const) {
    const path = paths[portal];

    app.post(
      path.login,
      {
        onRequest: loginPerIp,
        schema: {
          tags: ['auth'],
          summary:
            portal === 'clientes'
              ? 'Login de clientes (o petición de nueva contraseña)'
              : 'Login de proveedores (o petición de nueva contraseña)',
          body: LoginRequest,
          response: { 200: LoginResponse, ...errors },
        },
      },
      async (request, reply) => {
        const result = await withRetryAfter(reply, () =>
          login(app, {
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
    );

    app.post(
      path.logout,
      {
        schema: {
          tags: ['auth'],
          summary: 'Cierra la sesión',
          response: { 204: z.null().describe('Sesión cerrada') },
        },
      },
      async (request, reply) => {
        await logout(app.db, currentSession(request), request.ip);
        clearSessionCookie(reply);
        issueCsrfCookie(request, reply, null);
        return reply.code(204).send(null);
      },
    );

    app.put(
      path.choose,
      {
        preHandler: requireSession(portal),
        schema: {
          tags: ['auth'],
          summary: portal === 'clientes' ? 'Elige el cliente activo' : 'Elige el proveedor activo',
          body: portal === 'clientes' ? ChooseClienteRequest : ChooseProveedorRequest,
          response: { 200: AuthSession, ...errors },
        },
      },
      async (request, reply) => {
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
    );
  }
};

export default authRoutes;
