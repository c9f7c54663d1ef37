import { LoginResponse, RECOVERY_MARKER } from '@extranet/contracts/auth/login';
import type { RegionCode } from '@extranet/contracts/regiones/region';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, RECOVERY_TIMEOUT_MS } from '../../../lib/api-client';
import type { Portal } from '../../../lib/portal';
import { portalApi } from './portal-paths';

export interface RecoverPasswordInput {
  usuario: string;
  dregion: RegionCode;
}

/**
 * Password recovery (spec §7): the portal's login call with the fixed recovery marker as
 * `clave`, 8 s timeout; the answer's `recoverEmailSent` says whether the e-mail went out.
 */
export function recoverPassword(
  portal: Portal,
  { usuario, dregion }: RecoverPasswordInput,
): Promise<LoginResponse> {
  return apiRequest('POST', portalApi(portal, 'login'), {
    body: { usuario, dregion, clave: RECOVERY_MARKER },
    timeoutMs: RECOVERY_TIMEOUT_MS,
    schema: LoginResponse,
    redirectOn401: false,
  });
}

export function useRecoverPassword(portal: Portal) {
  return useMutation({
    mutationFn: (input: RecoverPasswordInput) => recoverPassword(portal, input),
  });
}
