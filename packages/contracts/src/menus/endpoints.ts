import { endpoint } from '../common/endpoint.js';

/**
 * The sections of the session's user (spec §7). `updatemenu` (called after a company is
 * chosen) answers the same as `menu`; they differ only by name, as in the spec. Schemas in
 * `menu.ts`.
 */
const menu = () => import('./menu.js').then((s) => ({ response: s.MenuResponse }));

export const getMenuCliente = endpoint({
  operationId: 'getMenuCliente',
  method: 'GET',
  path: '/api/clientes/menu',
  security: 'session',
  tag: 'auth',
  summary: 'Menú del portal de clientes',
  schemas: menu,
});

export const refreshMenuCliente = endpoint({
  operationId: 'refreshMenuCliente',
  method: 'GET',
  path: '/api/clientes/updatemenu',
  security: 'session',
  tag: 'auth',
  summary: 'Menú del portal de clientes, recalculado tras elegir el cliente',
  schemas: menu,
});

export const getMenuProveedor = endpoint({
  operationId: 'getMenuProveedor',
  method: 'GET',
  path: '/api/proveedores/menu',
  security: 'session',
  tag: 'auth',
  summary: 'Menú del portal de proveedores',
  schemas: menu,
});

export const refreshMenuProveedor = endpoint({
  operationId: 'refreshMenuProveedor',
  method: 'GET',
  path: '/api/proveedores/updatemenu',
  security: 'session',
  tag: 'auth',
  summary: 'Menú del portal de proveedores, recalculado tras elegir el proveedor',
  schemas: menu,
});

/** The customer and supplier definitions of each call. */
export const menuByPortal = {
  menu: { clientes: getMenuCliente, proveedores: getMenuProveedor },
  updatemenu: { clientes: refreshMenuCliente, proveedores: refreshMenuProveedor },
} as const;
