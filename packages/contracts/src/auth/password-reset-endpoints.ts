import { endpoint } from '../common/endpoint.js';

/**
 * Recovery links (spec §4): checking one and setting the new password. Its own module, not
 * `endpoints.ts`: that one is in the login pages' first download, these only in the lazy
 * "Nueva contraseña" page. Schemas in `login.ts`.
 */
const login = () => import('./login.js');
const noContent = () => import('../common/no-content.js');

export const checkPasswordReset = endpoint({
  operationId: 'checkPasswordReset',
  method: 'POST',
  path: '/api/password-reset/check',
  security: 'public',
  tag: 'auth',
  summary: 'Comprueba si un enlace de recuperación de contraseña sigue siendo válido',
  schemas: () =>
    login().then((s) => ({
      body: s.PasswordResetCheckRequest,
      response: s.PasswordResetCheckResponse,
    })),
});

export const resetPassword = endpoint({
  operationId: 'resetPassword',
  method: 'POST',
  path: '/api/password-reset',
  security: 'public',
  tag: 'auth',
  summary: 'Establece una contraseña nueva con un enlace de recuperación',
  status: 204,
  schemas: async () => {
    const [l, n] = await Promise.all([login(), noContent()]);
    return { body: l.PasswordResetBody, response: n.NoContent };
  },
});
