import type { MailMessage } from '../mailer.js';
import { emailLayout, escapeHtml } from './html.js';

export interface EcmrInvitacionMail {
  to: string;
  /** The note's number. */
  numero: string;
  rol: 'remitente' | 'destinatario';
  /** The single-use link to the signing page. */
  link: string;
  validHours: number;
}

/** The contactless signing e-mail of an e-CMR (issue 18): one link, one signature. */
export function ecmrInvitacionMail({
  to,
  numero,
  rol,
  link,
  validHours,
}: EcmrInvitacionMail): MailMessage {
  const subject = `Firma del e-CMR ${numero}`;
  const momento =
    rol === 'remitente' ? 'la recogida de la mercancía' : 'la entrega de la mercancía';
  const text = [
    'Hola:',
    '',
    `El conductor le pide que firme, como ${rol}, la carta de porte electrónica (e-CMR) ${numero} por ${momento}.`,
    'Ábrala en su propio teléfono o equipo, revísela y firme:',
    '',
    link,
    '',
    `El enlace solo puede usarse una vez y caduca en ${validHours} horas.`,
    'Si no esperaba este mensaje, ignórelo.',
  ].join('\n');
  const html = emailLayout(
    subject,
    `<p>Hola:</p>
<p>El conductor le pide que firme, como ${escapeHtml(rol)}, la carta de porte electrónica (e-CMR) <strong>${escapeHtml(numero)}</strong> por ${momento}.</p>
<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 18px; background: #1c7ed6; color: #fff; text-decoration: none; border-radius: 4px;">Revisar y firmar</a></p>
<p>Si el botón no funciona, copie esta dirección en su navegador:<br>${escapeHtml(link)}</p>
<p>El enlace solo puede usarse una vez y caduca en ${validHours} horas. Si no esperaba este mensaje, ignórelo.</p>`,
  );
  return { to, subject, text, html };
}
