import {
  FacturaClaveParams,
  LoteFacturas,
  ResultadoPdf,
} from '@extranet/contracts/integracion/facturas';
import { IdempotencyHeaders, ResultadoLote } from '@extranet/contracts/integracion/integracion';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors, guarded, send, sendIdempotent, V1 } from '../http.js';
import { idempotentWrite } from '../idempotency.js';
import { pdfIdempotencyOf, pdfRoute, registerPdfBody, storePdfBody } from './pdf-body.js';
import { guardarPdfFactura, upsertFacturasLote } from './service.js';

/** Customer invoices from the ERP (issue 6): batch upsert and the ERP's own PDF. */
const facturasIntegracionRoutes: FastifyPluginAsyncZod = async (app) => {
  registerPdfBody(app);

  app.put(
    `${V1}/facturas`,
    {
      ...guarded('facturas:write'),
      schema: {
        tags: ['integracion'],
        summary:
          'Alta o actualización de facturas de cliente por serie y número, con sus líneas (lote de hasta 1000)',
        security: [{ apiKey: [] }],
        headers: IdempotencyHeaders,
        body: LoteFacturas,
        response: { 200: ResultadoLote, ...errors },
      },
    },
    (request, reply) =>
      sendIdempotent(request, reply, (trx) => upsertFacturasLote(trx, request.body)),
  );

  const pdf = pdfRoute(app, 'facturas:write');
  app.put(
    `${V1}/facturas/:clave/pdf`,
    {
      ...pdf,
      schema: {
        ...pdf.schema,
        summary:
          'PDF propio del ERP de una factura ({serie}-{numero}): cuerpo application/pdf; el cliente lo descargará tal cual',
        params: FacturaClaveParams,
        response: { 200: ResultadoPdf, ...pdf.schema.response },
      },
    },
    async (request, reply) => {
      // Refused, the stored bytes stay for the orphan purge (decision 009).
      const upload = await storePdfBody(app, request.body);
      const answer = await idempotentWrite(app.db, pdfIdempotencyOf(request, upload), 200, (trx) =>
        guardarPdfFactura(trx, request.params.clave, upload),
      );
      return send(reply, answer);
    },
  );
};

export default facturasIntegracionRoutes;
