import { listSugerencias } from '@extranet/contracts/sugerencias/endpoints';
import { useInfiniteQuery } from '@tanstack/react-query';
import { endpointPages } from '../../../lib/endpoint-client';

/** Suggestions per page. */
export const SUGERENCIAS_PAGE_SIZE = 10;

/** This client's suggestions, newest first, page after page. */
export function useSugerencias() {
  return useInfiniteQuery(
    endpointPages(listSugerencias, { query: { limit: SUGERENCIAS_PAGE_SIZE } }),
  );
}
