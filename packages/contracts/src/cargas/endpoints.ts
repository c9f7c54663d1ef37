import { exportEndpoints } from '../common/export-endpoints.js';

/** The load exchange of the supplier portal. Schemas in `carga.ts` and `oferta.ts`. */
const carga = () => import('./carga.js');
const oferta = () => import('./oferta.js');

export const exportCargas = exportEndpoints({
  operationId: 'exportCargas',
  path: '/api/proveedores/cargas/export',
  security: 'session',
  tag: 'cargas',
  summary: 'Exporta todas las cargas abiertas filtradas, en el orden pedido',
  schemas: () => carga().then((s) => ({ query: s.CargasExportQuery })),
});

export const exportOfertas = exportEndpoints({
  operationId: 'exportOfertas',
  path: '/api/proveedores/ofertas/export',
  security: 'session',
  tag: 'cargas',
  summary: 'Exporta todas las ofertas del transportista (filtro por estado)',
  schemas: () => oferta().then((s) => ({ query: s.OfertasExportQuery })),
});

export const exportDescartados = exportEndpoints({
  operationId: 'exportDescartados',
  path: '/api/proveedores/descartados/export',
  security: 'session',
  tag: 'cargas',
  summary: 'Exporta todas las cargas descartadas',
  schemas: async () => ({}),
});
