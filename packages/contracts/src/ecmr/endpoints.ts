import { endpoint } from '../common/endpoint.js';

/**
 * The electronic consignment note (issue 18): the carrier creates and edits the note of a
 * subpartida; the driver's phone collects signatures under the driver link's token; a sender or
 * consignee signs on their own device with a one-time link or code; anyone holding the QR code
 * verifies it; the ERP reads the signed note. Schemas in `ecmr.ts`.
 */
const ecmr = () => import('./ecmr.js');

const PROVEEDOR = '/api/proveedores/subpartidas/:id/ecmr';
const CONDUCTOR = '/api/conductor/:token/subpartidas/:subpartidaId/ecmr';

export const createEcmr = endpoint({
  operationId: 'createEcmr',
  method: 'POST',
  path: PROVEEDOR,
  security: 'session',
  tag: 'ecmr',
  summary: 'Crea el e-CMR de una subpartida con los datos del transporte',
  status: 201,
  errors: [404, 409],
  schemas: () => ecmr().then((s) => ({ params: s.SubpartidaParams, response: s.EcmrDetalle })),
});

export const getEcmr = endpoint({
  operationId: 'getEcmr',
  method: 'GET',
  path: PROVEEDOR,
  security: 'session',
  tag: 'ecmr',
  summary: 'El e-CMR de una subpartida: versión actual, firmas y cadena de eventos',
  errors: [404],
  schemas: () => ecmr().then((s) => ({ params: s.SubpartidaParams, response: s.EcmrDetalle })),
});

export const updateEcmr = endpoint({
  operationId: 'updateEcmr',
  method: 'PATCH',
  path: PROVEEDOR,
  security: 'session',
  tag: 'ecmr',
  summary: 'Cambia campos del e-CMR (tras la primera firma, crea una versión nueva)',
  errors: [404, 409],
  schemas: () =>
    ecmr().then((s) => ({
      params: s.SubpartidaParams,
      body: s.EdicionEcmr,
      response: s.EcmrDetalle,
    })),
});

export const listEcmrVersiones = endpoint({
  operationId: 'listEcmrVersiones',
  method: 'GET',
  path: `${PROVEEDOR}/versiones`,
  security: 'session',
  tag: 'ecmr',
  summary: 'Todas las versiones del e-CMR, la primera antes',
  errors: [404],
  schemas: () => ecmr().then((s) => ({ params: s.SubpartidaParams, response: s.VersionesEcmr })),
});

export const getEcmrDiferencias = endpoint({
  operationId: 'getEcmrDiferencias',
  method: 'GET',
  path: `${PROVEEDOR}/diferencias`,
  security: 'session',
  tag: 'ecmr',
  summary: 'Los campos que cambian entre dos versiones del e-CMR',
  errors: [404],
  schemas: () =>
    ecmr().then((s) => ({
      params: s.SubpartidaParams,
      query: s.DiferenciasQuery,
      response: s.DiferenciasEcmr,
    })),
});

export const downloadEcmrPdf = endpoint({
  operationId: 'downloadEcmrPdf',
  method: 'GET',
  path: `${PROVEEDOR}/pdf`,
  security: 'session',
  tag: 'ecmr',
  summary: 'PDF del e-CMR con sus firmas, la cadena de eventos y el código QR de verificación',
  produces: 'application/pdf',
  errors: [404],
  schemas: () => ecmr().then((s) => ({ params: s.SubpartidaParams })),
});

export const downloadEcmrPdfCliente = endpoint({
  operationId: 'downloadEcmrPdfCliente',
  method: 'GET',
  path: '/api/clientes/portes/:partida/ecmr/:subpartidaId/pdf',
  security: 'session',
  tag: 'ecmr',
  summary: 'PDF del e-CMR firmado de un tramo de un porte propio (desde el tracking)',
  produces: 'application/pdf',
  errors: [404],
  schemas: () => ecmr().then((s) => ({ params: s.EcmrPorteParams })),
});

