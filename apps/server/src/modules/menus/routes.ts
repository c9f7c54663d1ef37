import { MenuResponse } from '@extranet/contracts/menus/menu';
import { ApiError } from '@extranet/contracts/common/error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, sessionOf } from '../../plugins/session.js';
import { menuOf } from './service.js';

/**
 * `GET /api/clientes/menu`, `/updatemenu` and the supplier ones (spec §7): the sections of
 * the session's user. Both read the database every time, so `updatemenu` (called after a
 * client is chosen) sees the current state; they differ only by name, as in the spec.
 */
const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const portal of ['clientes', 'proveedores'] as const) {
    for (const name of ['menu', 'updatemenu']) {
      app.get(
        `/api/${portal}/${name}`,
        {
          preHandler: requireSession(portal),
          schema: {
            tags: ['auth'],
            summary: `Menú del portal de ${portal}`,
            response: { 200: MenuResponse, 401: ApiError },
          },
        },
        async (request, reply) => {
          reply.header('cache-control', 'no-store');
          return menuOf(app.db, sessionOf(request, portal));
        },
      );
    }
  }
};

export default menuRoutes;
