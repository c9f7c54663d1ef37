import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { InitialData } from '@extranet/contracts/initial-data/initial-data';
import { INITIAL_DATA_ELEMENT_ID } from '@extranet/contracts/initial-data/initial-data';
import type { FastifyInstance, FastifyReply, onSendAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { ensureCsrfCookie } from './csrf.js';
import { sendError } from './errors.js';

/** Serialises JSON so it cannot close the script element or break the HTML parser. */
export function toScriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function injectInitialData(html: string, data: InitialData): string {
  const element = `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${toScriptJson(data)}</script>`;
  return html.replace('</head>', `${element}</head>`);
}

/**
 * The three installable apps (issue 20): each has its web manifest (`<app>.webmanifest` in the
 * build), icons and theme colour, so that each installs on its own with its own name.
 */
export type InstallableApp = 'clientes' | 'proveedores' | 'conductor';

/** The app a page belongs to: the carrier portal and the driver page by path, else customers. */
export function appOfPath(url: string): InstallableApp {
  if (url === '/proveedores' || url.startsWith('/proveedores/') || url.startsWith('/proveedores?'))
    return 'proveedores';
  if (url.startsWith('/conductor/')) return 'conductor';
  return 'clientes';
}

/** A driver link's token as it may appear in a path (ours are 43 base64url characters). */
const DRIVER_TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/** The manifest of the build (`<dist>/<app>.webmanifest`), or undefined when it is missing. */
function readManifest(webDistDir: string, app: InstallableApp) {
  const file = path.join(webDistDir, `${app}.webmanifest`);
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> & {
    theme_color?: string;
  };
}

/**
 * What a page of `app` adds to its head: manifest, favicon, touch icon and theme colour.
 * `manifestUrl` is the driver link's own manifest (its start_url is the link).
 */
export function appHead(app: InstallableApp, themeColor: string, manifestUrl: string): string {
  return (
    `<link rel="manifest" href="${manifestUrl}">` +
    `<link rel="icon" href="/icons/${app}.svg" type="image/svg+xml">` +
    `<link rel="apple-touch-icon" href="/icons/${app}-192.png">` +
    `<meta name="theme-color" content="${themeColor}">`
  );
}

/**
 * Serves the built SPA: hashed assets with a year of caching, and index.html, with the
 * initial data embedded, for every other non-API path (history-mode routing).
 */
/** A page of the web build, revalidated on every visit; 503 while the web is not built. */
function sendPage(
  reply: FastifyReply,
  html: string | undefined,
  headers: Record<string, string> = {},
) {
  if (html === undefined) {
    return sendError(
      reply,
      503,
      'WEB_NOT_BUILT',
      'La aplicación web no está compilada. Ejecute «npm run build».',
    );
  }
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .headers(headers)
    .send(html);
}

export interface SpaPluginOptions {
  webDistDir: string;
  /** The data embedded in every page (app.ts hands in the module that builds it). */
  initialData: () => Promise<InitialData>;
  /** The page's CSP as sent: the Circuito Seguridad form's origins are added to it. */
  pageCsp: (csp: string) => Promise<string>;
}

export default fp<SpaPluginOptions>(
  async function spaPlugin(app: FastifyInstance, { webDistDir, initialData, pageCsp }) {
    const indexFile = path.join(webDistDir, 'index.html');
    const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
    // The driver's phone page (issue 17): its own light entry, without the portal's data.
    const conductorFile = path.join(webDistDir, 'conductor.html');
    const conductorHtml = existsSync(conductorFile)
      ? readFileSync(conductorFile, 'utf8')
      : undefined;
    const manifests = {
      clientes: readManifest(webDistDir, 'clientes'),
      proveedores: readManifest(webDistDir, 'proveedores'),
      conductor: readManifest(webDistDir, 'conductor'),
    };
    /** The page's head additions, when the build has the app's manifest. */
    const headOf = (app: InstallableApp, manifestUrl = `/${app}.webmanifest`) => {
      const manifest = manifests[app];
      if (!manifest) return '';
      return appHead(app, manifest.theme_color ?? '#ffffff', manifestUrl);
    };
    const withHead = (html: string, head: string) => html.replace('</head>', `${head}</head>`);
    // The shared shipment's page (issue 19): built with the driver page, just as light.
    const envioFile = path.join(webDistDir, 'envio.html');
    const envioHtml = existsSync(envioFile) ? readFileSync(envioFile, 'utf8') : undefined;

    if (indexHtml) {
      await app.register(fastifyStatic, {
        root: webDistDir,
        wildcard: false,
        index: false,
        // The build writes .br and .gz copies of scripts and styles: sent as they are.
        preCompressed: true,
        // We set Cache-Control ourselves: immutable for hashed assets, revalidated otherwise.
        cacheControl: false,
        allowedPath: (pathName) =>
          pathName !== '/index.html' &&
          pathName !== '/conductor.html' &&
          pathName !== '/envio.html',
        setHeaders(res, filePath) {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.setHeader(
            'cache-control',
            hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    } else {
      app.log.warn({ webDistDir }, 'web build not found: run `npm run build`');
    }

    const serveIndex = async (url: string, reply: FastifyReply) => {
      if (url.startsWith('/api/') || url === '/api') {
        return sendError(reply, 404, 'NOT_FOUND', 'Recurso no encontrado.');
      }
      if (!indexHtml) return sendPage(reply, undefined);
      const data = await initialData();
      ensureCsrfCookie(reply.request, reply);
      return sendPage(reply, injectInitialData(withHead(indexHtml, headOf(appOfPath(url))), data));
    };

    // The page is where the Circuito Seguridad form is posted from: its CSP's form-action must
    // allow the circuit's origins (from the data). A route hook, so it runs after the global
    // security headers, whatever they set.
    const allowCircuito: onSendAsyncHookHandler = async (_request, reply, payload) => {
      const csp = reply.getHeader('content-security-policy');
      const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
      if (html && typeof csp === 'string') {
        reply.header('content-security-policy', await pageCsp(csp));
      }
      return payload;
    };

    const page = { schema: { hide: true }, onSend: allowCircuito };
    app.get('/', page, (request, reply) => serveIndex(request.url, reply));
    // The token in the path is the link's credential: never sent on as a referrer. The e-CMR's
    // contactless signer (`/ecmr/firmar#<token>` or a code) shares this light page: no
    // session, no cookie, the one-time token in the fragment.
    const serveConductor = (reply: FastifyReply, head: string) =>
      sendPage(reply, conductorHtml && withHead(conductorHtml, head), {
        'referrer-policy': 'no-referrer',
      });
    app.get<{ Params: { token: string } }>(
      '/conductor/:token',
      { schema: { hide: true } },
      (request, reply) => {
        const { token } = request.params;
        // Its manifest's start_url is this very link: the installed app opens the driver's trip.
        const head = DRIVER_TOKEN.test(token)
          ? headOf('conductor', `/conductor/${token}/manifest.webmanifest`)
          : '';
        return serveConductor(reply, head);
      },
    );
    app.get('/ecmr/firmar', { schema: { hide: true } }, (_request, reply) =>
      serveConductor(reply, ''),
    );
    // The driver link's manifest: the build's, with the link as start_url. The token is not
    // looked up (no database here): the manifest of a dead link opens the page that says so.
    app.get<{ Params: { token: string } }>(
      '/conductor/:token/manifest.webmanifest',
      { schema: { hide: true } },
      (request, reply) => {
        const { token } = request.params;
        if (!manifests.conductor || !DRIVER_TOKEN.test(token)) {
          return sendError(reply, 404, 'NOT_FOUND', 'Recurso no encontrado.');
        }
        return reply
          .type('application/manifest+json; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('referrer-policy', 'no-referrer')
          .send(JSON.stringify({ ...manifests.conductor, start_url: `/conductor/${token}` }));
      },
    );
    // A capability page: never indexed, never sent on as a referrer.
    app.get('/envio/:token', { schema: { hide: true } }, (_request, reply) =>
      sendPage(reply, envioHtml, {
        'referrer-policy': 'no-referrer',
        'x-robots-tag': 'noindex, nofollow',
      }),
    );
    app.get('/*', page, (request, reply) => serveIndex(request.url, reply));
  },
  { name: 'spa', dependencies: ['database'] },
);
