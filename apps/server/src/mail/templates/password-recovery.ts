import type { MailMessage } from '../mailer.js';
import { emailLayout, escapeHtml } from './html.js';

export interface PasswordRecoveryMail {
  to: string;
  nombre: string;
  /** The single-use link to the page where the user sets a new password. */
  link: string;
  validMinutes: number;
}

/** The recovery e-mail: a link to choose a new password; never a password (issue 3). */
export function passwordRecoveryMail({
  to,
  nombre,
  link,
  validMinutes,
}: PasswordRecoveryMail): MailMessage {
  const subject = 'Recuperación de contraseña';
  const text = [
    `Hola, ${nombre}:`,
    '',
    'Hemos recibido una solicitud para cambiar la contraseña de su cuenta en la extranet.',
    'Para elegir una contraseña nueva, abra este enlace:',
    '',
    link,
    '',
    `El enlace solo puede usarse una vez y caduca en ${validMinutes} minutos.`,
    'Si no ha pedido este cambio, ignore este mensaje: su contraseña actual sigue siendo válida.',
  ].join('\n');
  const html = emailLayout(
    subject,
    `<p>Hola, ${escapeHtml(nombre)}:</p>
<p>Hemos recibido una solicitud para cambiar la contraseña de su cuenta en la extranet.</p>
<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 18px; background: #1c7ed6; color: #fff; text-decoration: none; border-radius: 4px;">Elegir una contraseña nueva</a></p>
<p>Si el botón no funciona, copie esta dirección en su navegador:<br>${escapeHtml(link)}</p>
<p>El enlace solo puede usarse una vez y caduca en ${validMinutes} minutos.
Si no ha pedido este cambio, ignore este mensaje: su contraseña actual sigue siendo válida.</p>`,
  );
  return { to, subject, text, html };
}
