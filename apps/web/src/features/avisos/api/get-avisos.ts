import { getAvisosResumen, listAvisos } from '@extranet/contracts/avisos/endpoints';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { endpointPages, endpointQuery } from '../../../lib/endpoint-client';

/** How often the bell asks for news while a portal page is open. */
export const AVISOS_REFRESCO_MS = 60_000;

/** The unread count of the bell, refreshed every minute and when the tab comes back. */
export function useAvisosResumen(enabled: boolean) {
  return useQuery({
    ...endpointQuery(getAvisosResumen, {}),
    enabled,
    refetchInterval: AVISOS_REFRESCO_MS,
    refetchOnWindowFocus: true,
  });
}

/** The notice centre's list, newest first, page after page. */
export function useAvisos(estado: 'todos' | 'no_leidos') {
  return useInfiniteQuery(endpointPages(listAvisos, { query: { estado, limit: 20 } }));
}
