/* global self */
/* Service worker of the extranet: shows Web Push notifications and opens their link on click.
 * Plain JavaScript served from the site root (no inline script, CSP script-src 'self'). */
'use strict';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The payload `{ title, body, url }` the server sends; tolerates plain text too. */
function readPayload(event) {
  if (!event.data) return {};
  try {
    return event.data.json();
  } catch {
    return { body: event.data.text() };
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Extranet';
  const url = typeof payload.url === 'string' && payload.url ? payload.url : '/';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      data: { url },
      lang: 'es',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    (event.notification.data && event.notification.data.url) || '/',
    self.location.origin,
  );
  // Only our own pages: a payload never sends the user elsewhere.
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (new URL(client.url).href === target.href && 'focus' in client) return client.focus();
      }
      return self.clients.openWindow(target.href);
    }),
  );
});
