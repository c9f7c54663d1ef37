import { endpoint } from '../common/endpoint.js';

/** "Sugerencias" (issue 5): send a suggestion and list this client's. Schemas in `sugerencia.ts`. */
const sugerencia = () => import('./sugerencia.js');

export const createSugerencia = endpoint({
  operationId: 'createSugerencia',
  method: 'POST',
  path: '/api/clientes/sugerencias',
  security: 'session',
  tag: 'sugerencias',
  summary: 'Envía una sugerencia',
  status: 201,
  schemas: () => sugerencia().then((s) => ({ body: s.SugerenciaCrear, response: s.Sugerencia })),
});

export const listSugerencias = endpoint({
  operationId: 'listSugerencias',
  method: 'GET',
  path: '/api/clientes/sugerencias',
  security: 'session',
  tag: 'sugerencias',
  summary: 'Sugerencias enviadas por el cliente (paginación por cursor)',
  schemas: () =>
    sugerencia().then((s) => ({ query: s.SugerenciasQuery, response: s.SugerenciasPage })),
});
