import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import { HttpError } from '../../lib/http-error.js';
import { hmacHex, randomToken, safeEqual } from '../../lib/tokens.js';
import type { MailMessage } from '../../mail/mailer.js';
import { avisoEnvioMail, type NovedadEnvio } from '../../mail/templates/aviso-envio.js';
import type { AvisoParada, EventPayloads } from '../../outbox/events.js';
import { enlaceVivo, envioUrl } from './enlace.js';
import { findAviso, listAvisosDelPorte, setBajaAviso } from './repository.js';

/*
 * The notices of a shared shipment to the visitors who subscribed on its page (issue 19): the
 * outbox records one e-mail per subscribed address with each piece of news of the shipment, and
 * the worker writes it in the visitor's language when it leaves. Apart from service.ts, which
 * records events into the outbox: the outbox imports this file.
 */

type Db = Kysely<Database>;

/** What a subscription's token opens: the shipment's page, or its one-click unsubscription. */
type UsoToken = 'pagina' | 'baja';

/**
 * A subscription's token, `<id>.<hmac>`: derived from its random key and the server's secret,
 * so the worker writes the same one in every notice and the database holds none.
 */
export function tokenAviso(
  config: Pick<AppConfig, 'sessionSecret'>,
  aviso: { id: number; clave: string },
  uso: UsoToken,
): string {
  return `${aviso.id}.${hmacHex(config.sessionSecret, `envio-aviso:${uso}:${aviso.id}:${aviso.clave}`)}`;
}

const TOKEN_AVISO = /^(\d{1,15})\.[0-9a-f]{64}$/;

/** The subscription id a token names, or null when it is not a subscription's token. */
export function avisoIdDelToken(token: string): number | null {
  const match = TOKEN_AVISO.exec(token);
  return match ? Number(match[1]) : null;
}

/** The token is that subscription's, for that use. */
export function tokenAvisoValido(
  config: Pick<AppConfig, 'sessionSecret'>,
  aviso: { id: number; clave: string },
  uso: UsoToken,
  token: string,
): boolean {
  return safeEqual(token, tokenAviso(config, aviso, uso));
}

/** A new subscription's key. */
export function nuevaClaveAviso(): string {
  return randomToken();
}

/** E-mail destination of a visitor's notice: one subscription. */
const DESTINO_PREFIJO = 'aviso-envio:';

function destinoAvisoEnvio(avisoId: number): string {
  return `${DESTINO_PREFIJO}${avisoId}`;
}

/** The subscription of a delivery's destination, or null when it is not a visitor's. */
export function avisoIdDelDestino(destino: string): number | null {
  return destino.startsWith(DESTINO_PREFIJO) ? Number(destino.slice(DESTINO_PREFIJO.length)) : null;
}

/**
 * The driver's stop events a visitor hears of: loading, arrival where the goods are unloaded,
 * unloading and incidents (an arrival to load is no news to whoever waits for the goods).
 */
function paradaParaVisitantes(evento: AvisoParada['evento']): boolean {
  return evento.tipo !== 'llegada' || evento.parada.tipo === 'descarga';
}

/** The events that may be news of a shipment to its visitors. */
const TIPOS_NOVEDAD = ['porte.entregado', 'porte.retrasado', 'aviso.parada'] as const;
type TipoNovedad = (typeof TIPOS_NOVEDAD)[number];

export function esNovedadDeEnvio(tipo: string): tipo is TipoNovedad {
  return (TIPOS_NOVEDAD as readonly string[]).includes(tipo);
}

