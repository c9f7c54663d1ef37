import { menuByPortal } from '@extranet/contracts/menus/endpoints';
import type { MenuEntry } from '@extranet/contracts/menus/menu';
import { callEndpoint } from '../../../lib/endpoint-client';
import type { Portal } from '../../../lib/portal';

/**
 * `GET /api/clientes/updatemenu` or `/api/proveedores/updatemenu`: the menus recomputed for the
 * company just chosen (spec §4). Called once after the selection dialog, so no query hook.
 */
export function updateMenu(portal: Portal): Promise<MenuEntry[]> {
  return callEndpoint(menuByPortal.updatemenu[portal], {});
}
