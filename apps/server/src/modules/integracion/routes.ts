import {
  upsertClientes,
  upsertParadas,
  upsertPortes,
  upsertProveedores,
} from '@extranet/contracts/integracion/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.js';
import { guarded, sendIdempotent } from './http.js';
import { upsertEmpresasLote, upsertParadasLote, upsertPortesLote } from './service.js';
import cargasIntegracionRoutes from './cargas/routes.js';
import novedadesRoutes from './novedades/routes.js';
import transportesIntegracionRoutes from './transportes/routes.js';
import usuariosIntegracionRoutes from './usuarios/routes.js';
import facturasIntegracionRoutes from './facturas/routes.js';
import documentosIntegracionRoutes from './documentos/routes.js';

/**
 * ERP integration API v1 (issue 6): batch upserts by the ERP's own ids, authenticated by API
 * keys (plugins/integration-auth.ts), each batch all-or-nothing in one transaction and
 * idempotent with the `Idempotency-Key` header. Definitions in `contracts/integracion/endpoints`.
 */
const integracionRoutes: FastifyPluginAsync = async (app) => {
  for (const [definition, tabla] of [
    [upsertClientes, 'clientes'],
    [upsertProveedores, 'proveedores'],
  ] as const) {
    await registerEndpoint(app, definition, {
      ...guarded(`${tabla}:write`),
      handler: (request, reply) =>
        sendIdempotent(request, reply, (trx) => upsertEmpresasLote(trx, tabla, request.body)),
    });
  }

  await registerEndpoint(app, upsertPortes, {
    ...guarded('portes:write'),
    handler: (request, reply) =>
      sendIdempotent(request, reply, (trx) => upsertPortesLote(trx, request.body)),
  });

  await registerEndpoint(app, upsertParadas, {
    ...guarded('portes:write'),
    handler: (request, reply) =>
      sendIdempotent(request, reply, (trx) =>
        upsertParadasLote(trx, request.params.partida, request.body),
      ),
  });

  await app.register(usuariosIntegracionRoutes);
  await app.register(novedadesRoutes);
  await app.register(facturasIntegracionRoutes);
  await app.register(documentosIntegracionRoutes);
  await app.register(cargasIntegracionRoutes);
  await app.register(transportesIntegracionRoutes);
};

export default integracionRoutes;
