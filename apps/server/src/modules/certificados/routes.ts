import {
  CertificadosBloqueo,
  CertificadosList,
} from '@extranet/contracts/certificados/certificado';
import { ApiError } from '@extranet/contracts/common/error';
import { supplierResources } from '@extranet/contracts/menus/menu';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireProveedor, requireResource } from '../../plugins/session.js';
import { receiveUpload } from '../archivos/upload.js';
import { proveedorActorOf } from '../../plugins/actor.js';
import { estadoBloqueo, listCertificadosProveedor, subirCertificado } from './service.js';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError };

/** The carrier's certificates: status per type, new versions, and the block warning. */
const certificadosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/proveedores/certificados',
    {
      preHandler: [requireProveedor, requireResource(supplierResources.certificados)],
      schema: {
        tags: ['certificados'],
        summary: 'Certificados por tipo: vigente, caduca en 30 días, caducado o falta',
        response: { 200: CertificadosList, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listCertificadosProveedor(app.db, proveedorActorOf(request).proveedorId);
    },
  );

  app.get(
    '/api/proveedores/certificados/estado',
    {
      // Every supplier page shows the warning, so any supplier session may ask.
      preHandler: requireProveedor,
      schema: {
        tags: ['certificados'],
        summary: 'Si un certificado obligatorio caducado bloquea las ofertas, y por qué',
        response: { 200: CertificadosBloqueo, 401: ApiError, 403: ApiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return estadoBloqueo(app.db, proveedorActorOf(request).proveedorId);
    },
  );

  app.post(
    '/api/proveedores/certificados',
    {
      preHandler: [requireProveedor, requireResource(supplierResources.certificados)],
      schema: {
        tags: ['certificados'],
        summary:
          'Sube una nueva versión de un certificado (campos tipo, descripcion?, fecha_emision?, fecha_caducidad; después el PDF, JPEG o PNG)',
        consumes: ['multipart/form-data'],
        response: { 201: CertificadosList, ...errors, 413: ApiError, 415: ApiError },
      },
    },
    async (request, reply) => {
      const { file, fields } = await receiveUpload(request, { accept: ['pdf', 'jpeg', 'png'] });
      const list = await subirCertificado(
        { db: app.db, storage: app.storage, log: request.log },
        proveedorActorOf(request),
        file,
        fields,
      );
      return reply.code(201).send(list);
    },
  );
};

export default certificadosRoutes;