export const getEcmrConductor = endpoint({
  operationId: 'getEcmrConductor',
  method: 'GET',
  path: CONDUCTOR,
  security: 'public',
  tag: 'ecmr',
  summary: 'El e-CMR de una subpartida del enlace del conductor (lo crea si no existe)',
  errors: [404, 409, 410],
  schemas: () => ecmr().then((s) => ({ params: s.TokenSubpartidaParams, response: s.EcmrDetalle })),
});

export const signEcmrConductor = endpoint({
  operationId: 'signEcmrConductor',
  method: 'POST',
  path: `${CONDUCTOR}/firmas`,
  security: 'public',
  tag: 'ecmr',
  summary:
    'Firma en el móvil del conductor: la del conductor o, entregándole el móvil, la del remitente o destinatario',
  status: 201,
  errors: [404, 409, 410],
  schemas: () =>
    ecmr().then((s) => ({
      params: s.TokenSubpartidaParams,
      body: s.FirmaConductorNueva,
      response: s.EcmrDetalle,
    })),
});

export const uploadEcmrFotoConductor = endpoint({
  operationId: 'uploadEcmrFotoConductor',
  method: 'POST',
  path: `${CONDUCTOR}/fotos`,
  security: 'public',
  tag: 'ecmr',
  summary: 'Sube una foto de las reservas del destinatario: JPEG o PNG',
  consumes: 'multipart/form-data',
  status: 201,
  errors: [404, 409, 410, 413, 415],
  schemas: () => ecmr().then((s) => ({ params: s.TokenSubpartidaParams, response: s.FotoSubida })),
});

export const createEcmrInvitacion = endpoint({
  operationId: 'createEcmrInvitacion',
  method: 'POST',
  path: `${CONDUCTOR}/invitaciones`,
  security: 'public',
  tag: 'ecmr',
  summary:
    'Firma sin contacto: envía un enlace de un solo uso por e-mail o da un código para la pantalla',
  status: 201,
  errors: [404, 409, 410],
  schemas: () =>
    ecmr().then((s) => ({
      params: s.TokenSubpartidaParams,
      body: s.InvitacionNueva,
      response: s.InvitacionCreada,
    })),
});

export const redeemEcmrCodigo = endpoint({
  operationId: 'redeemEcmrCodigo',
  method: 'POST',
  path: '/api/ecmr/firma-codigo',
  security: 'public',
  tag: 'ecmr',
  summary: 'Canjea el código que muestra el conductor por el enlace de firma (un solo uso)',
  errors: [404, 410],
  schemas: () => ecmr().then((s) => ({ body: s.CanjeCodigo, response: s.CodigoCanjeado })),
});

export const getEcmrParaFirmar = endpoint({
  operationId: 'getEcmrParaFirmar',
  method: 'GET',
  path: '/api/ecmr/firma/:token',
  security: 'public',
  tag: 'ecmr',
  summary: 'El e-CMR que va a firmar quien recibió el enlace o el código',
  errors: [404, 410],
  schemas: () => ecmr().then((s) => ({ params: s.FirmaTokenParams, response: s.EcmrParaFirmar })),
});

export const uploadEcmrFotoRemota = endpoint({
  operationId: 'uploadEcmrFotoRemota',
  method: 'POST',
  path: '/api/ecmr/firma/:token/fotos',
  security: 'public',
  tag: 'ecmr',
  summary: 'Sube una foto de las reservas desde el dispositivo del destinatario: JPEG o PNG',
  consumes: 'multipart/form-data',
  status: 201,
  errors: [404, 409, 410, 413, 415],
  schemas: () => ecmr().then((s) => ({ params: s.FirmaTokenParams, response: s.FotoSubida })),
});

