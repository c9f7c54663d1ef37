import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { enCursoQueryOptions } from './get-en-curso';
import { trackingQueryOptions } from './get-tracking';

/**
 * What the tracking page shows from its address: the shipment `partida` of its path when there
 * is one; else the search `q` typed, and the shipments in progress while it is empty.
 */
export function trackingAddress(params: Params, query: URLSearchParams) {
  return { partida: params.porteId?.trim() ?? '', q: query.get('q') ?? '' };
}

/**
 * The page's loader (router.tsx): asks for what the page shows first (the shipment's tracking,
 * or the shipments in progress) as the navigation starts, not after the page's first render
 * (issue 20). No 401 redirect: the route guard decides what a visitor without a session sees.
 */
export function prefetchTracking(client: QueryClient, url: URL, params: Params): void {
  const { partida, q } = trackingAddress(params, url.searchParams);
  if (partida !== '') {
    void client.prefetchQuery(trackingQueryOptions(partida, { redirectOn401: false }));
  } else if (q === '') {
    void client.prefetchQuery(enCursoQueryOptions({ redirectOn401: false }));
  }
}
