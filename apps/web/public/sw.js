/* global self */
/* Service worker of the extranet: shows Web Push notifications and opens their page on click.
 * Plain JavaScript served from the site root (no inline script, CSP script-src 'self'). */
'use strict';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
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
