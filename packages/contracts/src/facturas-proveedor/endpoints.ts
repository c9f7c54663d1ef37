import { endpoint } from '../common/endpoint.js';
import { exportEndpoints } from '../common/export-endpoints.js';

/**
 * Carrier invoices (issue 4, "Histórico Facturas", "Subir facturas"): history, detail and
 * upload. Schemas in `factura-proveedor.ts`.
 */
const factura = () => import('./factura-proveedor.js');

export const listFacturasProveedor = endpoint({
  operationId: 'listFacturasProveedor',
  method: 'GET',
  path: '/api/proveedores/facturas',
  security: 'session',
  tag: 'facturas-proveedor',
  summary: 'Histórico de facturas del transportista (filtros por fechas y estado)',
  schemas: () =>
    factura().then((s) => ({ query: s.FacturasProveedorQuery, response: s.FacturasProveedorPage })),
});

export const getFacturaProveedor = endpoint({
  operationId: 'getFacturaProveedor',
  method: 'GET',
  path: '/api/proveedores/facturas/:id',
  security: 'session',
  tag: 'facturas-proveedor',
  summary: 'Detalle de una factura con los transportes que cubre y su fichero',
  errors: [404],
  schemas: () =>
    factura().then((s) => ({
      params: s.FacturaProveedorIdParams,
      response: s.FacturaProveedorDetalle,
    })),
});

export const uploadFacturaProveedor = endpoint({
  operationId: 'uploadFacturaProveedor',
  method: 'POST',
  path: '/api/proveedores/facturas',
  security: 'session',
  tag: 'facturas-proveedor',
  summary:
    'Sube una factura (PDF) por uno o varios transportes: campos numero, serie?, fecha_emision, vto?, base_imponible_centimos, iva_centimos, importe_centimos, transporteIds ([1,2] o 1,2) y el fichero al final',
  consumes: 'multipart/form-data',
  status: 201,
  errors: [404, 409, 413, 415],
  schemas: () => factura().then((s) => ({ response: s.FacturaProveedorDetalle })),
});

export const exportFacturasProveedor = exportEndpoints({
  operationId: 'exportFacturasProveedor',
  path: '/api/proveedores/facturas/export',
  security: 'session',
  tag: 'facturas-proveedor',
  summary: 'Exporta todo el histórico de facturas filtrado',
  schemas: () => factura().then((s) => ({ query: s.FacturasProveedorExportQuery })),
});
