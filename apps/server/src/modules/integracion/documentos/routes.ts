import {
  replaceCertificadosProveedor,
  uploadPrevencionDocumentoPdf,
  upsertPrevencionDocumentos,
} from '@extranet/contracts/integracion/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../../lib/endpoint-route.js';
import { pdfIdempotencyOf, pdfRoute, registerPdfBody, storePdfBody } from '../facturas/pdf-body.js';
import { guarded, send, sendIdempotent } from '../http.js';
import { idempotentWrite } from '../idempotency.js';
import {
  guardarPdfDocumento,
  upsertCertificadosProveedor,
  upsertPrevencionDocumentosLote,
} from './service.js';

/** Carrier documents from the ERP (issue 6): required certificates and prevention documents. */
const documentosIntegracionRoutes: FastifyPluginAsync = async (app) => {
  registerPdfBody(app);

  await registerEndpoint(app, replaceCertificadosProveedor, {
    ...guarded('certificados:write'),
    handler: (request, reply) =>
      sendIdempotent(request, reply, (trx) =>
        upsertCertificadosProveedor(trx, request.params.erp_id, request.body),
      ),
  });

  await registerEndpoint(app, upsertPrevencionDocumentos, {
    ...guarded('prevencion:write'),
    handler: (request, reply) =>
      sendIdempotent(request, reply, (trx) => upsertPrevencionDocumentosLote(trx, request.body)),
  });

  await registerEndpoint(app, uploadPrevencionDocumentoPdf, {
    ...pdfRoute(app, 'prevencion:write'),
    handler: async (request, reply) => {
      // Refused, the stored bytes stay for the orphan purge (decision 009).
      const upload = await storePdfBody(app, request.body);
      const answer = await idempotentWrite(app.db, pdfIdempotencyOf(request, upload), 200, (trx) =>
        guardarPdfDocumento(trx, request.params.erp_id, upload),
      );
      return send(reply, answer);
    },
  });
};

export default documentosIntegracionRoutes;
