import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import { SkipLink } from '../../components/skip-link';
import { useDocumentTitle } from '../document-title';
import { isRouteHandle } from '../route-handle';

/** The handle of the deepest matched route that has one. */
export function useCurrentRouteHandle() {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}

/** Outermost layout: skip link, document title and scroll to top on every navigation (spec §2). */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const handle = useCurrentRouteHandle();
  const title = handle ? t(`routes.${handle.name}.title`, { defaultValue: handle.title }) : '';

  useDocumentTitle(title);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <>
      <SkipLink />
      <Outlet />
    </>
  );
}
