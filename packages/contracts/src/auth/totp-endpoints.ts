import { endpoint } from '../common/endpoint.js';

/**
 * The TOTP second factor (issue 7): the login's second step and the user's own enrolment. Its
 * own module, not `endpoints.ts`: that one is in the login pages' first download, these only
 * in the lazy second-step dialog and the security page. Schemas in `totp.ts` and `login.ts`.
 */
const login = () => import('./login.js');
const totp = () => import('./totp.js');
const noContent = () => import('../common/no-content.js');

/** Login step after the password: needs the pending-login cookie, not a session. */
export const verifyLoginTotp = endpoint({
  operationId: 'verifyLoginTotp',
  method: 'POST',
  path: '/api/auth/totp',
  security: 'public',
  tag: 'auth',
  summary: 'Segundo paso del login: el código de la aplicación de autenticación',
  errors: [401, 403, 409],
  schemas: async () => {
    const [l, t] = await Promise.all([login(), totp()]);
    return { body: t.TotpCodeRequest, response: l.LoginResponse };
  },
});

export const verifyLoginRecoveryCode = endpoint({
  operationId: 'verifyLoginRecoveryCode',
  method: 'POST',
  path: '/api/auth/totp/codigo-recuperacion',
  security: 'public',
  tag: 'auth',
  summary:
    'Segundo paso del login con un código de recuperación (un solo uso) en lugar del de la aplicación',
  errors: [401, 403, 409],
  schemas: async () => {
    const [l, t] = await Promise.all([login(), totp()]);
    return { body: t.RecoveryCodeRequest, response: l.LoginResponse };
  },
});

export const enrolTotpDuringLogin = endpoint({
  operationId: 'enrolTotpDuringLogin',
  method: 'POST',
  path: '/api/auth/totp/alta',
  security: 'public',
  tag: 'auth',
  summary: 'Alta obligatoria del segundo factor durante el login: secreto y código QR',
  errors: [401, 403, 409],
  schemas: () => totp().then((s) => ({ response: s.TotpEnrolment })),
});

export const getTotpStatus = endpoint({
  operationId: 'getTotpStatus',
  method: 'GET',
  path: '/api/totp',
  security: 'session',
  tag: 'auth',
  summary: 'Estado del segundo factor (TOTP) del usuario',
  schemas: () => totp().then((s) => ({ response: s.TotpStatus })),
});

export const startTotpEnrolment = endpoint({
  operationId: 'startTotpEnrolment',
  method: 'POST',
  path: '/api/totp/alta',
  security: 'session',
  tag: 'auth',
  summary: 'Empieza el alta del segundo factor: secreto y código QR (se muestran una vez)',
  errors: [409],
  schemas: () => totp().then((s) => ({ response: s.TotpEnrolment })),
});

const codeForRecoveryCodes = () =>
  totp().then((s) => ({ body: s.TotpCodeRequest, response: s.TotpRecoveryCodes }));

export const confirmTotpEnrolment = endpoint({
  operationId: 'confirmTotpEnrolment',
  method: 'POST',
  path: '/api/totp/confirmar',
  security: 'session',
  tag: 'auth',
  summary:
    'Confirma el alta del segundo factor con el primer código; devuelve los códigos de recuperación (se muestran una vez)',
  errors: [409],
  schemas: codeForRecoveryCodes,
});

export const regenerateTotpRecoveryCodes = endpoint({
  operationId: 'regenerateTotpRecoveryCodes',
  method: 'POST',
  path: '/api/totp/codigos-recuperacion',
  security: 'session',
  tag: 'auth',
  summary:
    'Genera nuevos códigos de recuperación con un código válido; los anteriores dejan de servir',
  errors: [409],
  schemas: codeForRecoveryCodes,
});

export const disableTotp = endpoint({
  operationId: 'disableTotp',
  method: 'POST',
  path: '/api/totp/desactivar',
  security: 'session',
  tag: 'auth',
  summary: 'Desactiva el segundo factor con un código válido',
  status: 204,
  errors: [409],
  schemas: async () => {
    const [t, n] = await Promise.all([totp(), noContent()]);
    return { body: t.TotpCodeRequest, response: n.NoContent };
  },
});
