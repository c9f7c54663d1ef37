import { endpoint } from '../common/endpoint.js';

/**
 * The driver's phone link (issue 17): the carrier creates, lists and revokes links of its
 * transports; the driver page calls the public endpoints with the link's token in the path.
 * Schemas in `conductor.ts`.
 */
const conductor = () => import('./conductor.js');

export const createEnlaceConductor = endpoint({
  operationId: 'createEnlaceConductor',
  method: 'POST',
  path: '/api/proveedores/transportes/:id/enlaces-conductor',
  security: 'session',
  tag: 'conductor',
  summary: 'Crea el enlace del conductor de un transporte (anula el anterior)',
  status: 201,
  errors: [404, 409],
  schemas: () =>
    conductor().then((s) => ({
      params: s.EnlaceTransporteParams,
      response: s.EnlaceConductorCreado,
    })),
});

export const listEnlacesConductor = endpoint({
  operationId: 'listEnlacesConductor',
  method: 'GET',
  path: '/api/proveedores/transportes/:id/enlaces-conductor',
  security: 'session',
  tag: 'conductor',
  summary: 'Enlaces del conductor de un transporte, el más reciente primero',
  errors: [404],
  schemas: () =>
    conductor().then((s) => ({ params: s.EnlaceTransporteParams, response: s.EnlacesConductor })),
});

export const revokeEnlaceConductor = endpoint({
  operationId: 'revokeEnlaceConductor',
  method: 'DELETE',
  path: '/api/proveedores/enlaces-conductor/:id',
  security: 'session',
  tag: 'conductor',
  summary: 'Anula un enlace del conductor',
  status: 204,
  errors: [404],
  schemas: () => conductor().then((s) => ({ params: s.EnlaceIdParams })),
});

export const getViajeConductor = endpoint({
  operationId: 'getViajeConductor',
  method: 'GET',
  path: '/api/conductor/:token',
  security: 'public',
  tag: 'conductor',
  summary: 'Paradas, horarios y subpartidas del transporte del enlace (sin precios)',
  errors: [404, 410],
  schemas: () => conductor().then((s) => ({ params: s.TokenParams, response: s.ViajeConductor })),
});

export const sendPosiciones = endpoint({
  operationId: 'sendPosiciones',
  method: 'POST',
  path: '/api/conductor/:token/posiciones',
  security: 'public',
  tag: 'conductor',
  summary: 'Envía un lote de posiciones del móvil (idempotente por id de posición)',
  errors: [404, 409, 410],
  schemas: () =>
    conductor().then((s) => ({
      params: s.TokenParams,
      body: s.LotePosiciones,
      response: s.ResultadoPosiciones,
    })),
});

export const createEventoParada = endpoint({
  operationId: 'createEventoParada',
  method: 'POST',
  path: '/api/conductor/:token/paradas/:paradaId/eventos',
  security: 'public',
  tag: 'conductor',
  summary: 'Llegada, carga o descarga hecha, o incidencia en una parada',
  status: 201,
  errors: [404, 409, 410],
  schemas: () =>
    conductor().then((s) => ({
      params: s.TokenParadaParams,
      body: s.EventoParadaNuevo,
      response: s.EventoParada,
    })),
});

export const uploadFotoIncidencia = endpoint({
  operationId: 'uploadFotoIncidencia',
  method: 'POST',
  path: '/api/conductor/:token/eventos/:eventoId/foto',
  security: 'public',
  tag: 'conductor',
  summary: 'Sube la foto de una incidencia: JPEG o PNG',
  consumes: 'multipart/form-data',
  status: 201,
  errors: [404, 409, 410, 413, 415],
  schemas: () =>
    conductor().then((s) => ({ params: s.TokenEventoParams, response: s.EventoParada })),
});

export const uploadCmrConductor = endpoint({
  operationId: 'uploadCmrConductor',
  method: 'POST',
  path: '/api/conductor/:token/subpartidas/:subpartidaId/cmr',
  security: 'public',
  tag: 'conductor',
  summary: 'Sube la foto del CMR firmado de una subpartida: JPEG, PNG o PDF',
  consumes: 'multipart/form-data',
  status: 201,
  errors: [404, 409, 410, 413, 415],
  schemas: () =>
    conductor().then((s) => ({
      params: s.TokenSubpartidaParams,
      response: s.SubpartidaConductor,
    })),
});
