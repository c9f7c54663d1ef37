import { endpoint } from '../common/endpoint.js';

/** Customer invoices (issue 5): list, detail and PDF. Schemas in `factura.ts`. */
const factura = () => import('./factura.js');

export const listFacturas = endpoint({
  operationId: 'listFacturas',
  method: 'GET',
  path: '/api/clientes/facturas',
  security: 'session',
  tag: 'facturas',
  summary: 'Facturas del cliente (pagada, pendiente o vencida; fechas; paginación por cursor)',
  schemas: () => factura().then((s) => ({ query: s.FacturasQuery, response: s.FacturasPage })),
});

export const getFactura = endpoint({
  operationId: 'getFactura',
  method: 'GET',
  path: '/api/clientes/facturas/:id',
  security: 'session',
  tag: 'facturas',
  summary: 'Detalle de una factura con sus líneas',
  errors: [404],
  schemas: () => factura().then((s) => ({ params: s.FacturaIdParams, response: s.FacturaDetalle })),
});

export const downloadFacturaPdf = endpoint({
  operationId: 'downloadFacturaPdf',
  method: 'GET',
  path: '/api/clientes/facturas/:id/pdf',
  security: 'session',
  tag: 'facturas',
  summary: 'Descarga el PDF de una factura',
  produces: 'application/pdf',
  errors: [404],
  schemas: () => factura().then((s) => ({ params: s.FacturaIdParams })),
});
