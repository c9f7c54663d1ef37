import { endpoint } from '../common/endpoint.js';

/**
 * The shipment link (issue 19): the customer (or the ERP) shares one shipment with someone
 * without an account; the public page calls the endpoints under the link's token. Schemas in
 * `envio.ts`.
 */
const envio = () => import('./envio.js');

export const createEnlacePorte = endpoint({
  operationId: 'createEnlacePorte',
  method: 'POST',
  path: '/api/clientes/portes/:partida/enlaces',
  security: 'session',
  tag: 'envio',
  summary: 'Crea un enlace para compartir un porte (seguimiento y documentos elegidos)',
  status: 201,
  errors: [404, 409],
  schemas: () =>
    envio().then((s) => ({
      params: s.EnvioPartidaParams,
      body: s.EnlacePorteNuevo,
      response: s.EnlacePorteCreado,
    })),
});

export const listEnlacesPorte = endpoint({
  operationId: 'listEnlacesPorte',
  method: 'GET',
  path: '/api/clientes/portes/:partida/enlaces',
  security: 'session',
  tag: 'envio',
  summary: 'Enlaces compartidos de un porte, el más reciente primero',
  errors: [404],
  schemas: () => envio().then((s) => ({ params: s.EnvioPartidaParams, response: s.EnlacesPorte })),
});

export const revokeEnlacePorte = endpoint({
  operationId: 'revokeEnlacePorte',
  method: 'DELETE',
  path: '/api/clientes/enlaces-porte/:id',
  security: 'session',
  tag: 'envio',
  summary: 'Anula en el acto un enlace compartido de un porte',
  status: 204,
  errors: [404],
  schemas: () => envio().then((s) => ({ params: s.EnlacePorteIdParams })),
});

export const getEnvio = endpoint({
  operationId: 'getEnvio',
  method: 'GET',
  path: '/api/envio/:token',
  security: 'public',
  tag: 'envio',
  summary: 'El porte de un enlace compartido: estado, paradas, posición, ETA y documentos',
  errors: [404, 410],
  schemas: () =>
    envio().then((s) => ({
      params: s.EnvioTokenParams,
      query: s.EnvioQuery,
      response: s.EnvioPublico,
    })),
});

export const downloadEnvioDocumento = endpoint({
  operationId: 'downloadEnvioDocumento',
  method: 'GET',
  path: '/api/envio/:token/documentos/:archivoId',
  security: 'public',
  tag: 'envio',
  summary: 'Descarga un documento que el enlace compartido muestra',
  produces: ['application/pdf', 'image/jpeg', 'image/png'],
  errors: [404, 410],
  schemas: () => envio().then((s) => ({ params: s.EnvioDocumentoParams })),
});

export const createEnvioAviso = endpoint({
  operationId: 'createEnvioAviso',
  method: 'POST',
  path: '/api/envio/:token/avisos',
  security: 'public',
  tag: 'envio',
  summary:
    'Suscribe un e-mail a los avisos de este porte (carga, llegada a destino, incidencias, entrega y retrasos)',
  status: 204,
  errors: [404, 410],
  schemas: () => envio().then((s) => ({ params: s.EnvioTokenParams, body: s.EnvioAvisoNuevo })),
});

export const bajaEnvioAviso = endpoint({
  operationId: 'bajaEnvioAviso',
  method: 'POST',
  path: '/api/envio/:token/baja',
  security: 'public',
  tag: 'envio',
  summary:
    'Da de baja en un clic una suscripción a los avisos de un porte (el enlace de sus e-mails, RFC 8058)',
  // Mail clients post `List-Unsubscribe=One-Click` as a form; the page posts no body.
  consumes: 'application/x-www-form-urlencoded',
  errors: [404],
  schemas: () => envio().then((s) => ({ params: s.EnvioTokenParams, response: s.EnvioBaja })),
});

export const createEnlacePorteIntegracion = endpoint({
  operationId: 'createEnlacePorteIntegracion',
  method: 'POST',
  path: '/api/integration/v1/portes/:partida/enlaces',
  security: 'apiKey',
  tag: 'integracion',
  summary: 'Crea un enlace para compartir un porte (para los e-mails del ERP)',
  status: 201,
  errors: [404, 409],
  schemas: () =>
    envio().then((s) => ({
      params: s.EnvioPartidaParams,
      body: s.EnlacePorteNuevo,
      response: s.EnlacePorteCreado,
    })),
});
