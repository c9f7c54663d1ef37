import type { MailMessage } from '../mailer.js';

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const PIE_ES =
  'Extranet de transporte. Este mensaje se ha enviado automáticamente; no responda a él.';

/**
 * A minimal, inline-styled HTML e-mail body (mail clients ignore style sheets). In Spanish
 * unless told the language and its footer (the shipment link's visitor notices).
 */
export function emailLayout(
  title: string,
  bodyHtml: string,
  idioma: { lang: string; pie: string } = { lang: 'es', pie: PIE_ES },
): string {
  return `<!doctype html>
<html lang="${escapeHtml(idioma.lang)}">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; font-size: 15px; color: #222; line-height: 1.5;">
${bodyHtml}
<p style="color: #777; font-size: 12px;">${escapeHtml(idioma.pie)}</p>
</body>
</html>`;
}

/** Label/value rows of a message. */
export type Filas = Array<[label: string, value: string]>;

/** The rows as lines of a plain-text body: "Label: value". */
export function filasTexto(filas: Filas): string[] {
  return filas.map(([k, v]) => `${k}: ${v}`);
}

/** The rows as an HTML table; `multilinea` keeps the line breaks of free-text values. */
export function filasHtml(filas: Filas, multilinea = false): string {
  const th = `text-align: left; padding: 4px 12px 4px 0;${multilinea ? ' vertical-align: top;' : ''}`;
  const td = `padding: 4px 0;${multilinea ? ' white-space: pre-wrap;' : ''}`;
  return `<table style="border-collapse: collapse;">
${filas
  .map(
    ([k, v]) =>
      `<tr><th style="${th}">${escapeHtml(k)}</th><td style="${td}">${escapeHtml(v)}</td></tr>`,
  )
  .join('\n')}
</table>`;
}

/**
 * A notice to one user of a portal: greeting, message, the rows and the link to the page,
 * labelled `enlace` (in the text body `enlaceTexto`, when it reads better there).
 */
export function avisoMail(
  d: { to: string; nombre: string; link: string },
  subject: string,
  mensaje: string,
  filas: Filas,
  enlace: string,
  enlaceTexto = enlace,
): MailMessage {
  const text = [
    `Hola, ${d.nombre}:`,
    '',
    mensaje,
    '',
    ...filasTexto(filas),
    '',
    `${enlaceTexto}: ${d.link}`,
  ].join('\n');
  const html = emailLayout(
    subject,
    `<p>Hola, ${escapeHtml(d.nombre)}:</p>
<p>${escapeHtml(mensaje)}</p>
${filasHtml(filas)}
<p><a href="${escapeHtml(d.link)}">${escapeHtml(enlace)}</a></p>`,
  );
  return { to: d.to, subject, text, html };
}
