import type { SubpartidaDetalle } from '@extranet/contracts/transportes/transporte';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFile, type UploadProgress } from '../../../lib/upload';
import { ALBARANES_KEY } from './get-albaranes-pendientes';

/** POST /api/proveedores/subpartidas/:id/cmr: one file (PDF, JPEG or PNG) as the leg's CMR. */
export function subirCmr(
  subpartidaId: number,
  file: File,
  onProgress?: (progress: UploadProgress) => void,
): Promise<SubpartidaDetalle> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadFile<SubpartidaDetalle>(`/api/proveedores/subpartidas/${subpartidaId}/cmr`, form, {
    onProgress,
  });
}

/** Uploads a CMR; the pending list and the history refetch (the leg leaves the list). */
export function useSubirCmr() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      subpartidaId,
      file,
      onProgress,
    }: {
      subpartidaId: number;
      file: File;
      onProgress?: (progress: UploadProgress) => void;
    }) => subirCmr(subpartidaId, file, onProgress),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ALBARANES_KEY }),
        queryClient.invalidateQueries({ queryKey: ['proveedores', 'transportes'] }),
      ]),
  });
}
