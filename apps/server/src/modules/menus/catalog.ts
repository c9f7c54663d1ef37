import type { MenuEntry } from '@extranet/contracts/menus/menu';
import { resourceCatalog } from '@extranet/contracts/menus/resources';
import type { Portal } from '../../db/database.js';

/**
 * The menu of an access-link session of `portal`: such a session has no user and so no
 * `recursos` rows; it gets every section of the catalogue (which leaves out the Security
 * Circuit, as it needs a user's e-mail and code), numbered in menu order.
 */
export function accessLinkMenu(portal: Portal): MenuEntry[] {
  return resourceCatalog[portal].map((entry, i) => ({ ...entry, menu: i + 1 }));
}
