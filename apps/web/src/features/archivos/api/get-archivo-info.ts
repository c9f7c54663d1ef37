import { downloadArchivoCliente, getArchivoInfo } from '@extranet/contracts/archivos/endpoints';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery, endpointUrl } from '../../../lib/endpoint-client';

export function archivoInfoQueryOptions(id: number) {
  return endpointQuery(getArchivoInfo, { params: { id } });
}

/** What the file page shows before the download: name, type and size (idle without an id). */
export function useArchivoInfo(id: number | undefined) {
  return useQuery({ ...archivoInfoQueryOptions(id ?? 0), enabled: id !== undefined });
}

/** Where one of the client's files downloads from (attachment). */
export function archivoDownloadUrl(id: number): string {
  return endpointUrl(downloadArchivoCliente, { params: { id } });
}
