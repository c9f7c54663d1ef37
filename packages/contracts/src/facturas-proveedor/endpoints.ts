import { exportEndpoints } from '../common/export-endpoints.js';

/** The carrier's invoices. Schemas in `factura-proveedor.ts`. */
const factura = () => import('./factura-proveedor.js');

export const exportFacturasProveedor = exportEndpoints({
  operationId: 'exportFacturasProveedor',
  path: '/api/proveedores/facturas/export',
  security: 'session',
  tag: 'facturas-proveedor',
  summary: 'Exporta todo el histórico de facturas filtrado',
  schemas: () => factura().then((s) => ({ query: s.FacturasProveedorExportQuery })),
});
