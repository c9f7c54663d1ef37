/* global self, caches */
/* Service worker of the extranet: the installable apps' offline shell and last data seen
 * (issue 20), and Web Push notifications with their click. One worker for the whole origin
 * (one per scope). Plain JavaScript served from the site root (no inline script, CSP
 * script-src 'self'); the build writes its precache list into BUILD (vite.conductor.config.ts),
 * so a new deployment is a new worker, which waits until the page's "Recargar" asks it to take
 * over (docs/decisions/016-installable-app.md). */
'use strict';

const BUILD = /* build */ { version: 'dev', files: [] };
/** The build's scripts, styles, icons and manifests, one cache per version. */
const SHELL_CACHE = 'extranet-shell-' + BUILD.version;
/** The last page (HTML with its initial data) of each app: what opens offline. */
const PAGES_CACHE = 'extranet-paginas';
/** The last answer to each GET /api read: the session's private data, cleared at logout/login. */
const DATA_CACHE = 'extranet-datos';
/** Set on a stored answer: when it was received (the page's "Sin conexión: datos de las HH:mm"). */
const SAVED_HEADER = 'x-extranet-guardado';
const SHELL_FILES = new Set(BUILD.files);

/** The installable app a path belongs to (the server's appOfPath, plugins/spa.ts). */
function appOf(pathname) {
  if (pathname === '/proveedores' || pathname.startsWith('/proveedores/')) return 'proveedores';
  if (pathname.startsWith('/conductor/')) return 'conductor';
  return 'clientes';
}

/** The key of an app's last page in PAGES_CACHE. */
function pageKey(pathname) {
  return new URL('/__pagina/' + appOf(pathname), self.location.origin).href;
}

/** Stores a page answer under its app's key, if it is a page. */
function keepPage(pathname, response) {
  const type = response.headers.get('content-type') || '';
  if (!response.ok || !type.startsWith('text/html')) return Promise.resolve();
  return caches.open(PAGES_CACHE).then((cache) => cache.put(pageKey(pathname), response));
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.all([
      caches.open(SHELL_CACHE).then((cache) => cache.addAll(BUILD.files)),
      // The pages open now were loaded before any worker: keep them, so they open offline.
      self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) =>
        Promise.all(
          windows.map((client) => {
            const url = new URL(client.url);
            if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
            return fetch(url.href, { credentials: 'same-origin' })
              .then((response) => keepPage(url.pathname, response))
              .catch(() => undefined);
          }),
        ),
      ),
    ]).then(() => {
      // The first worker takes over at once; a new version waits for the page's prompt.
      if (!self.registration.active) return self.skipWaiting();
    }),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('extranet-shell-') && name !== SHELL_CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** The page's "Recargar" (app/pwa/update-prompt.tsx): the waiting version takes over. */
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

/** A page: from the network (kept for later), else the app's last page. */
function page(event, url) {
  return fetch(event.request).then(
    (response) => {
      event.waitUntil(keepPage(url.pathname, response.clone()));
      return response;
    },
    (error) =>
      caches
        .match(pageKey(url.pathname), { cacheName: PAGES_CACHE })
        .then((cached) => cached || Promise.reject(error)),
  );
}

/**
 * A GET /api read: from the network, its JSON answer kept with the time it came; offline, the
 * kept answer (marked by SAVED_HEADER). A 401 means the session is gone: its data goes too.
 */
function data(event) {
  const request = event.request;
  return fetch(request).then(
    (response) => {
      const type = response.headers.get('content-type') || '';
      if (response.status === 401) {
        event.waitUntil(caches.delete(DATA_CACHE));
      } else if (response.ok && type.startsWith('application/json')) {
        const copy = response.clone();
        event.waitUntil(
          copy.arrayBuffer().then((body) => {
            const headers = new Headers(copy.headers);
            headers.set(SAVED_HEADER, new Date().toISOString());
            return caches
              .open(DATA_CACHE)
              .then((cache) =>
                cache.put(request, new Response(body, { status: copy.status, headers })),
              );
          }),
        );
      }
      return response;
    },
    (error) =>
      caches
        .match(request, { cacheName: DATA_CACHE })
        .then((cached) => cached || Promise.reject(error)),
  );
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const api = url.pathname === '/api' || url.pathname.startsWith('/api/');
  if (request.mode === 'navigate') {
    // Downloads opened as pages (/api/…/pdf) go to the network as they are.
    if (!api) event.respondWith(page(event, url));
    return;
  }
  if (api) {
    event.respondWith(data(event));
    return;
  }
  if (SHELL_FILES.has(url.pathname)) {
    event.respondWith(
      caches
        .match(url.pathname, { cacheName: SHELL_CACHE })
        .then((cached) => cached || fetch(request)),
    );
  }
});

/** The payload `{ title, body, url, tag, icon }` the server sends; tolerates plain text too. */
function readPayload(event) {
  if (!event.data) return {};
  try {
    const payload = event.data.json();
    return payload && typeof payload === 'object' ? payload : {};
  } catch {
    return { body: event.data.text() };
  }
}

/** A same-origin URL for this path, or null: a payload never sends the user elsewhere. */
function sameOrigin(path) {
  if (typeof path !== 'string' || !path) return null;
  try {
    const url = new URL(path, self.location.origin);
    return url.origin === self.location.origin ? url : null;
  } catch {
    return null;
  }
}

/** "/proveedores/cargas" → "proveedores": a window of the same portal is reused. */
function portalOf(url) {
  return url.pathname.split('/')[1] || '';
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Extranet';
  const url = sameOrigin(payload.url) || new URL('/', self.location.origin);
  const icon = sameOrigin(payload.icon);
  const options = {
    body: typeof payload.body === 'string' ? payload.body : '',
    data: { url: url.pathname + url.search + url.hash },
    lang: 'es',
  };
  if (icon) options.icon = icon.href;
  // Same tag: the new notification replaces the older one (one per shipment), re-alerting.
  if (typeof payload.tag === 'string' && payload.tag) {
    options.tag = payload.tag;
    options.renotify = true;
  }
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = sameOrigin((event.notification.data && event.notification.data.url) || '/');
  if (!target) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const ours = windows.filter((client) => sameOrigin(client.url));
      // The page itself if open, else a window of the same portal, else any of ours.
      const client =
        ours.find((c) => new URL(c.url).href === target.href) ||
        ours.find((c) => portalOf(new URL(c.url)) === portalOf(target)) ||
        ours[0];
      if (!client) return self.clients.openWindow(target.href);
      return Promise.resolve(client.focus()).then((focused) => {
        const w = focused || client;
        if (new URL(w.url).href === target.href) return w;
        if (typeof w.navigate !== 'function') return self.clients.openWindow(target.href);
        // navigate() rejects for an uncontrolled window: open a new one instead.
        return w.navigate(target.href).catch(() => self.clients.openWindow(target.href));
      });
    }),
  );
});
