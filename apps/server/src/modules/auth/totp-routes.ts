import { LoginResponse } from '@extranet/contracts/auth/login';
import {
  RecoveryCodeRequest,
  TotpCodeRequest,
  TotpEnrolment,
  TotpRecoveryCodes,
  TotpStatus,
} from '@extranet/contracts/auth/totp';
import { ApiError } from '@extranet/contracts/common/error';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { issueCsrfCookie } from '../../plugins/csrf.js';
import { HttpError } from '../../lib/http-error.js';
import { isHttps, requireAnySession, setSessionCookie } from '../../plugins/session.js';
import { findUsuarioById, listClientesOfUsuario, listProveedoresOfUsuario } from './repository.js';
import { setRememberCookie } from './routes.js';
import { openLoginSession } from './service.js';
import {
  PENDING_LOGIN_MINUTES,
  completePendingLogin,
  confirmEnrolment,
  disableTotp,
  enrolPendingLogin,
  regenerateRecoveryCodes,
  startEnrolment,
  totpStatus,
  type SecondFactorProof,
} from './totp.js';

/** HttpOnly cookie of a login waiting for its TOTP code; only its hash is stored. */
export const TOTP_PENDING_COOKIE = 'totp_pendiente';
const PENDING_PATH = '/api/auth/totp';

/** Sets the pending-login cookie after a right password (auth routes). */
export function setPendingLoginCookie(reply: FastifyReply, value: string): void {
  reply.setCookie(TOTP_PENDING_COOKIE, value, {
    path: PENDING_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(reply.server.config),
    maxAge: PENDING_LOGIN_MINUTES * 60,
  });
}

function clearPendingLoginCookie(reply: FastifyReply): void {
  reply.clearCookie(TOTP_PENDING_COOKIE, { path: PENDING_PATH });
}

function signedInSession(request: FastifyRequest) {
  const session = request.session;
  if (!session) throw new HttpError(401, 'UNAUTHENTICATED', 'Sesión no iniciada o caducada.');
  return session;
}

const errors = { 401: ApiError, 403: ApiError, 409: ApiError, 429: ApiError };

/** The code step (an authenticator or a recovery code): on success the session starts. */
async function finishLogin(request: FastifyRequest, reply: FastifyReply, proof: SecondFactorProof) {
  const app = request.server;
  const done = await completePendingLogin(
    app,
    request.cookies[TOTP_PENDING_COOKIE],
    proof,
    request.ip,
  );
  clearPendingLoginCookie(reply);
  const usuario = await findUsuarioById(app.db, done.usuarioId);
  if (!usuario) throw new HttpError(401, 'TOTP_PENDING_EXPIRED', 'Vuelva a iniciar sesión.');
  const result = await openLoginSession(app, {
    usuario,
    portal: done.portal,
    ip: request.ip,
    clientes: done.portal === 'clientes' ? await listClientesOfUsuario(app.db, usuario.id) : [],
    proveedores:
      done.portal === 'proveedores' ? await listProveedoresOfUsuario(app.db, usuario.id) : [],
    rememberTokenId: done.rememberTokenId ?? undefined,
    previousSessionKey: request.sessionKey,
    typedEmail: usuario.email,
  });
  setSessionCookie(reply, result.sessionCookie);
  setRememberCookie(reply, done.portal, result.rememberToken);
  issueCsrfCookie(request, reply, result.sessionKey);
  reply.header('cache-control', 'no-store');
  return done.codigosRecuperacion
    ? { ...result.response, codigosRecuperacion: done.codigosRecuperacion }
    : result.response;
}

/**
 * The optional TOTP second factor (issue 7): the login step after the password, and the
 * user's own section to enrol or disable it. Access-link sessions have no user: 403.
 */
const totpRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/totp',
    {
      schema: {
        tags: ['auth'],
        summary: 'Segundo paso del login: el código de la aplicación de autenticación',
        body: TotpCodeRequest,
        response: { 200: LoginResponse, ...errors },
      },
    },
    async (request, reply) =>
      finishLogin(request, reply, { tipo: 'totp', codigo: request.body.codigo }),
  );

  app.post(
    '/api/auth/totp/codigo-recuperacion',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Segundo paso del login con un código de recuperación (un solo uso) en lugar del de la aplicación',
        body: RecoveryCodeRequest,
        response: { 200: LoginResponse, ...errors },
      },
    },
    async (request, reply) =>
      finishLogin(request, reply, { tipo: 'recuperacion', codigo: request.body.codigo }),
  );

  app.post(
    '/api/auth/totp/alta',
    {
      schema: {
        tags: ['auth'],
        summary: 'Alta obligatoria del segundo factor durante el login: secreto y código QR',
        response: { 200: TotpEnrolment, ...errors },
      },
    },
    async (request) => enrolPendingLogin(app, request.cookies[TOTP_PENDING_COOKIE]),
  );

  app.get(
    '/api/totp',
    {
      schema: {
        tags: ['auth'],
        summary: 'Estado del segundo factor (TOTP) del usuario',
        response: { 200: TotpStatus, ...errors },
      },
    },
    async (request) => totpStatus(app, signedInSession(request)),
  );

  app.post(
    '/api/totp/alta',
    {
      preHandler: requireAnySession,
      schema: {
        tags: ['auth'],
        summary: 'Empieza el alta del segundo factor: secreto y código QR (se muestran una vez)',
        response: { 200: TotpEnrolment, ...errors },
      },
    },
    async (request) => startEnrolment(app, signedInSession(request)),
  );

  app.post(
    '/api/totp/confirmar',
    {
      preHandler: requireAnySession,
      schema: {
        tags: ['auth'],
        summary:
          'Confirma el alta del segundo factor con el primer código; devuelve los códigos de recuperación (se muestran una vez)',
        body: TotpCodeRequest,
        response: { 200: TotpRecoveryCodes, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return confirmEnrolment(app, signedInSession(request), request.body.codigo, request.ip);
    },
  );

  app.post(
    '/api/totp/codigos-recuperacion',
    {
      preHandler: requireAnySession,
      schema: {
        tags: ['auth'],
        summary:
          'Genera nuevos códigos de recuperación con un código válido; los anteriores dejan de servir',
        body: TotpCodeRequest,
        response: { 200: TotpRecoveryCodes, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return regenerateRecoveryCodes(
        app,
        signedInSession(request),
        request.body.codigo,
        request.ip,
      );
    },
  );

  app.post(
    '/api/totp/desactivar',
    {
      preHandler: requireAnySession,
      schema: {
        tags: ['auth'],
        summary: 'Desactiva el segundo factor con un código válido',
        body: TotpCodeRequest,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await disableTotp(app, signedInSession(request), request.body.codigo, request.ip);
      return reply.code(204).send(null);
    },
  );
};

export default totpRoutes;
