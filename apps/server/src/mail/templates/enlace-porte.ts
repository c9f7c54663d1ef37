import type { MailMessage } from '../mailer.js';
import { emailLayout, escapeHtml } from './html.js';

export interface EnlacePorteMail {
  to: string;
  /** The customer who shares the shipment. */
  empresa: string;
  partida: string;
  origen: string;
  destino: string;
  /** The page of the shipment (its token in the path). */
  link: string;
}

/** A shipment shared by its customer (issue 19): one link to follow it, no account needed. */
export function enlacePorteMail({
  to,
  empresa,
  partida,
  origen,
  destino,
  link,
}: EnlacePorteMail): MailMessage {
  const subject = `${empresa} comparte con usted el envío ${partida}`;
  const text = [
    'Hola:',
    '',
    `${empresa} comparte con usted el seguimiento del envío ${partida} (${origen} → ${destino}).`,
    'Ábralo aquí, sin necesidad de cuenta:',
    '',
    link,
    '',
    'No reenvíe este mensaje: quien tenga el enlace puede ver el envío.',
  ].join('\n');
  const html = emailLayout(
    subject,
    `<p>Hola:</p>
<p>${escapeHtml(empresa)} comparte con usted el seguimiento del envío <strong>${escapeHtml(partida)}</strong> (${escapeHtml(origen)} → ${escapeHtml(destino)}).</p>
<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 18px; background: #1c7ed6; color: #fff; text-decoration: none; border-radius: 4px;">Ver el envío</a></p>
<p>Si el botón no funciona, copie esta dirección en su navegador:<br>${escapeHtml(link)}</p>
<p>No reenvíe este mensaje: quien tenga el enlace puede ver el envío.</p>`,
  );
  return { to, subject, text, html };
}
