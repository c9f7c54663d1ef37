import type { ChooseClienteRequest } from '@extranet/contracts/auth/login';
import type { AuthSession } from '@extranet/contracts/auth/session';
import { apiRequest } from '../../../lib/api-client';
import type { Portal } from '../../../lib/portal';
import { usePlainMutation } from '../../../lib/use-plain-mutation';

/**
 * `PUT /api/clientes/cliente` or `PUT /api/proveedores/proveedor` (spec §7): the company chosen
 * in the selection dialog becomes the session's; answers the updated session.
 */
export function chooseCompany(portal: Portal, company: ChooseClienteRequest): Promise<AuthSession> {
  const path = portal === 'clientes' ? '/api/clientes/cliente' : '/api/proveedores/proveedor';
  return apiRequest('PUT', path, {
    body: company,
    schema: () => import('@extranet/contracts/auth/session').then((m) => m.AuthSession),
  });
}

/** No query cache on the login pages (issue 7): a plain mutation. */
export function useChooseCompany(portal: Portal) {
  return usePlainMutation((company: ChooseClienteRequest) => chooseCompany(portal, company));
}
