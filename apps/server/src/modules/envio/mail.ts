import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { MailMessage } from '../../mail/mailer.js';
import { enlacePorteMail } from '../../mail/templates/enlace-porte.js';
import { envioUrl } from './enlace.js';
import { tokenCorreoParaEnviar } from './service.js';

/**
 * Run by the outbox worker for a shipment link sent by e-mail: the mail carries a token made
 * now (its hash only stored), so neither the outbox nor the link's row holds a readable one.
 */
export async function enlacePorteCorreo(
  db: Kysely<Database>,
  publicUrl: string,
  payload: { enlace_id: number },
): Promise<MailMessage | null> {
  const envio = await tokenCorreoParaEnviar(db, payload.enlace_id);
  if (!envio) return null;
  return enlacePorteMail({
    to: envio.enlace.destinatario_email,
    empresa: envio.enlace.razon_social,
    partida: envio.enlace.partida,
    origen: envio.enlace.origen_poblacion,
    destino: envio.enlace.destino_poblacion,
    link: envioUrl(publicUrl, envio.token),
  });
}
