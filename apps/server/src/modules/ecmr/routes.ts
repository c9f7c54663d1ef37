import rateLimit from '@fastify/rate-limit';
import {
  createEcmr,
  createEcmrInvitacion,
  downloadEcmrPdf,
  downloadEcmrPdfCliente,
  downloadEcmrPdfIntegracion,
  getEcmr,
  getEcmrClavePublica,
  getEcmrConductor,
  getEcmrDiferencias,
  getEcmrEnvio,
  getEcmrIntegracion,
  getEcmrParaFirmar,
  listEcmrVersiones,
  redeemEcmrCodigo,
  signEcmrConductor,
  signEcmrEnvio,
  signEcmrRemoto,
  updateEcmr,
  uploadEcmrFotoConductor,
  uploadEcmrFotoEnvio,
  uploadEcmrFotoRemota,
  verifyEcmr,
} from '@extranet/contracts/ecmr/endpoints';
import { customerResources, supplierResources } from '@extranet/contracts/menus/menu';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error.js';
import { registerEndpoint } from '../../lib/endpoint-route.js';
import { clienteActorOf, proveedorActorOf } from '../../plugins/actor.js';
import { requireScope } from '../../plugins/integration-auth.js';
import { requireProveedor, requireResource } from '../../plugins/session.js';
import { contentDisposition } from '../archivos/send-file.js';
import { receiveUpload } from '../archivos/upload.js';
import { TooManyAttemptsError } from '../auth/throttle.js';
import { enlaceDelToken } from '../conductor/service.js';
import { enlaceParaFirmar } from '../envio/service.js';
import { guardarCmrDeEntrega, guardarFotoReserva, nombrePdf, pdfDeEcmr } from './documento.js';
import { findSubpartidaDelTransporte } from '../conductor/repository.js';
import { findEcmr, findEcmrFirmadoDelCliente, type EcmrRow } from './repository.js';
import {
  canjearCodigo,
  clavePublica,
  crearEcmr,
  crearInvitacion,
  detalleDe,
  diferenciasEcmr,
  ecmrDelProveedor,
  ecmrFirmado,
  editarEcmr,
  entregaPendiente,
  firmarEcmr,
  firmarPorEnlaceEnvio,
  firmarRemoto,
  getEcmr as getEcmrDetalle,
  invitacionDelToken,
  listVersionesEcmr,
  paraFirmar,
  verificarEcmr,
  type EcmrDeps,
} from './service.js';

const guard = [requireProveedor, requireResource(supplierResources.transportes)];

/** Calls per minute and client address on the public e-CMR endpoints. */
export const LIMITE_ECMR_POR_MINUTO = {
  lectura: 60,
  firma: 20,
  subida: 20,
  /** Typing codes: low enough that guessing one (31⁸ of them) is hopeless. */
  codigo: 10,
  verificacion: 30,
} as const;

const limite = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

function depsOf(app: FastifyInstance): EcmrDeps {
  return { db: app.db, sello: app.ecmrSello, publicUrl: app.config.publicUrl };
}

function dispositivo(request: FastifyRequest): string | null {
  return request.headers['user-agent'] ?? null;
}

function sendPdf(reply: FastifyReply, ecmr: EcmrRow, bytes: Buffer) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', contentDisposition(nombrePdf(ecmr)))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(bytes);
}

/** No referrer and no caching on pages whose URL or answer carries a capability. */
function privado(reply: FastifyReply) {
  reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
}

/**
 * The e-CMR (issue 18): the carrier's note, the driver link's signatures, contactless signing,
 * the public verification and key, and the ERP's copy.
 */
