import { uploadCertificado } from '@extranet/contracts/certificados/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadToEndpoint } from '../../../lib/endpoint-client';
import type { UploadProgress } from '../../../lib/upload';
import { CERTIFICADOS_KEY, certificadosQueryOptions } from './get-certificados';

/** A new version of a certificate. */
export interface CertificadoNuevo {
  /** `certificado_tipos.codigo`. */
  tipo: string;
  fecha_emision?: string;
  fecha_caducidad: string;
  file: File;
}

/** Multipart: the fields first, then the file (the server reads them before storing it). */
export function subirCertificado(
  certificado: CertificadoNuevo,
  onProgress?: (progress: UploadProgress) => void,
) {
  const form = new FormData();
  form.append('tipo', certificado.tipo);
  if (certificado.fecha_emision) form.append('fecha_emision', certificado.fecha_emision);
  form.append('fecha_caducidad', certificado.fecha_caducidad);
  form.append('file', certificado.file, certificado.file.name);
  return uploadToEndpoint(uploadCertificado, {}, form, { onProgress });
}

/** Uploads a version; the answer is the new list, and the warning is checked again. */
export function useSubirCertificado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      certificado,
      onProgress,
    }: {
      certificado: CertificadoNuevo;
      onProgress?: (progress: UploadProgress) => void;
    }) => subirCertificado(certificado, onProgress),
    onSuccess: async (list) => {
      queryClient.setQueryData(certificadosQueryOptions().queryKey, list);
      await queryClient.invalidateQueries({ queryKey: CERTIFICADOS_KEY });
    },
  });
}
