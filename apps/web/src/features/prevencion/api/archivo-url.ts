import { downloadPrevencionArchivo } from '@extranet/contracts/prevencion/endpoints';
import { endpointUrl } from '../../../lib/endpoint-client';

/** Where the browser downloads a document's file. */
export function prevencionArchivoUrl(id: number): string {
  return endpointUrl(downloadPrevencionArchivo, { params: { id } });
}