export const signEcmrRemoto = endpoint({
  operationId: 'signEcmrRemoto',
  method: 'POST',
  path: '/api/ecmr/firma/:token',
  security: 'public',
  tag: 'ecmr',
  summary: 'Firma en el dispositivo propio de quien firma (el enlace deja de valer)',
  status: 201,
  errors: [404, 409, 410],
  schemas: () =>
    ecmr().then((s) => ({
      params: s.FirmaTokenParams,
      body: s.FirmaNueva,
      response: s.EcmrParaFirmar,
    })),
});

/** The shipment link's page (issue 19): its holder signs the delivery as the consignee. */
const ENVIO = '/api/envio/:token/ecmr/:subpartidaId';

export const getEcmrEnvio = endpoint({
  operationId: 'getEcmrEnvio',
  method: 'GET',
  path: ENVIO,
  security: 'public',
  tag: 'ecmr',
  summary:
    'El e-CMR que el destinatario firma desde el enlace del envío, cuando el conductor pide su firma',
  errors: [403, 404, 409, 410],
  schemas: () =>
    ecmr().then((s) => ({ params: s.TokenSubpartidaParams, response: s.EcmrParaFirmar })),
});

export const uploadEcmrFotoEnvio = endpoint({
  operationId: 'uploadEcmrFotoEnvio',
  method: 'POST',
  path: `${ENVIO}/fotos`,
  security: 'public',
  tag: 'ecmr',
  summary: 'Sube una foto de las reservas del destinatario desde el enlace del envío: JPEG o PNG',
  consumes: 'multipart/form-data',
  status: 201,
  errors: [403, 404, 409, 410, 413, 415],
  schemas: () => ecmr().then((s) => ({ params: s.TokenSubpartidaParams, response: s.FotoSubida })),
});

export const signEcmrEnvio = endpoint({
  operationId: 'signEcmrEnvio',
  method: 'POST',
  path: ENVIO,
  security: 'public',
  tag: 'ecmr',
  summary:
    'Firma de la entrega por el destinatario desde el enlace del envío (gasta la petición del conductor)',
  status: 201,
  errors: [403, 404, 409, 410],
  schemas: () =>
    ecmr().then((s) => ({
      params: s.TokenSubpartidaParams,
      body: s.FirmaNueva,
      response: s.EcmrParaFirmar,
    })),
});

export const getEcmrClavePublica = endpoint({
  operationId: 'getEcmrClavePublica',
  method: 'GET',
  path: '/api/ecmr/clave-publica',
  security: 'public',
  tag: 'ecmr',
  summary: 'Clave pública Ed25519 que sella los eventos de los e-CMR (verificación sin conexión)',
  schemas: () => ecmr().then((s) => ({ response: s.ClavePublicaEcmr })),
});

export const verifyEcmr = endpoint({
  operationId: 'verifyEcmr',
  method: 'GET',
  path: '/api/ecmr/verificacion/:verificacionId',
  security: 'public',
  tag: 'ecmr',
  summary:
    'Recalcula los hashes, la cadena y los sellos de un e-CMR: si está intacto y quién firmó',
  errors: [404],
  schemas: () =>
    ecmr().then((s) => ({
      params: s.VerificacionParams,
      query: s.VerificacionQuery,
      response: s.VerificacionEcmr,
    })),
});

export const getEcmrIntegracion = endpoint({
  operationId: 'getEcmrIntegracion',
  method: 'GET',
  path: '/api/integration/v1/ecmr/:id',
  security: 'apiKey',
  tag: 'integracion',
  summary: 'El e-CMR firmado: versiones, firmas y eventos sellados',
  errors: [404],
  schemas: () => ecmr().then((s) => ({ params: s.EcmrIdParams, response: s.EcmrFirmado })),
});

export const downloadEcmrPdfIntegracion = endpoint({
  operationId: 'downloadEcmrPdfIntegracion',
  method: 'GET',
  path: '/api/integration/v1/ecmr/:id/pdf',
  security: 'apiKey',
  tag: 'integracion',
  summary: 'PDF del e-CMR firmado',
  produces: 'application/pdf',
  errors: [404],
  schemas: () => ecmr().then((s) => ({ params: s.EcmrIdParams })),
});
