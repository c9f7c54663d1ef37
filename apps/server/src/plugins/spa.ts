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
 * Serves the built SPA: hashed assets with a year of caching, and index.html, with the
 * initial data embedded, for every other non-API path (history-mode routing).
 */
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
      if (!indexHtml) {
        return sendError(
          reply,
          503,
          'WEB_NOT_BUILT',
          'La aplicación web no está compilada. Ejecute «npm run build».',
        );
      }
      const data = await initialData();
      ensureCsrfCookie(reply.request, reply);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(injectInitialData(indexHtml, data));
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
    // The token in the path is the link's credential: never sent on as a referrer.
    app.get('/conductor/:token', { schema: { hide: true } }, (_request, reply) => {
      if (!conductorHtml) {
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
        .header('referrer-policy', 'no-referrer')
        .send(conductorHtml);
    });
    // A capability page: never indexed, never sent on as a referrer.
    app.get('/envio/:token', { schema: { hide: true } }, (_request, reply) => {
      if (!envioHtml) {
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
        .header('referrer-policy', 'no-referrer')
        .header('x-robots-tag', 'noindex, nofollow')
        .send(envioHtml);
    });
    app.get('/*', page, (request, reply) => serveIndex(request.url, reply));
  },
  { name: 'spa', dependencies: ['database'] },
);
