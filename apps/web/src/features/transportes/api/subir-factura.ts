import {
  listFacturasProveedor,
  uploadFacturaProveedor,
} from '@extranet/contracts/facturas-proveedor/endpoints';
import { listTransportes } from '@extranet/contracts/transportes/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpointKey, uploadToEndpoint } from '../../../lib/endpoint-client';
import type { UploadProgress } from '../../../lib/upload';
import { SIN_FACTURA_KEY } from './get-transportes-sin-factura';

/** The invoice's fields, amounts in cents. */
export interface FacturaNueva {
  numero: string;
  fecha_emision: string;
  base_imponible_centimos: number;
  iva_centimos: number;
  importe_centimos: number;
  transporteIds: number[];
  pdf: File;
}

/**
 * POST /api/proveedores/facturas (multipart): the fields first, `transporteIds` as ONE field
 * `[1,2]`, and the PDF last (the server reads the fields before it stores the file).
 */
export function subirFactura(
  factura: FacturaNueva,
  onProgress?: (progress: UploadProgress) => void,
) {
  const form = new FormData();
  form.append('numero', factura.numero);
  form.append('fecha_emision', factura.fecha_emision);
  form.append('base_imponible_centimos', String(factura.base_imponible_centimos));
  form.append('iva_centimos', String(factura.iva_centimos));
  form.append('importe_centimos', String(factura.importe_centimos));
  form.append('transporteIds', JSON.stringify(factura.transporteIds));
  form.append('file', factura.pdf, factura.pdf.name);
  return uploadToEndpoint(uploadFacturaProveedor, {}, form, { onProgress });
}

/** Uploads an invoice; the invoiced transports leave the list, the history gains it. */
export function useSubirFactura() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      factura,
      onProgress,
    }: {
      factura: FacturaNueva;
      onProgress?: (progress: UploadProgress) => void;
    }) => subirFactura(factura, onProgress),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SIN_FACTURA_KEY }),
        queryClient.invalidateQueries({ queryKey: endpointKey(listFacturasProveedor) }),
        queryClient.invalidateQueries({ queryKey: endpointKey(listTransportes) }),
      ]),
  });
}
