import type { ReactElement } from 'react';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './router';

/** Settles once `router` has loaded its first page and no navigation is in progress. */
function settled(router: DataRouter): Promise<void> {
  const idle = () => router.state.initialized && router.state.navigation.state === 'idle';
  return new Promise((resolve) => {
    if (idle()) {
      resolve();
      return;
    }
    const unsubscribe = router.subscribe(() => {
      if (!idle()) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * The whole app, its router at the browser's location (app/start.tsx loads it on demand). With
 * `to`, after a login shown without the router, the router first navigates there, replacing the
 * login page in the history, and the element comes once that page is ready: the login page
 * stays until then, as it does when the router navigates from it.
 */
export async function createRouterApp(to?: string): Promise<ReactElement> {
  const router = createAppRouter();
  if (to !== undefined) {
    await settled(router);
    await router.navigate(to, { replace: true });
    await settled(router);
  }
  return <RouterProvider router={router} />;
}
