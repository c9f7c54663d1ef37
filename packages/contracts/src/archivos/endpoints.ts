import { endpoint } from '../common/endpoint.js';

/**
 * Downloads of stored files, one module for both portals (the path picks the portal, the
 * server filters by the session's carrier or client). Schemas in `archivo.ts`.
 */
const archivo = () => import('./archivo.js');

const FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

export const downloadArchivoProveedor = endpoint({
  operationId: 'downloadArchivoProveedor',
  method: 'GET',
  path: '/api/proveedores/archivos/:id',
  security: 'session',
  tag: 'facturas-proveedor',
  summary: 'Descarga un fichero propio (albarán, factura o certificado)',
  produces: FILE_TYPES,
  errors: [404],
  schemas: () => archivo().then((s) => ({ params: s.ArchivoIdParams })),
});

export const downloadArchivoCliente = endpoint({
  operationId: 'downloadArchivoCliente',
  method: 'GET',
  path: '/api/clientes/archivos/:id',
  security: 'session',
  tag: 'archivos',
  summary: 'Descarga un fichero del cliente (CMR, POD o factura)',
  produces: FILE_TYPES,
  errors: [404],
  schemas: () => archivo().then((s) => ({ params: s.ArchivoIdParams })),
});

export const getArchivoInfo = endpoint({
  operationId: 'getArchivoInfo',
  method: 'GET',
  path: '/api/clientes/archivos/:id/info',
  security: 'session',
  tag: 'archivos',
  summary: 'Nombre, tipo y tamaño de un fichero del cliente, antes de descargarlo',
  errors: [404],
  schemas: () => archivo().then((s) => ({ params: s.ArchivoIdParams, response: s.ArchivoInfo })),
});
