/** The one service worker (public/sw.js), served from the site root so it controls every page. */
export const SERVICE_WORKER_URL = '/sw.js';

/** How often an open page asks whether a new version was deployed. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the worker once the page has loaded (issue 20: it must not compete with the first
 * screen) and calls `onWaiting` when a new version is installed and waiting. `apply` hands over
 * to it and reloads the page once it controls it. Shared by the portals and the driver page.
 */
export function registerServiceWorker(onWaiting: (apply: () => void) => void): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  const start = async () => {
    const registration = await container.register(SERVICE_WORKER_URL);
    let offered: ServiceWorker | undefined;
    const offer = () => {
      const waiting = registration.waiting;
      // Without a controller this is the first install: nothing to replace.
      if (!waiting || !container.controller || offered === waiting) return;
      offered = waiting;
      onWaiting(() => {
        container.addEventListener('controllerchange', () => location.reload(), { once: true });
        waiting.postMessage({ type: 'SKIP_WAITING' });
      });
    };
    offer();
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing;
      installing?.addEventListener('statechange', () => {
        if (installing.state === 'installed') offer();
      });
    });
    const check = () => void registration.update().catch(() => undefined);
    setInterval(check, UPDATE_CHECK_MS);
    // An installed app resumed from the background asks at once.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') check();
    });
  };
  const run = () => void start().catch((error: unknown) => console.warn('Service worker', error));
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}
