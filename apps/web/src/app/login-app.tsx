import { useTranslation } from 'react-i18next';
import { SkipLink } from '../components/skip-link';
import { ClienteLoginPage } from '../features/auth/pages/cliente-login-page';
import { ProveedorLoginPage } from '../features/auth/pages/proveedor-login-page';
import { OpenPortalContext, type OpenPortal } from '../features/auth/use-open-portal';
import { loginPaths, type Portal } from '../lib/portal';
import { useDocumentTitle } from './document-title';
import { PageErrorBoundary } from './error-page';
import { LoginLayout } from './layouts/login-layout';

/**
 * The portal whose login page `pathname` is, matched as the router matches its routes (any
 * case, a trailing slash); undefined for every other page.
 */
export function loginPortalAt(pathname: string): Portal | undefined {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  return (Object.keys(loginPaths) as Portal[]).find((portal) => loginPaths[portal] === path);
}

export interface LoginAppProps {
  /** Whose login page it is. */
  portal: Portal;
  /** Loads the rest of the app and shows `to` once signed in (app/start.tsx). */
  openPortal: OpenPortal;
}

/**
 * A login page as the router's routes show it (root-layout.tsx, login-route.tsx: skip link,
 * title, centred box, error page), without the router: a first visit to a login page does not
 * download it (issue 21).
 */
export function LoginApp({ portal, openPortal }: LoginAppProps) {
  const { t } = useTranslation();
  useDocumentTitle(
    portal === 'clientes' ? t('routes.cliente-login.title') : t('routes.proveedor-login.title'),
  );
  return (
    <PageErrorBoundary>
      <SkipLink />
      <LoginLayout>
        <OpenPortalContext.Provider value={openPortal}>
          {portal === 'clientes' ? <ClienteLoginPage /> : <ProveedorLoginPage />}
        </OpenPortalContext.Provider>
      </LoginLayout>
    </PageErrorBoundary>
  );
}
