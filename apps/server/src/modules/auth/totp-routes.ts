import {
  confirmTotpEnrolment,
  disableTotp as disableTotpEndpoint,
  enrolTotpDuringLogin,
  getTotpStatus,
  regenerateTotpRecoveryCodes,
  startTotpEnrolment,
  verifyLoginRecoveryCode,
  verifyLoginTotp,
} from '@extranet/contracts/auth/totp-endpoints';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.js';
import { HttpError } from '../../lib/http-error.js';
import { issueCsrfCookie } from '../../plugins/csrf.js';
import { requireAnySession, setSessionCookie } from '../../plugins/session.js';
import { clearPendingLoginCookie, setRememberCookie, TOTP_PENDING_COOKIE } from './cookies.js';
import { findUsuarioById, listClientesOfUsuario, listProveedoresOfUsuario } from './repository.js';
import { type AuthDeps, openLoginSession } from './service.js';
import {
  completePendingLogin,
  confirmEnrolment,
  disableTotp,
  enrolPendingLogin,
  regenerateRecoveryCodes,
  startEnrolment,
  totpStatus,
  type SecondFactorProof,
} from './totp.js';

function signedInSession(request: FastifyRequest) {
  const session = request.session;
  if (!session) throw new HttpError(401, 'UNAUTHENTICATED', 'Sesión no iniciada o caducada.');
  return session;
}

/** The code step (an authenticator or a recovery code): on success the session starts. */
async function finishLogin(
  deps: AuthDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  proof: SecondFactorProof,
) {
  const done = await completePendingLogin(
    deps,
    request.cookies[TOTP_PENDING_COOKIE],
    proof,
    request.ip,
  );
  clearPendingLoginCookie(reply);
  const usuario = await findUsuarioById(deps.db, done.usuarioId);
  if (!usuario) throw new HttpError(401, 'TOTP_PENDING_EXPIRED', 'Vuelva a iniciar sesión.');
  const result = await openLoginSession(deps, {
    usuario,
    portal: done.portal,
    ip: request.ip,
    clientes: done.portal === 'clientes' ? await listClientesOfUsuario(deps.db, usuario.id) : [],
    proveedores:
      done.portal === 'proveedores' ? await listProveedoresOfUsuario(deps.db, usuario.id) : [],
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
const totpRoutes: FastifyPluginAsync = async (app) => {
  const deps = { db: app.db, config: app.config };

  await registerEndpoint(app, verifyLoginTotp, {
    handler: async (request, reply) =>
      finishLogin(deps, request, reply, { tipo: 'totp', codigo: request.body.codigo }),
  });

  await registerEndpoint(app, verifyLoginRecoveryCode, {
    handler: async (request, reply) =>
      finishLogin(deps, request, reply, { tipo: 'recuperacion', codigo: request.body.codigo }),
  });

  await registerEndpoint(app, enrolTotpDuringLogin, {
    handler: async (request) => enrolPendingLogin(deps, request.cookies[TOTP_PENDING_COOKIE]),
  });

  await registerEndpoint(app, getTotpStatus, {
    handler: async (request) => totpStatus(deps, signedInSession(request)),
  });

  await registerEndpoint(app, startTotpEnrolment, {
    preHandler: requireAnySession,
    handler: async (request) => startEnrolment(deps, signedInSession(request)),
  });

  await registerEndpoint(app, confirmTotpEnrolment, {
    preHandler: requireAnySession,
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return confirmEnrolment(deps, signedInSession(request), request.body.codigo, request.ip);
    },
  });

  await registerEndpoint(app, regenerateTotpRecoveryCodes, {
    preHandler: requireAnySession,
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return regenerateRecoveryCodes(
        deps,
        signedInSession(request),
        request.body.codigo,
        request.ip,
      );
    },
  });

  await registerEndpoint(app, disableTotpEndpoint, {
    preHandler: requireAnySession,
    handler: async (request, reply) => {
      await disableTotp(deps, signedInSession(request), request.body.codigo, request.ip);
      return reply.code(204).send(null);
    },
  });
};

export default totpRoutes;
