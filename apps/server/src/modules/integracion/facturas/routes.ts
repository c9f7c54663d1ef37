import { uploadFacturaPdf, upsertFacturas } from '@extranet/contracts/integracion/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../../lib/endpoint-route.js';
import { guarded, send, sendIdempotent } from '../http.js';
import { idempotentWrite } from '../idempotency.js';
import { pdfIdempotencyOf, pdfRoute, registerPdfBody, storePdfBody } from './pdf-body.js';
import { guardarPdfFactura, upsertFacturasLote } from './service.js';

/** Customer invoices from the ERP (issue 6): batch upsert and the ERP's own PDF. */
const facturasIntegracionRoutes: FastifyPluginAsync = async (app) => {
  registerPdfBody(app);

  await registerEndpoint(app, upsertFacturas, {
    ...guarded('facturas:write'),
    handler: (request, reply) =>
      sendIdempotent(request, reply, (trx) => upsertFacturasLote(trx, request.body)),
  });

  await registerEndpoint(app, uploadFacturaPdf, {
    ...pdfRoute(app, 'facturas:write'),
    handler: async (request, reply) => {
      // Refused, the stored bytes stay for the orphan purge (decision 009).
      const upload = await storePdfBody(app, request.body);
      const answer = await idempotentWrite(app.db, pdfIdempotencyOf(request, upload), 200, (trx) =>
        guardarPdfFactura(trx, request.params.clave, upload),
      );
      return send(reply, answer);
    },
  });
};

export default facturasIntegracionRoutes;
