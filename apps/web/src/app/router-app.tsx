import type { ReactElement } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './router';

export interface RouterApp {
  /** What renders the app's routes. */
  element: ReactElement;
  /** Settles once the router's first load (loaders, lazy route modules) is done. */
  ready: Promise<void>;
}

/** The whole app, its router at the browser's location (app/start.tsx loads it on demand). */
export function createRouterApp(): RouterApp {
  const router = createAppRouter();
  const ready = new Promise<void>((resolve) => {
    if (router.state.initialized) {
      resolve();
      return;
    }
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
  return { element: <RouterProvider router={router} />, ready };
}
