import type { CertificadosList } from '@extranet/contracts/certificados/certificado';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFile, type UploadProgress } from '../../../lib/upload';
import { CERTIFICADOS_KEY, certificadosQueryOptions } from './get-certificados';

/** A new version of a certificate. */
export interface CertificadoNuevo {
  /** `certificado_tipos.codigo`. */
  tipo: string;
  fecha_emision?: string;
  fecha_caducidad: string;
  file: File;
}

/** POST /api/proveedores/certificados (multipart: fields first, then the file). */
export function subirCertificado(
  certificado: CertificadoNuevo,
  onProgress?: (progress: UploadProgress) => void,
): Promise<CertificadosList> {
  const form = new FormData();
  form.append('tipo', certificado.tipo);
  if (certificado.fecha_emision) form.append('fecha_emision', certificado.fecha_emision);
  form.append('fecha_caducidad', certificado.fecha_caducidad);
  form.append('file', certificado.file, certificado.file.name);
  return uploadFile<CertificadosList>('/api/proveedores/certificados', form, { onProgress });
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
