import { endpoint } from '../common/endpoint.js';
import { TIPOS_NOVEDAD } from './tipos-evento.js';

/**
 * The ERP integration API v1 (issue 6): batch upserts by the ERP's own ids, all-or-nothing,
 * idempotent with `Idempotency-Key`; the raw PDFs of invoices and prevention documents; the
 * change feed. Authenticated by API key (`Authorization: Bearer ext_…`), each with its scope.
 */
const integracion = () => import('./integracion.js');
const cargas = () => import('./cargas.js');
const documentos = () => import('./documentos.js');
const facturas = () => import('./facturas.js');
const novedades = () => import('./novedades.js');
const transportes = () => import('./transportes.js');
const usuarios = () => import('./usuarios.js');
const portes = () => import('../portes/porte.js');

const V1 = '/api/integration/v1';
/** Every batch write may answer a body too large (413) and a record refused by a rule (422). */
const BATCH_ERRORS = [413, 422] as const;

export const upsertClientes = endpoint({
  operationId: 'upsertClientes',
  method: 'PUT',
  path: `${V1}/clientes`,
  security: 'apiKey',
  tag: 'integracion',
  summary: 'Alta o actualización de clientes por su erp_id (lote de hasta 1000)',
  errors: BATCH_ERRORS,
  schemas: () =>
    integracion().then((s) => ({
      headers: s.IdempotencyHeaders,
      body: s.LoteEmpresas,
      response: s.ResultadoLote,
    })),
});

export const upsertProveedores = endpoint({
  ...upsertClientes,
  operationId: 'upsertProveedores',
  path: `${V1}/proveedores`,
  summary: 'Alta o actualización de proveedores por su erp_id (lote de hasta 1000)',
});

export const upsertPortes = endpoint({
  operationId: 'upsertPortes',
  method: 'PUT',
  path: `${V1}/portes`,
  security: 'apiKey',
  tag: 'integracion',
  summary: 'Alta o actualización de portes por partida, del cliente con ese erp_id',
  errors: BATCH_ERRORS,
  schemas: () =>
    integracion().then((s) => ({
      headers: s.IdempotencyHeaders,
      body: s.LotePortes,
      response: s.ResultadoLote,
    })),
});

export const upsertParadas = endpoint({
  operationId: 'upsertParadas',
  method: 'POST',
  path: `${V1}/portes/:partida/seguimiento`,
  security: 'apiKey',
  tag: 'integracion',
  summary: 'Paradas de seguimiento de un porte por su erp_id (una repetida se actualiza)',
  errors: [404, ...BATCH_ERRORS],
  schemas: async () => {
    const [s, p] = await Promise.all([integracion(), portes()]);
    return {
      params: p.PartidaParams,
      headers: s.IdempotencyHeaders,
      body: s.LoteParadas,
      response: s.ResultadoLote,
    };
  },
});

export const upsertUsuarios = endpoint({
  operationId: 'upsertUsuarios',
  method: 'PUT',
  path: `${V1}/usuarios`,
  security: 'apiKey',
  tag: 'integracion',
  summary:
    'Alta o actualización de usuarios por su erp_id, con sus clientes, proveedores y recursos (lote de hasta 1000)',
  description:
    'Los vínculos y recursos de cada usuario se sustituyen por los enviados. Un usuario nuevo no tiene contraseña: ' +
    'con `invitar: true` recibe el correo de recuperación para elegirla. `activo: false` cierra sus sesiones.',
  errors: BATCH_ERRORS,
  schemas: async () => {
    const [s, u] = await Promise.all([integracion(), usuarios()]);
    return { headers: s.IdempotencyHeaders, body: u.LoteUsuarios, response: s.ResultadoLote };
  },
});

export const listNovedades = endpoint({
  operationId: 'listNovedades',
  method: 'GET',
  path: `${V1}/novedades`,
  security: 'apiKey',
  tag: 'integracion',
  summary: 'Novedades desde un cursor (ofertas, CMR, facturas, solicitudes, sugerencias…)',
  description:
    'Devuelve los eventos posteriores a `cursor`, en orden. Guarde `nextCursor` y páselo como ' +
    '`cursor` en la próxima lectura; si llegan menos de `limit`, no hay más por ahora. Sin ' +
    `\`cursor\`, desde el primero. Tipos: ${TIPOS_NOVEDAD.join(', ')}; el contenido de cada uno ` +
    'es el mismo que envían los webhooks (sección `webhooks`).',
  errors: [503],
  schemas: () => novedades().then((s) => ({ query: s.NovedadesQuery, response: s.Novedades })),
});

export const upsertFacturas = endpoint({
  operationId: 'upsertFacturas',
  method: 'PUT',
  path: `${V1}/facturas`,
  security: 'apiKey',
  tag: 'integracion',
  summary:
    'Alta o actualización de facturas de cliente por serie y número, con sus líneas (lote de hasta 1000)',
  errors: BATCH_ERRORS,
  schemas: async () => {
    const [s, f] = await Promise.all([integracion(), facturas()]);
    return { headers: s.IdempotencyHeaders, body: f.LoteFacturas, response: s.ResultadoLote };
  },
});

/** What the two raw PDF uploads share: the body, the header and their errors. */
const PDF_ERRORS = [404, 413, 415, 422] as const;

