import type { ChooseClienteRequest } from '@extranet/contracts/auth/login';
import { AuthSession } from '@extranet/contracts/auth/session';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Portal } from '../../../lib/portal';

/**
 * `PUT /api/clientes/cliente` or `PUT /api/proveedores/proveedor` (spec §7): the company chosen
 * in the selection dialog becomes the session's; answers the updated session.
 */
export function chooseCompany(portal: Portal, company: ChooseClienteRequest): Promise<AuthSession> {
  const path = portal === 'clientes' ? '/api/clientes/cliente' : '/api/proveedores/proveedor';
  return apiRequest('PUT', path, { body: company, schema: AuthSession });
}

export function useChooseCompany(portal: Portal) {
  return useMutation({
    mutationFn: (company: ChooseClienteRequest) => chooseCompany(portal, company),
  });
}
