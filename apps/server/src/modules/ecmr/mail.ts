import { ECMR_ENLACE_HORAS } from '@extranet/contracts/ecmr/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { MailMessage } from '../../mail/mailer.js';
import { ecmrInvitacionMail } from '../../mail/templates/ecmr-invitacion.js';
import { tokenParaEnviar } from './service.js';

/**
 * Run by the outbox worker for an e-mailed invitation: the one-time link (its token made now,
 * only its hash stored) in the signer's e-mail; null when the invitation is spent or expired.
 * The token travels in the URL's fragment, which browsers never send to a server.
 */
export async function invitacionEcmrMail(
  db: Kysely<Database>,
  publicUrl: string,
  payload: { invitacion_id: number },
): Promise<MailMessage | null> {
  const envio = await tokenParaEnviar(db, payload.invitacion_id);
  if (!envio?.invitacion.email) return null;
  return ecmrInvitacionMail({
    to: envio.invitacion.email,
    numero: envio.numero,
    rol: envio.invitacion.rol === 'remitente' ? 'remitente' : 'destinatario',
    link: `${publicUrl}/ecmr/firmar#${envio.token}`,
    validHours: ECMR_ENLACE_HORAS,
  });
}
