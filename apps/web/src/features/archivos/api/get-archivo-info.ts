import type { ArchivoInfo } from '@extranet/contracts/archivos/archivo';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/clientes/archivos/:id/info: name, type and size of one of the client's files. */
export function getArchivoInfo(id: string, signal?: AbortSignal): Promise<ArchivoInfo> {
  return apiRequest<ArchivoInfo>('GET', `/api/clientes/archivos/${encodeURIComponent(id)}/info`, {
    signal,
  });
}

export function archivoInfoQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['clientes', 'archivos', 'info', id],
    queryFn: ({ signal }) => getArchivoInfo(id, signal),
  });
}

/** What the file page shows before the download. */
export function useArchivoInfo(id: string) {
  return useQuery(archivoInfoQueryOptions(id));
}

/** Where the file downloads from (attachment). */
export function archivoDownloadUrl(id: number | string): string {
  return `/api/clientes/archivos/${encodeURIComponent(String(id))}`;
}
