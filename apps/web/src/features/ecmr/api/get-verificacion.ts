import { verifyEcmr } from '@extranet/contracts/ecmr/endpoints';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/endpoint-client';

/** The public verification of an e-CMR by the id of its QR code (and the copy's hash). */
export function useVerificacionEcmr(verificacionId: string, h: string | undefined) {
  return useQuery(
    endpointQuery(verifyEcmr, {
      params: { verificacionId },
      query: h === undefined ? {} : { h },
    }),
  );
}
