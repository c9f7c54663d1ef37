import { byPortal } from '@extranet/contracts/auth/endpoints';
import type { AuthSession } from '@extranet/contracts/auth/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../lib/endpoint-client';
import { clearOfflineData } from '../../../lib/offline-data';
import type { Portal } from '../../../lib/portal';

/**
 * `POST /api/clientes/access` or `/api/proveedores/access`: exchanges the path's id+token pair
 * for a session limited to that company (404 when forged, expired or revoked).
 */
export function openAccessLink(
  portal: Portal,
  id: string,
  token: string,
  signal?: AbortSignal,
): Promise<AuthSession> {
  // A new session: the last one's offline data goes (issue 20).
  void clearOfflineData();
  return callEndpoint(
    byPortal.accessLink[portal],
    { body: { id: Number(id), token } },
    { signal, redirectOn401: false },
  );
}

/** Once per id+token pair: moving between pages of the same link does not ask again. */
export function accessLinkQueryOptions(portal: Portal, id: string, token: string) {
  return queryOptions({
    queryKey: [...endpointKey(byPortal.accessLink[portal]), id, token],
    queryFn: ({ signal }) => openAccessLink(portal, id, token, signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useAccessLink(portal: Portal, id: string, token: string, enabled: boolean) {
  return useQuery({ ...accessLinkQueryOptions(portal, id, token), enabled });
}
