import { upsertUsuarios } from '@extranet/contracts/integracion/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../../lib/endpoint-route.js';
import { guarded, idempotencyOf, send } from '../http.js';
import { idempotentWrite } from '../idempotency.js';
import { enviarInvitaciones, invitacionesDe, upsertUsuariosLote } from './service.js';

/** `PUT /api/integration/v1/usuarios`: portal users by the ERP's ids (issue 6). */
const usuariosIntegracionRoutes: FastifyPluginAsync = async (app) => {
  await registerEndpoint(app, upsertUsuarios, {
    ...guarded('usuarios:write'),
    handler: async (request, reply) => {
      const answer = await idempotentWrite(
        app.db,
        idempotencyOf(request, request.headers['idempotency-key']),
        200,
        (trx) => upsertUsuariosLote(trx, request.body),
      );
      // After the commit, and not on a replay: a retried call sends no second e-mail.
      if (!answer.replayed) await enviarInvitaciones(app, invitacionesDe(request.body));
      return send(reply, answer);
    },
  });
};

export default usuariosIntegracionRoutes;
