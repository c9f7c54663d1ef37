import { byPortal } from '@extranet/contracts/auth/endpoints';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client';
import type { Portal } from '../../../lib/portal';

/** `POST /api/logout` or `/api/proveedores/logout` (204): ends the session on the server. */
export async function logout(portal: Portal): Promise<void> {
  await callEndpoint(byPortal.logout[portal], {}, { redirectOn401: false });
}

export function useLogout(portal: Portal) {
  return useMutation({ mutationFn: () => logout(portal) });
}