export const uploadFacturaPdf = endpoint({
  operationId: 'uploadFacturaPdf',
  method: 'PUT',
  path: `${V1}/facturas/:clave/pdf`,
  security: 'apiKey',
  tag: 'integracion',
  summary:
    'PDF propio del ERP de una factura ({serie}-{numero}): cuerpo application/pdf; el cliente lo descargará tal cual',
  consumes: 'application/pdf',
  errors: PDF_ERRORS,
  schemas: async () => {
    const [s, f] = await Promise.all([integracion(), facturas()]);
    return {
      params: f.FacturaClaveParams,
      headers: s.IdempotencyHeaders,
      body: f.PdfBody,
      response: f.ResultadoPdf,
    };
  },
});

export const replaceCertificadosProveedor = endpoint({
  operationId: 'replaceCertificadosProveedor',
  method: 'PUT',
  path: `${V1}/proveedores/:erp_id/certificados`,
  security: 'apiKey',
  tag: 'integracion',
  summary:
    'Certificados exigidos a un proveedor (el conjunto completo), obligatoriedad y caducidad validada',
  errors: [404, ...BATCH_ERRORS],
  schemas: async () => {
    const [s, d] = await Promise.all([integracion(), documentos()]);
    return {
      params: d.ProveedorErpParams,
      headers: s.IdempotencyHeaders,
      body: d.LoteCertificadosProveedor,
      response: d.ResultadoCertificados,
    };
  },
});

export const upsertPrevencionDocumentos = endpoint({
  operationId: 'upsertPrevencionDocumentos',
  method: 'PUT',
  path: `${V1}/prevencion/documentos`,
  security: 'apiKey',
  tag: 'integracion',
  summary: 'Alta o actualización de documentos de prevención por su erp_id (lote de hasta 1000)',
  errors: BATCH_ERRORS,
  schemas: async () => {
    const [s, d] = await Promise.all([integracion(), documentos()]);
    return {
      headers: s.IdempotencyHeaders,
      body: d.LotePrevencionDocumentos,
      response: s.ResultadoLote,
    };
  },
});

export const uploadPrevencionDocumentoPdf = endpoint({
  operationId: 'uploadPrevencionDocumentoPdf',
  method: 'PUT',
  path: `${V1}/prevencion/documentos/:erp_id/pdf`,
  security: 'apiKey',
  tag: 'integracion',
  summary:
    'PDF de un documento de prevención por su erp_id: cuerpo application/pdf (un fichero distinto pide leerlo de nuevo)',
  consumes: 'application/pdf',
  errors: PDF_ERRORS,
  schemas: async () => {
    const [s, d, f] = await Promise.all([integracion(), documentos(), facturas()]);
    return {
      params: d.DocumentoErpParams,
      headers: s.IdempotencyHeaders,
      body: f.PdfBody,
      response: f.ResultadoPdf,
    };
  },
});

export const upsertCargas = endpoint({
  operationId: 'upsertCargas',
  method: 'PUT',
  path: `${V1}/cargas`,
  security: 'apiKey',
  tag: 'integracion',
  summary: 'Alta o actualización de cargas de la bolsa por su referencia (lote de hasta 1000)',
  description:
    'Una carga `anulada` rechaza sus ofertas pendientes y avisa a cada transportista ' +
    '(`oferta.rechazada`). Una carga adjudicada no se puede volver a abrir; enviada como ' +
    '`cerrada` sigue adjudicada.',
  errors: BATCH_ERRORS,
  schemas: async () => {
    const [s, c] = await Promise.all([integracion(), cargas()]);
    return { headers: s.IdempotencyHeaders, body: c.LoteCargas, response: s.ResultadoLote };
  },
});

export const awardCarga = endpoint({
  operationId: 'awardCarga',
  method: 'POST',
  path: `${V1}/cargas/:referencia/adjudicacion`,
  security: 'apiKey',
  tag: 'integracion',
  summary: 'Adjudica la carga a una de sus ofertas pendientes',
  description:
    'En una transacción: la oferta pasa a `aceptada`, las demás pendientes de la carga a ' +
    '`rechazada` y la carga a `asignada`; se avisa a cada transportista ' +
    '(`oferta.aceptada`, `oferta.rechazada`). Adjudicar de nuevo la misma oferta responde lo ' +
    'mismo sin volver a avisar.',
  errors: [404, 409, ...BATCH_ERRORS],
  schemas: async () => {
    const [s, c] = await Promise.all([integracion(), cargas()]);
    return {
      params: c.CargaReferenciaParams,
      headers: s.IdempotencyHeaders,
      body: c.Adjudicacion,
      response: c.ResultadoAdjudicacion,
    };
  },
});

export const upsertTransportes = endpoint({
  operationId: 'upsertTransportes',
  method: 'PUT',
  path: `${V1}/transportes`,
  security: 'apiKey',
  tag: 'integracion',
  summary:
    'Alta o actualización de transportes por su erp_id, con sus subpartidas (lote de hasta 1000)',
  description:
    'Las subpartidas de cada transporte se sustituyen por las enviadas, numeradas en su orden; ' +
    'una que ya tiene su CMR no se puede quitar, ni se puede pasar a otro proveedor un ' +
    'transporte con CMR o factura del transportista (error con su índice).',
  errors: BATCH_ERRORS,
  schemas: async () => {
    const [s, t] = await Promise.all([integracion(), transportes()]);
    return { headers: s.IdempotencyHeaders, body: t.LoteTransportes, response: s.ResultadoLote };
  },
});
