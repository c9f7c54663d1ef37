import { byPortal } from '@extranet/contracts/auth/endpoints';
import { RECOVERY_MARKER } from '@extranet/contracts/auth/constants';
import type { LoginResponse } from '@extranet/contracts/auth/login';
import type { RegionCode } from '@extranet/contracts/regiones/region';
import { RECOVERY_TIMEOUT_MS } from '../../../lib/api-client';
import { callEndpoint } from '../../../lib/endpoint-client';
import type { Portal } from '../../../lib/portal';
import { usePlainMutation } from '../../../lib/use-plain-mutation';

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
  return callEndpoint(
    byPortal.login[portal],
    { body: { usuario, dregion, clave: RECOVERY_MARKER } },
    { timeoutMs: RECOVERY_TIMEOUT_MS, redirectOn401: false },
  );
}

/** The login pages have no query cache (issue 7): a plain mutation. */
export function useRecoverPassword(portal: Portal) {
  return usePlainMutation((input: RecoverPasswordInput) => recoverPassword(portal, input));
}
