import { endpoint } from '../common/endpoint.js';

/**
 * The notice centre of the signed-in user (issue 20 point 2), the same paths in both portals:
 * the session says whose notices (its user, portal and active company). Schemas in `aviso.ts`.
 */
const aviso = () => import('./aviso.js');

export const listAvisos = endpoint({
  operationId: 'listAvisos',
  method: 'GET',
  path: '/api/usuario/avisos',
  security: 'session',
  tag: 'avisos',
  summary: 'Avisos del usuario conectado, los más recientes primero (paginación por cursor)',
  schemas: () => aviso().then((s) => ({ query: s.AvisosQuery, response: s.AvisosPage })),
});

export const getAvisosResumen = endpoint({
  operationId: 'getAvisosResumen',
  method: 'GET',
  path: '/api/usuario/avisos/resumen',
  security: 'session',
  tag: 'avisos',
  summary: 'Cuántos avisos del usuario conectado están sin leer',
  schemas: () => aviso().then((s) => ({ response: s.AvisosResumen })),
});

export const markAvisoLeido = endpoint({
  operationId: 'markAvisoLeido',
  method: 'POST',
  path: '/api/usuario/avisos/:id/leido',
  security: 'session',
  tag: 'avisos',
  summary: 'Marca un aviso como leído',
  status: 204,
  errors: [404],
  schemas: () => aviso().then((s) => ({ params: s.AvisoIdParams, response: s.SinContenido })),
});

export const markAvisosLeidos = endpoint({
  operationId: 'markAvisosLeidos',
  method: 'POST',
  path: '/api/usuario/avisos/leidos',
  security: 'session',
  tag: 'avisos',
  summary: 'Marca como leídos todos los avisos del usuario conectado',
  schemas: () => aviso().then((s) => ({ response: s.AvisosMarcados })),
});

export const getPreferenciasAvisos = endpoint({
  operationId: 'getPreferenciasAvisos',
  method: 'GET',
  path: '/api/usuario/avisos/preferencias',
  security: 'session',
  tag: 'avisos',
  summary: 'Por qué canales recibe el usuario cada tipo de aviso (push, e-mail)',
  schemas: () => aviso().then((s) => ({ response: s.PreferenciasAvisos })),
});

export const updatePreferenciasAvisos = endpoint({
  operationId: 'updatePreferenciasAvisos',
  method: 'PUT',
  path: '/api/usuario/avisos/preferencias',
  security: 'session',
  tag: 'avisos',
  summary: 'Cambia los canales de uno o más tipos de aviso',
  schemas: () =>
    aviso().then((s) => ({ body: s.PreferenciasAvisosRequest, response: s.PreferenciasAvisos })),
});
