import { listTransportesSinFactura } from '@extranet/contracts/transportes/endpoints';
import { useInfiniteQuery } from '@tanstack/react-query';
import { endpointKey, endpointPages } from '../../../lib/endpoint-client';
import type { SubirFacturasFilters } from '../upload-filters';
import { pendientesQuery } from './get-albaranes-pendientes';

/** Rows per keyset page of the invoice upload list. */
export const SIN_FACTURA_PAGE_SIZE = 100;

/** Every "sin factura" list (what an invoice upload invalidates). */
export const SIN_FACTURA_KEY = endpointKey(listTransportesSinFactura);

export function transportesSinFacturaQueryOptions(filters: SubirFacturasFilters) {
  return endpointPages(listTransportesSinFactura, {
    query: { ...pendientesQuery(filters), limit: SIN_FACTURA_PAGE_SIZE },
  });
}

/** Transports still to invoice, page after page. */
export function useTransportesSinFactura(filters: SubirFacturasFilters) {
  return useInfiniteQuery(transportesSinFacturaQueryOptions(filters));
}
