import { LoginResponse, RECOVERY_MARKER } from '@extranet/contracts/auth/login';
import type { RegionCode } from '@extranet/contracts/regiones/region';
import { apiRequest, RECOVERY_TIMEOUT_MS } from '../../../lib/api-client';
import type { Portal } from '../../../lib/portal';
import { usePlainMutation } from '../../../lib/use-plain-mutation';
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

/** The login pages have no query cache (issue 7): a plain mutation. */
export function useRecoverPassword(portal: Portal) {
  return usePlainMutation((input: RecoverPasswordInput) => recoverPassword(portal, input));
}
