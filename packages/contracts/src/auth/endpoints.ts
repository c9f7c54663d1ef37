import { endpoint } from '../common/endpoint.js';

/**
 * Sign-in of both portals (spec §4, §7): session state, login (and recovery), logout, the
 * company choice, access links, recovery links and the TOTP second factor (issue 7). The
 * per-portal pairs differ only by path; `byPortal` picks one. Schemas in `login.ts`,
 * `session.ts` and `totp.ts`.
 */
const login = () => import('./login.js');
const session = () => import('./session.js');
const totp = () => import('./totp.js');
const noContent = () => import('../common/no-content.js');

export const getAuthSession = endpoint({
  operationId: 'getAuthSession',
  method: 'GET',
  path: '/api/auth',
  security: 'public',
  tag: 'auth',
  summary: 'Estado de la sesión actual',
  schemas: () => session().then((s) => ({ response: s.AuthSession })),
});

const loginSchemas = () =>
  login().then((s) => ({ body: s.LoginRequest, response: s.LoginResponse }));

export const loginCliente = endpoint({
  operationId: 'loginCliente',
  method: 'POST',
  path: '/api/login',
  security: 'public',
  tag: 'auth',
  summary: 'Login de clientes (o petición de nueva contraseña)',
  errors: [401, 403],
  schemas: loginSchemas,
});

export const loginProveedor = endpoint({
  operationId: 'loginProveedor',
  method: 'POST',
  path: '/api/proveedores/login',
  security: 'public',
  tag: 'auth',
  summary: 'Login de proveedores (o petición de nueva contraseña)',
  errors: [401, 403],
  schemas: loginSchemas,
});

const logoutSchemas = () => noContent().then((s) => ({ response: s.NoContent }));

export const logoutCliente = endpoint({
  operationId: 'logoutCliente',
  method: 'POST',
  path: '/api/logout',
  security: 'public',
  tag: 'auth',
  summary: 'Cierra la sesión del portal de clientes',
  status: 204,
  schemas: logoutSchemas,
});

export const logoutProveedor = endpoint({
  operationId: 'logoutProveedor',
  method: 'POST',
  path: '/api/proveedores/logout',
  security: 'public',
  tag: 'auth',
  summary: 'Cierra la sesión del portal de proveedores',
  status: 204,
  schemas: logoutSchemas,
});

export const chooseCliente = endpoint({
  operationId: 'chooseCliente',
  method: 'PUT',
  path: '/api/clientes/cliente',
  security: 'session',
  tag: 'auth',
  summary: 'Elige el cliente activo',
  schemas: async () => {
    const [l, s] = await Promise.all([login(), session()]);
    return { body: l.ChooseClienteRequest, response: s.AuthSession };
  },
});

export const chooseProveedor = endpoint({
  operationId: 'chooseProveedor',
  method: 'PUT',
  path: '/api/proveedores/proveedor',
  security: 'session',
  tag: 'auth',
  summary: 'Elige el proveedor activo',
  schemas: async () => {
    const [l, s] = await Promise.all([login(), session()]);
    return { body: l.ChooseProveedorRequest, response: s.AuthSession };
  },
});

const accessLinkSchemas = async () => {
  const [l, s] = await Promise.all([login(), session()]);
  return { body: l.AccessLinkRequest, response: s.AuthSession };
};

/** The `{id}/{token}` pages of spec §2 exchange their pair for a session limited to it. */
export const openAccessLinkCliente = endpoint({
  operationId: 'openAccessLinkCliente',
  method: 'POST',
  path: '/api/clientes/access',
  security: 'public',
  tag: 'auth',
  summary: 'Abre una sesión con un enlace de acceso del portal de clientes',
  errors: [404],
  schemas: accessLinkSchemas,
});

export const openAccessLinkProveedor = endpoint({
  operationId: 'openAccessLinkProveedor',
  method: 'POST',
  path: '/api/proveedores/access',
  security: 'public',
  tag: 'auth',
  summary: 'Abre una sesión con un enlace de acceso del portal de proveedores',
  errors: [404],
  schemas: accessLinkSchemas,
});

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

/** The customer and supplier definitions of each per-portal call. */
export const byPortal = {
  login: { clientes: loginCliente, proveedores: loginProveedor },
  logout: { clientes: logoutCliente, proveedores: logoutProveedor },
  choose: { clientes: chooseCliente, proveedores: chooseProveedor },
  accessLink: { clientes: openAccessLinkCliente, proveedores: openAccessLinkProveedor },
} as const;
