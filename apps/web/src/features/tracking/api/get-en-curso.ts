import { listPortes } from '@extranet/contracts/portes/endpoints';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/endpoint-client';

/** How many shipments in progress the tracking page lists before linking to "Portes". */
export const EN_CURSO_MAX = 50;

/** The first page of the client's shipments, loading first: the call behind `useEnCurso`. */
export function enCursoQueryOptions(options?: Parameters<typeof endpointQuery>[2]) {
  return endpointQuery(
    listPortes,
    { query: { orden: 'fecha_carga_prevista_asc', limit: EN_CURSO_MAX } },
    options,
  );
}

/**
 * The client's shipments in progress (on the road or with an incident), loading first, with
 * their status and ETA: what the tracking page shows before any search. Refreshed every
 * minute while open, as the driver's pings move the figures.
 */
export function useEnCurso() {
  return useQuery({
    ...enCursoQueryOptions(),
    refetchInterval: 60_000,
    select: (page) => ({
      items: page.items.filter((p) => p.estado !== 'pendiente'),
      more: page.nextCursor !== null,
    }),
  });
}
