import { endpoint } from '../common/endpoint.js';

/**
 * The signed-in user's own settings, the same for both portals (issue 20 point 7). Its own
 * module, not `auth/endpoints.ts`: that one is in the login pages' first download. Schemas in
 * `preferencias.ts`.
 */
export const updatePreferenciasUsuario = endpoint({
  operationId: 'updatePreferenciasUsuario',
  method: 'PATCH',
  path: '/api/usuario/preferencias',
  security: 'session',
  tag: 'auth',
  summary: 'Guarda las preferencias del usuario conectado (el idioma del portal)',
  schemas: () =>
    import('./preferencias.js').then((s) => ({
      body: s.PreferenciasRequest,
      response: s.Preferencias,
    })),
});
