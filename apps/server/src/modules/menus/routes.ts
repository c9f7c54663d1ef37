import { menuByPortal } from '@extranet/contracts/menus/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.js';
import { requireSession, sessionOf } from '../../plugins/session.js';
import { menuOf } from './service.js';

/**
 * `GET /api/clientes/menu`, `/updatemenu` and the supplier ones (spec §7): the sections of
 * the session's user. Both read the database every time, so `updatemenu` (called after a
 * client is chosen) sees the current state; they differ only by name, as in the spec.
 */
const menuRoutes: FastifyPluginAsync = async (app) => {
  for (const portal of ['clientes', 'proveedores'] as const) {
    for (const definition of [menuByPortal.menu[portal], menuByPortal.updatemenu[portal]]) {
      await registerEndpoint(app, definition, {
        preHandler: requireSession(portal),
        handler: async (request) => menuOf(app.db, sessionOf(request, portal)),
      });
    }
  }
};

export default menuRoutes;
