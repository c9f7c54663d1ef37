import { ApiError } from '@extranet/contracts/common/error';
import { supplierResources } from '@extranet/contracts/menus/menu';
import {
  AlbaranesPendientesPage,
  DocumentosPendientesQuery,
  SubpartidaIdParams,
  TransportesSinFacturaPage,
} from '@extranet/contracts/transportes/documentos-pendientes';
import {
  SubpartidaDetalle,
  TransporteDetalle,
  TransporteIdParams,
  TransportesExportQuery,
  TransportesPage,
  TransportesQuery,
} from '@extranet/contracts/transportes/transporte';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { proveedorActorOf } from '../../plugins/actor.js';
import { requireProveedor, requireResource } from '../../plugins/session.js';
import { receiveUpload } from '../../storage/receive-upload.js';
import {
  assertCmrUploadable,
  exportHistorialCsv,
  getTransporte,
  listAlbaranes,
  listHistorial,
  listTransportesSinFactura,
  subirCmr,
} from './service.js';

const guard = (recurso: string) => [requireProveedor, requireResource(recurso)];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError };
/** What the storage layer answers to a refused file. */
const uploadErrors = { ...errors, 404: ApiError, 409: ApiError, 413: ApiError, 415: ApiError };

/**
 * Transport history, its CSV export and the two upload lists of the supplier portal (issue 4).
 * Every handler passes the session's carrier to the service; the repository filters by it.
 */
const transportesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/proveedores/transportes',
    {
      preHandler: guard(supplierResources.transportes),
      schema: {
        tags: ['transportes'],
        summary:
          'Histórico de transportes (filtros por fechas, id y estado; paginación por cursor)',
        querystring: TransportesQuery,
        response: { 200: TransportesPage, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listHistorial(app.db, proveedorActorOf(request).proveedorId, request.query);
    },
  );

  app.get(
    '/api/proveedores/transportes/export.csv',
    {
      preHandler: guard(supplierResources.transportes),
      schema: {
        tags: ['transportes'],
        summary: 'Exporta a CSV (Excel) todo el histórico filtrado',
        produces: ['text/csv'],
        querystring: TransportesExportQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const stream = exportHistorialCsv(
        app.db,
        proveedorActorOf(request).proveedorId,
        request.query,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="transportes.csv"')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream as never); // a stream, not a JSON body: the serializer is bypassed
    },
  );

  app.get(
    '/api/proveedores/transportes/:id',
    {
      preHandler: guard(supplierResources.transportes),
      schema: {
        tags: ['transportes'],
        summary: 'Detalle de un transporte con sus subpartidas y albaranes',
        params: TransporteIdParams,
        response: { 200: TransporteDetalle, ...errors, 404: ApiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getTransporte(app.db, proveedorActorOf(request).proveedorId, request.params.id);
    },
  );

  app.get(
    '/api/proveedores/albaranes-pendientes',
    {
      preHandler: guard(supplierResources.transportes),
      schema: {
        tags: ['transportes'],
        summary: 'Transportes con subpartidas sin albarán (CMR), con esas subpartidas',
        querystring: DocumentosPendientesQuery,
        response: { 200: AlbaranesPendientesPage, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listAlbaranes(app.db, proveedorActorOf(request).proveedorId, request.query);
    },
  );

  app.post(
    '/api/proveedores/subpartidas/:id/cmr',
    {
      preHandler: guard(supplierResources.transportes),
      schema: {
        tags: ['transportes'],
        summary: 'Sube el albarán (CMR) de una subpartida: PDF, JPEG o PNG',
        consumes: ['multipart/form-data'],
        params: SubpartidaIdParams,
        response: { 201: SubpartidaDetalle, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const actor = proveedorActorOf(request);
      // Refuse before reading the body: nothing is stored for someone else's leg.
      await assertCmrUploadable(app.db, actor.proveedorId, request.params.id);
      const { file } = await receiveUpload(request, { accept: ['pdf', 'jpeg', 'png'] });
      const leg = await subirCmr(
        { db: app.db, storage: app.storage, log: request.log },
        actor,
        request.params.id,
        file,
      );
      return reply.code(201).send(leg);
    },
  );

  app.get(
    '/api/proveedores/transportes-sin-factura',
    {
      preHandler: guard(supplierResources.facturas),
      schema: {
        tags: ['facturas-proveedor'],
        summary: 'Transportes entregados que aún no cubre ninguna factura del transportista',
        querystring: DocumentosPendientesQuery,
        response: { 200: TransportesSinFacturaPage, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listTransportesSinFactura(
        app.db,
        proveedorActorOf(request).proveedorId,
        request.query,
      );
    },
  );
};

export default transportesRoutes;
