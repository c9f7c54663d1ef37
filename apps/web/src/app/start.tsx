import { StrictMode, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { AppLoader, PageLoader } from '../components/page-loader';
import { ErrorPage } from './error-page';
import { LoginApp, loginPortalAt } from './login-app';
import { AppProviders } from './providers';
import { applyUrlLanguage } from './url-language';

type Show = (content: ReactNode) => void;

/**
 * Loads the router (react-router, the route table, the guards: chunks of their own) and shows
 * it; after a login (`to`), once the portal page `to` is ready (router-app.tsx). A router that
 * does not arrive shows the error page, whose reload opens `to`.
 */
async function showRouterApp(show: Show, to?: string): Promise<void> {
  try {
    const { createRouterApp } = await import('./router-app');
    show(await createRouterApp(to));
  } catch (error) {
    if (to !== undefined) window.history.replaceState(null, '', to);
    show(<ErrorPage error={error} />);
  }
}

/**
 * Starts the app in `root` at the browser's location. A login page (most first visits) shows
 * without the router, some 30 KiB of its first download (issue 21, decision 018): its
 * `lang` parameter is applied as the router's root loader does, and a login loads the router
 * and shows the portal in place, without a reload. Every other page loads the router at once.
 */
export function startApp(root: Root): void {
  const show: Show = (content) =>
    root.render(
      <StrictMode>
        <AppProviders>{content}</AppProviders>
      </StrictMode>,
    );
  const portal = loginPortalAt(window.location.pathname);
  // A login page shows in a moment, in a layout of its own; a portal page starts in its frame.
  show(portal ? <PageLoader /> : <AppLoader />);
  if (!portal) {
    void showRouterApp(show);
    return;
  }
  let opening = false;
  const openPortal = (to: string) => {
    if (opening) return;
    opening = true;
    void showRouterApp(show, to);
  };
  void applyUrlLanguage(new URL(window.location.href)).finally(() =>
    show(<LoginApp portal={portal} openPortal={openPortal} />),
  );
}
