import { listTransportes, uploadCmr } from '@extranet/contracts/transportes/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpointKey, uploadToEndpoint } from '../../../lib/endpoint-client';
import type { UploadProgress } from '../../../lib/upload';
import { ALBARANES_KEY } from './get-albaranes-pendientes';

/** One file (PDF, JPEG or PNG) as the leg's CMR. */
export function subirCmr(
  subpartidaId: number,
  file: File,
  onProgress?: (progress: UploadProgress) => void,
) {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadToEndpoint(uploadCmr, { params: { id: subpartidaId } }, form, { onProgress });
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
        queryClient.invalidateQueries({ queryKey: endpointKey(listTransportes) }),
      ]),
  });
}
