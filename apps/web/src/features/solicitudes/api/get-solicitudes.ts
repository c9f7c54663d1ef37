import { listSolicitudes } from '@extranet/contracts/solicitudes/endpoints';
import { useInfiniteQuery } from '@tanstack/react-query';
import { endpointPages } from '../../../lib/endpoint-client';

/** Requests per page of the history below the form. */
export const SOLICITUDES_PAGE_SIZE = 10;

/** This client's past requests, newest first, page after page. */
export function useSolicitudes() {
  return useInfiniteQuery(
    endpointPages(listSolicitudes, { query: { limit: SOLICITUDES_PAGE_SIZE } }),
  );
}
