import {
  createEcmr,
  getEcmr,
  getEcmrDiferencias,
  listEcmrVersiones,
  updateEcmr,
} from '@extranet/contracts/ecmr/endpoints';
import type { EcmrDetalle, EdicionEcmr } from '@extranet/contracts/ecmr/ecmr';
import {
  listTransportes,
  listAlbaranesPendientes,
} from '@extranet/contracts/transportes/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey, endpointQuery } from '../../../lib/endpoint-client';

/*
 * The carrier's e-CMR of one leg (issue 18): the note, its creation, edits and versions.
 */

/** The note of a leg: current version, signatures, chain (404 while it has none). */
export function useEcmr(subpartidaId: number) {
  return useQuery({
    ...endpointQuery(getEcmr, { params: { id: subpartidaId } }),
    // A leg without a note is an answer, not a failure to retry.
    retry: false,
  });
}

/** Every version of the note, the first first. */
export function useEcmrVersiones(subpartidaId: number, enabled: boolean) {
  return useQuery({
    ...endpointQuery(listEcmrVersiones, { params: { id: subpartidaId } }),
    enabled,
  });
}

/** The fields that change between two versions. */
export function useEcmrDiferencias(subpartidaId: number, desde: number, hasta: number) {
  return useQuery(
    endpointQuery(getEcmrDiferencias, { params: { id: subpartidaId }, query: { desde, hasta } }),
  );
}

/** After a change: the note, its versions and the lists that show its state. */
function useRefrescar(subpartidaId: number) {
  const queryClient = useQueryClient();
  return (detalle: EcmrDetalle) => {
    queryClient.setQueryData(endpointKey(getEcmr, { params: { id: subpartidaId } }), detalle);
    return Promise.all([
      queryClient.invalidateQueries({
        queryKey: endpointKey(listEcmrVersiones, { params: { id: subpartidaId } }),
      }),
      queryClient.invalidateQueries({ queryKey: endpointKey(listTransportes) }),
      queryClient.invalidateQueries({ queryKey: endpointKey(listAlbaranesPendientes) }),
    ]);
  };
}

/** Creates the leg's note from the transport data. */
export function useCrearEcmr(subpartidaId: number) {
  const refrescar = useRefrescar(subpartidaId);
  return useMutation({
    mutationFn: () => callEndpoint(createEcmr, { params: { id: subpartidaId } }),
    onSuccess: refrescar,
  });
}

/** Changes fields: in place before the first signature, a new version after it. */
export function useEditarEcmr(subpartidaId: number) {
  const refrescar = useRefrescar(subpartidaId);
  return useMutation({
    mutationFn: (body: EdicionEcmr) =>
      callEndpoint(updateEcmr, { params: { id: subpartidaId }, body }),
    onSuccess: refrescar,
  });
}
