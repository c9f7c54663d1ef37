import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Portal } from '../../../lib/portal';
import { portalApi } from './portal-paths';

/** `POST /api/logout` or `/api/proveedores/logout` (204): ends the session on the server. */
export function logout(portal: Portal): Promise<void> {
  return apiRequest<void>('POST', portalApi(portal, 'logout'), { body: {}, redirectOn401: false });
}

export function useLogout(portal: Portal) {
  return useMutation({ mutationFn: () => logout(portal) });
}
