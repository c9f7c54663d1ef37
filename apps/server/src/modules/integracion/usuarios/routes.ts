import { IdempotencyHeaders, ResultadoLote } from '@extranet/contracts/integracion/integracion';
import { LoteUsuarios } from '@extranet/contracts/integracion/usuarios';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors, guarded, idempotencyOf, send, V1 } from '../http.js';
import { idempotentWrite } from '../idempotency.js';
import { enviarInvitaciones, invitacionesDe, upsertUsuariosLote } from './service.js';

/** `PUT /api/integration/v1/usuarios`: portal users by the ERP's ids (issue 6). */
const usuariosIntegracionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    `${V1}/usuarios`,
    {
      ...guarded('usuarios:write'),
      schema: {
        tags: ['integracion'],
        summary:
          'Alta o actualización de usuarios por su erp_id, con sus clientes, proveedores y recursos (lote de hasta 1000)',
        description:
          'Los vínculos y recursos de cada usuario se sustituyen por los enviados. Un usuario nuevo no tiene contraseña: ' +
          'con `invitar: true` recibe el correo de recuperación para elegirla. `activo: false` cierra sus sesiones.',
        security: [{ apiKey: [] }],
        headers: IdempotencyHeaders,
        body: LoteUsuarios,
        response: { 200: ResultadoLote, ...errors },
      },
    },
    async (request, reply) => {
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
  );
};

export default usuariosIntegracionRoutes;
