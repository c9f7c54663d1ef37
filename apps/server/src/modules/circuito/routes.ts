import { receiveCircuitoDemo, showCircuitoDemo } from '@extranet/contracts/circuito/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.js';
import { escapeHtml } from '../../mail/templates/html.js';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
dt { font-weight: bold; margin-top: .75rem; }
dd { margin: .25rem 0 0; font-family: ui-monospace, monospace; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>`;
}

/**
 * Stand-in for the external Security Circuit (spec §2, §7 "Other"): the portal's button posts
 * the user's email and code as hidden form fields into a named window; this page shows what
 * arrived, so the demo and the browser tests can see the hand-over work.
 */
const circuitoRoutes: FastifyPluginAsync = async (app) => {
  // A plain HTML form post; parsed here only (no global form parser), with the body limit.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  await registerEndpoint(app, showCircuitoDemo, {
    handler: async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          page(
            'Circuito Seguridad (demostración)',
            `<p>Esta página sustituye, en la demostración, al Circuito Seguridad externo.</p>
<p>El botón <strong>Circuito Seguridad</strong> de las páginas de seguimiento, histórico y
facturas envía aquí, en una ventana aparte, el e-mail y el código del usuario conectado, y esta
página muestra lo que ha recibido.</p>`,
          ),
        ),
  });

  await registerEndpoint(app, receiveCircuitoDemo, {
    handler: async (request, reply) => {
      const fields = (request.body ?? {}) as Record<string, unknown>;
      const text = (value: unknown) => (typeof value === 'string' ? value : '');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          page(
            'Circuito Seguridad — datos recibidos',
            `<dl>
<dt>E-mail</dt><dd>${escapeHtml(text(fields['email']))}</dd>
<dt>Código</dt><dd>${escapeHtml(text(fields['code']))}</dd>
</dl>`,
          ),
        );
    },
  });
};

export default circuitoRoutes;
