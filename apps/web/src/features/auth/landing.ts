import type { Portal } from '../../lib/portal';
import { clearAfterLogin, readAfterLogin } from '../../lib/storage';

/** Spec §9: default landing pages (cliente-tracking, proveedor-cargas). */
export const defaultLanding: Record<Portal, string> = {
  clientes: '/clientes/tracking',
  proveedores: '/proveedores/cargas',
};

/**
 * Where to go after a login (spec §4): the stored afterLogin path, used once, or the portal's
 * landing page. Only in-app paths are honoured, never another origin.
 */
export function takeAfterLogin(portal: Portal): string {
  const stored = readAfterLogin(portal);
  clearAfterLogin(portal);
  const safe = stored?.startsWith('/') && !stored.startsWith('//') && !stored.startsWith('/\\');
  return safe && stored ? stored : defaultLanding[portal];
}
