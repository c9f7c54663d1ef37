import { getFacturaProveedor } from '@extranet/contracts/facturas-proveedor/endpoints';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/endpoint-client';

export function facturaQueryOptions(id: number) {
  return endpointQuery(getFacturaProveedor, { params: { id } });
}

/** One invoice's detail: the transports it covers and its file (the history's expandable row). */
export function useFactura(id: number) {
  return useQuery(facturaQueryOptions(id));
}
