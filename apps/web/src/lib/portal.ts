/** The two audiences of the extranet; also the first URL segment of their pages. */
export type Portal = 'clientes' | 'proveedores';

/** Login page of each portal (spec §2, §8). */
export const loginPaths: Record<Portal, string> = {
  clientes: '/login',
  proveedores: '/proveedores/login',
};
