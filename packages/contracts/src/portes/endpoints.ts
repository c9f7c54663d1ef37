import { endpoint } from '../common/endpoint.js';
import { exportEndpoints } from '../common/export-endpoints.js';

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
  conditional: true,
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

export const exportPortes = exportEndpoints({
  operationId: 'exportPortes',
  path: '/api/clientes/portes/export',
  security: 'session',
  tag: 'portes',
  summary: 'Exporta todos los portes activos filtrados',
  schemas: () => porte().then((s) => ({ query: s.PortesExportQuery })),
});

export const exportHistorico = exportEndpoints({
  operationId: 'exportHistorico',
  path: '/api/clientes/historico/export',
  security: 'session',
  tag: 'portes',
  summary: 'Exporta todo el histórico filtrado',
  schemas: () => porte().then((s) => ({ query: s.HistoricoExportQuery })),
});
