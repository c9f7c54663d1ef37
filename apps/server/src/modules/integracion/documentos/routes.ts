import { ApiError } from '@extranet/contracts/common/error';
import {
  DocumentoErpParams,
  LoteCertificadosProveedor,
  LotePrevencionDocumentos,
  ProveedorErpParams,
  ResultadoCertificados,
} from '@extranet/contracts/integracion/documentos';
import { ResultadoPdf } from '@extranet/contracts/integracion/facturas';
import { IdempotencyHeaders, ResultadoLote } from '@extranet/contracts/integracion/integracion';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pdfIdempotencyOf, pdfRoute, registerPdfBody, storePdfBody } from '../facturas/pdf-body.js';
import { errors, guarded, send, sendIdempotent, V1 } from '../http.js';
import { idempotentWrite } from '../idempotency.js';
import {
  guardarPdfDocumento,
  upsertCertificadosProveedor,
  upsertPrevencionDocumentosLote,
} from './service.js';

/** Carrier documents from the ERP (issue 6): required certificates and prevention documents. */
const documentosIntegracionRoutes: FastifyPluginAsyncZod = async (app) => {
  registerPdfBody(app);

  app.put(
    `${V1}/proveedores/:erp_id/certificados`,
    {
      ...guarded('certificados:write'),
      schema: {
        tags: ['integracion'],
        summary:
          'Certificados exigidos a un proveedor (el conjunto completo), obligatoriedad y caducidad validada',
        security: [{ apiKey: [] }],
        params: ProveedorErpParams,
        headers: IdempotencyHeaders,
        body: LoteCertificadosProveedor,
        response: { 200: ResultadoCertificados, ...errors, 404: ApiError },
      },
    },
    (request, reply) =>
      sendIdempotent(request, reply, (trx) =>
        upsertCertificadosProveedor(trx, request.params.erp_id, request.body),
      ),
  );

  app.put(
    `${V1}/prevencion/documentos`,
    {
      ...guarded('prevencion:write'),
      schema: {
        tags: ['integracion'],
        summary:
          'Alta o actualización de documentos de prevención por su erp_id (lote de hasta 1000)',
        security: [{ apiKey: [] }],
        headers: IdempotencyHeaders,
        body: LotePrevencionDocumentos,
        response: { 200: ResultadoLote, ...errors },
      },
    },
    (request, reply) =>
      sendIdempotent(request, reply, (trx) => upsertPrevencionDocumentosLote(trx, request.body)),
  );

  const pdf = pdfRoute(app, 'prevencion:write');
  app.put(
    `${V1}/prevencion/documentos/:erp_id/pdf`,
    {
      ...pdf,
      schema: {
        ...pdf.schema,
        summary:
          'PDF de un documento de prevención por su erp_id: cuerpo application/pdf (un fichero distinto pide leerlo de nuevo)',
        params: DocumentoErpParams,
        response: { 200: ResultadoPdf, ...pdf.schema.response },
      },
    },
    async (request, reply) => {
      // Refused, the stored bytes stay for the orphan purge (decision 009).
      const upload = await storePdfBody(app, request.body);
      const answer = await idempotentWrite(app.db, pdfIdempotencyOf(request, upload), 200, (trx) =>
        guardarPdfDocumento(trx, request.params.erp_id, upload),
      );
      return send(reply, answer);
    },
  );
};

export default documentosIntegracionRoutes;
