import { menuByPortal } from '@extranet/contracts/menus/endpoints';
import type { MenuEntry } from '@extranet/contracts/menus/menu';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../lib/endpoint-client';
import type { Portal } from '../../../lib/portal';

/** `GET /api/clientes/menu` or `/api/proveedores/menu`: the sections the visitor may open. */
export function getMenu(portal: Portal, signal?: AbortSignal): Promise<MenuEntry[]> {
  return callEndpoint(menuByPortal.menu[portal], {}, { signal });
}

export function menuQueryOptions(portal: Portal, accessKey = '') {
  return queryOptions({
    // An access-link visit has its own session, hence its own menus.
    queryKey: [...endpointKey(menuByPortal.menu[portal], {}), accessKey],
    queryFn: ({ signal }) => getMenu(portal, signal),
  });
}

export function useMenu(portal: Portal, accessKey = '', enabled = true) {
  return useQuery({ ...menuQueryOptions(portal, accessKey), enabled });
}
