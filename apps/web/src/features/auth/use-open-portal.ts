import { createContext, useContext } from 'react';

/** Opens the portal page `to` after a login, in place of the login page in the history. */
export type OpenPortal = (to: string) => void;

/**
 * Given by whatever shows a login page: the router (a navigation, app/layouts/login-route.tsx)
 * or the login pages' own start without it (app/start.tsx loads the router first).
 */
export const OpenPortalContext = createContext<OpenPortal | undefined>(undefined);

/** How this login page opens its portal once signed in. */
export function useOpenPortal(): OpenPortal {
  const openPortal = useContext(OpenPortalContext);
  if (!openPortal) throw new Error('Falta OpenPortalContext: el login no sabe abrir el portal');
  return openPortal;
}
