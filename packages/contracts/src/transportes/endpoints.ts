import { endpoint } from '../common/endpoint.js';
import { exportEndpoints } from '../common/export-endpoints.js';

/**
 * The carrier's transports: history, detail, CSV export, the two upload lists and the CMR upload
 * (issue 4). Schemas in `transporte.ts` and `documentos-pendientes.ts`.
 */
const transporte = () => import('./transporte.js');
const pendientes = () => import('./documentos-pendientes.js');

export const listTransportes = endpoint({
  operationId: 'listTransportes',
  method: 'GET',
  path: '/api/proveedores/transportes',
  security: 'session',
  tag: 'transportes',
  summary: 'Histórico de transportes (filtros por fechas, id y estado; paginación por cursor)',
  schemas: () =>
    transporte().then((s) => ({ query: s.TransportesQuery, response: s.TransportesPage })),
});

export const exportTransportes = exportEndpoints({
  operationId: 'exportTransportes',
  path: '/api/proveedores/transportes/export',
  security: 'session',
  tag: 'transportes',
  summary: 'Exporta todo el histórico filtrado',
  schemas: () => transporte().then((s) => ({ query: s.TransportesExportQuery })),
});

export const getTransporte = endpoint({
  operationId: 'getTransporte',
  method: 'GET',
  path: '/api/proveedores/transportes/:id',
  security: 'session',
  tag: 'transportes',
  summary: 'Detalle de un transporte con sus subpartidas y albaranes',
  errors: [404],
  schemas: () =>
    transporte().then((s) => ({ params: s.TransporteIdParams, response: s.TransporteDetalle })),
});

export const listAlbaranesPendientes = endpoint({
  operationId: 'listAlbaranesPendientes',
  method: 'GET',
  path: '/api/proveedores/albaranes-pendientes',
  security: 'session',
  tag: 'transportes',
  summary: 'Transportes con subpartidas sin albarán (CMR), con esas subpartidas',
  schemas: () =>
    pendientes().then((s) => ({
      query: s.DocumentosPendientesQuery,
      response: s.AlbaranesPendientesPage,
    })),
});

export const uploadCmr = endpoint({
  operationId: 'uploadCmr',
  method: 'POST',
  path: '/api/proveedores/subpartidas/:id/cmr',
  security: 'session',
  tag: 'transportes',
  summary: 'Sube el albarán (CMR) de una subpartida: PDF, JPEG o PNG',
  consumes: 'multipart/form-data',
  status: 201,
  errors: [404, 409, 413, 415],
  schemas: async () => {
    const [t, p] = await Promise.all([transporte(), pendientes()]);
    return { params: p.SubpartidaIdParams, response: t.SubpartidaDetalle };
  },
});

export const listTransportesSinFactura = endpoint({
  operationId: 'listTransportesSinFactura',
  method: 'GET',
  path: '/api/proveedores/transportes-sin-factura',
  security: 'session',
  tag: 'facturas-proveedor',
  summary: 'Transportes entregados que aún no cubre ninguna factura del transportista',
  schemas: () =>
    pendientes().then((s) => ({
      query: s.DocumentosPendientesQuery,
      response: s.TransportesSinFacturaPage,
    })),
});
