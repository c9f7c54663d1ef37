import {
  PASSWORD_MAX_LENGTH,
  PasswordResetCheckRequest,
  PasswordResetCheckResponse,
  PasswordResetRequest,
} from '@extranet/contracts/auth/login';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkResetToken, resetPassword } from './service.js';

/**
 * The page of a recovery link (`/nueva-clave#token`) calls these. The length rule is left to
 * the service, so a short password gets its WEAK_PASSWORD message rather than a generic 400.
 */
const ResetBody = PasswordResetRequest.extend({ clave: z.string().max(PASSWORD_MAX_LENGTH * 4) });

const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/password-reset/check',
    {
      schema: {
        tags: ['auth'],
        summary: 'Comprueba si un enlace de recuperación de contraseña sigue siendo válido',
        body: PasswordResetCheckRequest,
        response: { 200: PasswordResetCheckResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return checkResetToken(app, request.body.token);
    },
  );

  app.post(
    '/api/password-reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Establece una contraseña nueva con un enlace de recuperación',
        body: ResetBody,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await resetPassword(app, { ...request.body, ip: request.ip });
      return reply.code(204).send(null);
    },
  );
};

export default passwordResetRoutes;
