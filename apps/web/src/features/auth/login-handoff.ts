import type { MenuEntry } from '@extranet/contracts/menus/menu';
import type { Portal } from '../../lib/portal';

/**
 * The menus a login answered with, handed to the portal it opens: the login pages have no query
 * cache (issue 7, size budget), so the portal's new cache starts with them instead of asking
 * `GET /api/<portal>/menu` again.
 */
let handedOver: { portal: Portal; menus: MenuEntry[] } | undefined;

export function handOverMenus(portal: Portal, menus: MenuEntry[]): void {
  handedOver = { portal, menus };
}

/** The menus handed over by the last login, once; later caches fetch their own. */
export function takeHandedOverMenus(): { portal: Portal; menus: MenuEntry[] } | undefined {
  const taken = handedOver;
  handedOver = undefined;
  return taken;
}
