import { AuthSession, anonymousSession } from '@extranet/contracts/auth/session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * Session state for the route guard (spec §4, §7 `GET /api/auth`). Until sign-in exists every
 * visitor is anonymous, which sends them to the login of their portal.
 */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/auth',
    {
      schema: {
        tags: ['auth'],
        summary: 'Estado de la sesión actual',
        response: { 200: AuthSession },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return anonymousSession;
    },
  );
};

export default authRoutes;
