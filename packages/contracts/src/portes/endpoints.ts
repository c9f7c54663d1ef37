import { endpoint } from '../common/endpoint.js';

/**
 * The customer's shipments (issue 5): "Portes" (active) and "Histórico" (delivered) with its
 * CSV export. Schemas in `porte.ts`; the tracking of one shipment is in `tracking/endpoints.ts`.
 */
const porte = () => import('./porte.js');

export const listPortes = endpoint({
  operationId: 'listPortes',
  method: 'GET',
  path: '/api/clientes/portes',
  security: 'session',
  tag: 'portes',
  summary: 'Portes activos con su última parada (filtros, orden y paginación por cursor)',
  schemas: () => porte().then((s) => ({ query: s.PortesQuery, response: s.PortesPage })),
});

export const listHistorico = endpoint({
  operationId: 'listHistorico',
  method: 'GET',
  path: '/api/clientes/historico',
  security: 'session',
  tag: 'portes',
  summary: 'Histórico de portes entregados (filtro por fecha de carga; paginación por cursor)',
  schemas: () => porte().then((s) => ({ query: s.HistoricoQuery, response: s.HistoricoPage })),
});

export const exportHistorico = endpoint({
  operationId: 'exportHistorico',
  method: 'GET',
  path: '/api/clientes/historico/export.csv',
  security: 'session',
  tag: 'portes',
  summary: 'Exporta a CSV (Excel) todo el histórico filtrado',
  produces: 'text/csv',
  schemas: () => porte().then((s) => ({ query: s.HistoricoExportQuery })),
});
