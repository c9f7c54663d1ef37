import {
  checkPasswordReset,
  resetPassword as resetPasswordEndpoint,
} from '@extranet/contracts/auth/password-reset-endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.js';
import { checkResetToken, resetPassword } from './service.js';

/**
 * The page of a recovery link (`/nueva-clave#token`) calls these. The length rule is left to
 * the service (the contract's `PasswordResetBody`), so a short password gets its WEAK_PASSWORD
 * message rather than a generic 400.
 */
const passwordResetRoutes: FastifyPluginAsync = async (app) => {
  const deps = { db: app.db };

  await registerEndpoint(app, checkPasswordReset, {
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return checkResetToken(deps, request.body.token);
    },
  });

  await registerEndpoint(app, resetPasswordEndpoint, {
    handler: async (request, reply) => {
      await resetPassword(deps, { ...request.body, ip: request.ip });
      return reply.code(204).send(null);
    },
  });
};

export default passwordResetRoutes;
