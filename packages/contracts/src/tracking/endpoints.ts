import { endpoint } from '../common/endpoint.js';

/** The customer's tracking (issue 5): search and one shipment's tracking. Schemas in `tracking.ts`. */
const tracking = () => import('./tracking.js');

export const searchTracking = endpoint({
  operationId: 'searchTracking',
  method: 'GET',
  path: '/api/clientes/tracking',
  security: 'session',
  tag: 'tracking',
  summary: 'Busca un porte propio por partida (exacta) o referencia del cliente (prefijo)',
  schemas: () =>
    tracking().then((s) => ({ query: s.TrackingBusquedaQuery, response: s.TrackingBusqueda })),
});

export const getTracking = endpoint({
  operationId: 'getTracking',
  method: 'GET',
  path: '/api/clientes/portes/:partida/tracking',
  security: 'session',
  tag: 'tracking',
  summary: 'Seguimiento de un porte: estado, paradas, posición actual, retraso y documentos',
  conditional: true,
  errors: [404],
  schemas: async () => {
    const [s, p] = await Promise.all([tracking(), import('../portes/porte.js')]);
    return { params: p.PartidaParams, response: s.TrackingPorte };
  },
});
