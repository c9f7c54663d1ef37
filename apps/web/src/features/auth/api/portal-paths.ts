import type { Portal } from '../../../lib/portal';

/** API prefix of each portal's own calls (spec §7): the customer login is `/api/login`. */
export function portalApi(portal: Portal, path: 'login' | 'logout'): string {
  return portal === 'clientes' ? `/api/${path}` : `/api/proveedores/${path}`;
}
