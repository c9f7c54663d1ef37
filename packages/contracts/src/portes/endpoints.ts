import { exportEndpoints } from '../common/export-endpoints.js';

/** The customer's shipment lists (issue 5). Schemas in `porte.ts`. */
const porte = () => import('./porte.js');

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
