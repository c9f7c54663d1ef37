import { endpoint } from '../common/endpoint.js';

/**
 * Sign-in of both portals (spec §4, §7): session state, login (and recovery), logout, the
 * company choice and access links. The per-portal pairs differ only by path; `byPortal` picks
 * one. Schemas in `login.ts` and `session.ts`. In the login pages' first download: recovery
 * links and the second factor have modules of their own (`password-reset-endpoints.ts`,
 * `totp-endpoints.ts`).
 */
const login = () => import('./login.js');
const session = () => import('./session.js');
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

/** The customer and supplier definitions of each per-portal call. */
export const byPortal = {
  login: { clientes: loginCliente, proveedores: loginProveedor },
  logout: { clientes: logoutCliente, proveedores: logoutProveedor },
  choose: { clientes: chooseCliente, proveedores: chooseProveedor },
  accessLink: { clientes: openAccessLinkCliente, proveedores: openAccessLinkProveedor },
} as const;
