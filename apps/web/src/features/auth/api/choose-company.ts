import { byPortal } from '@extranet/contracts/auth/endpoints';
import type { ChooseClienteRequest } from '@extranet/contracts/auth/login';
import type { AuthSession } from '@extranet/contracts/auth/session';
import { callEndpoint } from '../../../lib/endpoint-client';
import { clearOfflineData } from '../../../lib/offline-data';
import type { Portal } from '../../../lib/portal';
import { usePlainMutation } from '../../../lib/use-plain-mutation';

/**
 * `PUT /api/clientes/cliente` or `PUT /api/proveedores/proveedor` (spec §7): the company chosen
 * in the selection dialog becomes the session's; answers the updated session.
 */
export function chooseCompany(portal: Portal, company: ChooseClienteRequest): Promise<AuthSession> {
  // Another company's data must not stay offline under this one (issue 20).
  void clearOfflineData();
  return callEndpoint(byPortal.choose[portal], { body: company });
}

/** No query cache on the login pages (issue 7): a plain mutation. */
export function useChooseCompany(portal: Portal) {
  return usePlainMutation((company: ChooseClienteRequest) => chooseCompany(portal, company));
}
