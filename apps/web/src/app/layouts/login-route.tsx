import { useCallback, type ReactNode } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { OpenPortalContext } from '../../features/auth/use-open-portal';
import { LoginLayout } from './login-layout';

/** Inside the router a login opens its portal by a navigation that replaces the login page. */
export function OpenPortalByRouter({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const openPortal = useCallback((to: string) => void navigate(to, { replace: true }), [navigate]);
  return <OpenPortalContext.Provider value={openPortal}>{children}</OpenPortalContext.Provider>;
}

/**
 * The login layout as a route of the router: the login pages once the router is there (after
 * a logout, a guard's redirect), the new password and the e-CMR check.
 */
export function LoginRoute() {
  return (
    <LoginLayout>
      <OpenPortalByRouter>
        <Outlet />
      </OpenPortalByRouter>
    </LoginLayout>
  );
}