const ecmrRoutes: FastifyPluginAsync = async (app) => {
  await app.register(rateLimit, {
    global: false,
    ...(app.redis ? { redis: app.redis, nameSpace: 'extranet:limite-ecmr:' } : {}),
    errorResponseBuilder: (_request, context) =>
      new TooManyAttemptsError(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
  const deps = depsOf(app);

  /** After a signature: a delivered note becomes the leg's CMR (logged, never fails the call). */
  const trasFirmar = async (request: FastifyRequest, ecmr: EcmrRow) => {
    if (ecmr.estado !== 'entregada' && ecmr.estado !== 'con_reservas') return;
    await guardarCmrDeEntrega({ ...deps, storage: app.storage, log: request.log }, ecmr.id).catch(
      (error: unknown) =>
        request.log.error({ err: error, ecmrId: ecmr.id }, 'e-CMR: CMR not stored'),
    );
  };

  // The carrier (session).
  await registerEndpoint(app, createEcmr, {
    preHandler: guard,
    handler: async (request, reply) => {
      const actor = proveedorActorOf(request);
      const ecmr = await crearEcmr(deps, actor.proveedorId, request.params.id, actor.usuarioId);
      return reply.code(201).send(await detalleDe(deps, ecmr));
    },
  });
  await registerEndpoint(app, getEcmr, {
    preHandler: guard,
    handler: (request) =>
      getEcmrDetalle(deps, proveedorActorOf(request).proveedorId, request.params.id),
  });
  await registerEndpoint(app, updateEcmr, {
    preHandler: guard,
    handler: (request) => {
      const actor = proveedorActorOf(request);
      return editarEcmr(
        deps,
        actor.proveedorId,
        actor.usuarioId,
        actor.ip,
        request.params.id,
        request.body,
      );
    },
  });
  await registerEndpoint(app, listEcmrVersiones, {
    preHandler: guard,
    handler: (request) =>
      listVersionesEcmr(deps, proveedorActorOf(request).proveedorId, request.params.id),
  });
  await registerEndpoint(app, getEcmrDiferencias, {
    preHandler: guard,
    handler: (request) =>
      diferenciasEcmr(
        deps,
        proveedorActorOf(request).proveedorId,
        request.params.id,
        request.query.desde,
        request.query.hasta,
      ),
  });
  await registerEndpoint(app, downloadEcmrPdf, {
    preHandler: guard,
    handler: async (request, reply) => {
      const ecmr = await ecmrDelProveedor(
        app.db,
        proveedorActorOf(request).proveedorId,
        request.params.id,
      );
      return sendPdf(reply, ecmr, await pdfDeEcmr(deps, ecmr));
    },
  });

  // The customer (session): the signed note of a leg of an own shipment, from the tracking.
  await registerEndpoint(app, downloadEcmrPdfCliente, {
    preHandler: requireResource(customerResources.tracking),
    handler: async (request, reply) => {
      const ecmr = await findEcmrFirmadoDelCliente(
        app.db,
        clienteActorOf(request).clienteId,
        request.params.partida,
        request.params.subpartidaId,
      );
      if (!ecmr) throw new HttpError(404, 'NOT_FOUND', 'e-CMR no encontrado.');
      return sendPdf(reply, ecmr, await pdfDeEcmr(deps, ecmr));
    },
  });

  // The driver's phone (the link's token).
  const ecmrDelConductor = async (token: string, subpartidaId: number) => {
    const enlace = await enlaceDelToken(app.db, token);
    if (!(await findSubpartidaDelTransporte(app.db, enlace.transporte_id, subpartidaId))) {
      throw new HttpError(404, 'NOT_FOUND', 'Subpartida no encontrada.');
    }
    return crearEcmr(deps, enlace.proveedor_id, subpartidaId, null, { existente: true });
  };
  await registerEndpoint(app, getEcmrConductor, {
    config: limite(LIMITE_ECMR_POR_MINUTO.lectura),
    handler: async (request, reply) => {
      privado(reply);
      const ecmr = await ecmrDelConductor(request.params.token, request.params.subpartidaId);
      return detalleDe(deps, ecmr);
    },
  });
  await registerEndpoint(app, signEcmrConductor, {
    config: limite(LIMITE_ECMR_POR_MINUTO.firma),
    handler: async (request, reply) => {
      const ecmr = await ecmrDelConductor(request.params.token, request.params.subpartidaId);
      const { rol, ...firma } = request.body;
      const firmado = await firmarEcmr(
        deps,
        ecmr.id,
        { rol, canal: 'movil_conductor', dispositivo: dispositivo(request) },
        firma,
      );
      await trasFirmar(request, firmado);
      return reply.code(201).send(await detalleDe(deps, firmado));
    },
  });
  await registerEndpoint(app, uploadEcmrFotoConductor, {
    config: limite(LIMITE_ECMR_POR_MINUTO.subida),
    handler: async (request, reply) => {
      // Refuse before reading the body: nothing is stored for a dead link.
      const ecmr = await ecmrDelConductor(request.params.token, request.params.subpartidaId);
      const { file } = await receiveUpload(request, { accept: ['jpeg', 'png'] });
      return reply.code(201).send(await guardarFotoReserva(deps, ecmr, file));
    },
  });
  await registerEndpoint(app, createEcmrInvitacion, {
    config: limite(LIMITE_ECMR_POR_MINUTO.firma),
    handler: async (request, reply) => {
      privado(reply);
      const ecmr = await ecmrDelConductor(request.params.token, request.params.subpartidaId);
      return reply.code(201).send(await crearInvitacion(deps, ecmr, request.body));
    },
  });

  // The contactless signer's own device.
  await registerEndpoint(app, redeemEcmrCodigo, {
    config: limite(LIMITE_ECMR_POR_MINUTO.codigo),
    handler: async (request, reply) => {
      privado(reply);
      return canjearCodigo(deps, request.body.codigo);
    },
  });
  await registerEndpoint(app, getEcmrParaFirmar, {
    config: limite(LIMITE_ECMR_POR_MINUTO.lectura),
    handler: async (request, reply) => {
      privado(reply);
      const { invitacion, ecmr } = await invitacionDelToken(deps, request.params.token);
      return paraFirmar(deps, invitacion, ecmr);
    },
  });
  await registerEndpoint(app, uploadEcmrFotoRemota, {
    config: limite(LIMITE_ECMR_POR_MINUTO.subida),
    handler: async (request, reply) => {
      const { invitacion, ecmr } = await invitacionDelToken(deps, request.params.token);
      if (invitacion.rol !== 'destinatario') {
        throw new HttpError(
          409,
          'NOT_CONSIGNEE',
          'Solo el destinatario adjunta fotos de reservas.',
        );
      }
      const { file } = await receiveUpload(request, { accept: ['jpeg', 'png'] });
      return reply.code(201).send(await guardarFotoReserva(deps, ecmr, file));
    },
  });
  await registerEndpoint(app, signEcmrRemoto, {
    config: limite(LIMITE_ECMR_POR_MINUTO.firma),
    handler: async (request, reply) => {
      privado(reply);
      const { ecmr, respuesta } = await firmarRemoto(
        deps,
        request.params.token,
        request.body,
        dispositivo(request),
      );
      await trasFirmar(request, ecmr);
      return reply.code(201).send(respuesta);
    },
  });

  // The shipment link's page (issue 19): its holder, taken for the consignee by the customer,
  // signs the delivery of a leg of that shipment once the driver asks, and nothing else.
  const enlaceEnvio = (
    request: FastifyRequest<{ Params: { token: string } }>,
    reply: FastifyReply,
  ) => {
    privado(reply);
    reply.header('x-robots-tag', 'noindex, nofollow');
    return enlaceParaFirmar(app.db, app.config, request.params.token);
  };
  await registerEndpoint(app, getEcmrEnvio, {
    config: limite(LIMITE_ECMR_POR_MINUTO.lectura),
    handler: async (request, reply) => {
      const enlace = await enlaceEnvio(request, reply);
      const { ecmr, invitacion } = await entregaPendiente(
        deps,
        enlace,
        request.params.subpartidaId,
      );
      return paraFirmar(deps, invitacion, ecmr);
    },
  });
  await registerEndpoint(app, uploadEcmrFotoEnvio, {
    config: limite(LIMITE_ECMR_POR_MINUTO.subida),
    handler: async (request, reply) => {
      // Refuse before reading the body: nothing is stored when there is nothing to sign.
      const enlace = await enlaceEnvio(request, reply);
      const { ecmr } = await entregaPendiente(deps, enlace, request.params.subpartidaId);
      const { file } = await receiveUpload(request, { accept: ['jpeg', 'png'] });
      return reply.code(201).send(await guardarFotoReserva(deps, ecmr, file));
    },
  });
  await registerEndpoint(app, signEcmrEnvio, {
    config: limite(LIMITE_ECMR_POR_MINUTO.firma),
    handler: async (request, reply) => {
      const enlace = await enlaceEnvio(request, reply);
      const { ecmr, respuesta } = await firmarPorEnlaceEnvio(
        deps,
        { ...enlace, ip: request.ip },
        request.params.subpartidaId,
        request.body,
        dispositivo(request),
      );
      await trasFirmar(request, ecmr);
      return reply.code(201).send(respuesta);
    },
  });

  // Anyone: the public key and the verification of the QR code.
  await registerEndpoint(app, getEcmrClavePublica, {
    handler: async () => clavePublica(app.ecmrSello),
  });
  await registerEndpoint(app, verifyEcmr, {
    config: limite(LIMITE_ECMR_POR_MINUTO.verificacion),
    handler: async (request, reply) => {
      privado(reply);
      return verificarEcmr(deps, request.params.verificacionId, request.query.h);
    },
  });

  // The ERP.
  await registerEndpoint(app, getEcmrIntegracion, {
    preHandler: requireScope('novedades:read'),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ecmrFirmado(deps, request.params.id);
    },
  });
  await registerEndpoint(app, downloadEcmrPdfIntegracion, {
    preHandler: requireScope('novedades:read'),
    handler: async (request, reply) => {
      const ecmr = await findEcmr(app.db, request.params.id);
      if (!ecmr) throw new HttpError(404, 'NOT_FOUND', 'e-CMR no encontrado.');
      return sendPdf(reply, ecmr, await pdfDeEcmr(deps, ecmr));
    },
  });
};

export default ecmrRoutes;
