import { downloadFacturaPdf, getFactura } from '@extranet/contracts/facturas/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointQuery, endpointUrl } from '../../../lib/endpoint-client';

export function facturaQueryOptions(id: number) {
  return queryOptions({
    ...endpointQuery(getFactura, { params: { id } }),
    // Issued invoices do not change.
    staleTime: 5 * 60_000,
  });
}

/** One invoice and its lines. */
export function useFactura(id: number) {
  return useQuery(facturaQueryOptions(id));
}

/** Where the invoice's PDF downloads from (the server sends it as an attachment). */
export function facturaPdfUrl(id: number): string {
  return endpointUrl(downloadFacturaPdf, { params: { id } });
}
