import { exportFacturasProveedor } from '@extranet/contracts/facturas-proveedor/endpoints';
import { endpointUrl } from '../../../lib/endpoint-client';
import type { FacturasFiltros } from './get-facturas';

/** URLs of the server's export (CSV, XLSX) of the whole filtered invoice history. */
export function facturasExportUrls(filtros: FacturasFiltros) {
  return {
    csv: endpointUrl(exportFacturasProveedor.csv, { query: filtros }),
    xlsx: endpointUrl(exportFacturasProveedor.xlsx, { query: filtros }),
  };
}