/** The news of an event for a visitor, or null when the event tells them nothing. */
export function novedadDe<T extends keyof EventPayloads>(
  tipo: T,
  payload: EventPayloads[T],
): NovedadEnvio | null {
  switch (tipo) {
    case 'porte.entregado': {
      const p = payload as EventPayloads['porte.entregado'];
      return { tipo: 'entregado', entregado_at: p.entregado_at ?? null };
    }
    case 'porte.retrasado': {
      const p = payload as EventPayloads['porte.retrasado'];
      return { tipo: 'retrasado', retraso_minutos: p.retraso_minutos };
    }
    case 'aviso.parada': {
      const { evento } = payload as EventPayloads['aviso.parada'];
      if (!paradaParaVisitantes(evento)) return null;
      return {
        tipo: evento.tipo === 'llegada' ? 'llegada_descarga' : evento.tipo,
        poblacion: evento.parada.poblacion,
        pais_iso: evento.parada.pais_iso,
        ocurrido_at: evento.ocurrido_at,
        texto: evento.texto,
      };
    }
    default:
      return null;
  }
}

/**
 * Recorded with a shipment's news: one e-mail to each address subscribed to a link of it that
 * still opens (not revoked, not expired, the shipment not cancelled); a dead link's
 * subscriptions are left out, and an address subscribed through two links hears it once.
 */
export async function destinosAvisoEnvio<T extends keyof EventPayloads>(
  db: Db,
  tipo: T,
  payload: EventPayloads[T],
): Promise<Array<{ canal: 'email'; destino: string }>> {
  if (novedadDe(tipo, payload) === null) return [];
  const { porte_id } = payload as EventPayloads['aviso.parada'];
  const now = clock.now();
  const avisos = await listAvisosDelPorte(db, porte_id);
  const porEmail = new Map<string, number>();
  for (const a of avisos) {
    if (enlaceVivo(a, now) && !porEmail.has(a.email)) porEmail.set(a.email, Number(a.id));
  }
  return [...porEmail.values()].map((id) => ({
    canal: 'email' as const,
    destino: destinoAvisoEnvio(id),
  }));
}

/**
 * Run by the outbox worker: the notice to one subscription, or null when there is rightly
 * nothing to send (unsubscribed, or its link revoked or expired since the news).
 */
export async function correoAvisoEnvio<T extends keyof EventPayloads>(
  db: Db,
  config: Pick<AppConfig, 'publicUrl' | 'sessionSecret'>,
  avisoId: number,
  tipo: T,
  payload: EventPayloads[T],
): Promise<MailMessage | null> {
  const novedad = novedadDe(tipo, payload);
  const aviso = await findAviso(db, avisoId);
  if (!novedad || !aviso || aviso.baja_at !== null || !enlaceVivo(aviso, clock.now())) {
    return null;
  }
  const suscripcion = { id: Number(aviso.id), clave: aviso.clave };
  const baja = tokenAviso(config, suscripcion, 'baja');
  return avisoEnvioMail({
    to: aviso.email,
    idioma: aviso.idioma,
    empresa: aviso.razon_social,
    porte: aviso,
    novedad,
    link: envioUrl(config.publicUrl, tokenAviso(config, suscripcion, 'pagina')),
    baja: {
      // The token in the fragment: never sent to the server with the page, never logged.
      pagina: `${config.publicUrl}/envio/baja#${baja}`,
      api: `${config.publicUrl}/api/envio/${baja}/baja`,
    },
  });
}

/**
 * One-click unsubscription with the token of the notices (the page's link or the mail client's
 * RFC 8058 post): works whatever became of the link since, and again after it did.
 */
export async function darDeBaja(
  db: Db,
  config: Pick<AppConfig, 'sessionSecret'>,
  token: string,
): Promise<{ email: string; partida: string }> {
  const id = avisoIdDelToken(token);
  const aviso = id === null ? undefined : await findAviso(db, id);
  if (
    !aviso ||
    !tokenAvisoValido(config, { id: Number(aviso.id), clave: aviso.clave }, 'baja', token)
  ) {
    throw new HttpError(404, 'NOT_FOUND', 'Suscripción no encontrada.');
  }
  await setBajaAviso(db, Number(aviso.id), clock.now().toISOString());
  return { email: aviso.email, partida: aviso.partida };
}
