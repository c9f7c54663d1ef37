import type { FastifyInstance } from 'fastify';
import { clock } from '../lib/clock.js';
import { createPoller } from '../lib/poller.js';
import { hmacHex } from '../lib/tokens.js';
import type { MailMessage } from '../mail/mailer.js';
import { ofertaResueltaMail } from '../mail/templates/oferta-resuelta.js';
import { solicitudTransporteMail } from '../mail/templates/solicitud-transporte.js';
import { passwordRecoveryMailFor } from '../modules/password-reset/service.js';
import { notifyUser } from '../modules/push/service.js';
import type { PushPayload } from '../push/push-sender.js';
import type { Portal } from '../db/database.js';
import { emailDeAviso, portalDeAviso, pushDeAviso, pushDeOferta } from './avisos.js';
import { isTipoEvento } from '@extranet/contracts/integracion/tipos-evento';
import {
  DESTINO_INVITACION_ECMR,
  DESTINO_ENLACE_PORTE,
  DESTINO_OPERADORES,
  DESTINO_RECUPERACION,
  payloadOf,
  type TipoEvento,
} from './events.js';
import { invitacionEcmrMail } from '../modules/ecmr/mail.js';
import { avisoIdDelDestino, correoAvisoEnvio, esNovedadDeEnvio } from '../modules/envio/avisos.js';
import { enlacePorteCorreo } from '../modules/envio/mail.js';
import {
  claimDue,
  findUsuarioActivo,
  findWebhook,
  finishAttempt,
  type EntregaReclamada,
} from './repository.js';

/** After this many failed attempts a delivery is given up (`fallida`). */
export const MAX_INTENTOS = 8;
/** First retry delay; doubled on each further failure (30 s, 1 min, 2 min … 32 min). */
export const BACKOFF_BASE_MS = 30_000;
/** A webhook that has not answered in this time has failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export interface OutboxWorkerOptions {
  /** Pause between polls when there is nothing due (default 5 s). */
  intervalMs?: number;
  /** Deliveries claimed per round (default 20). */
  batchSize?: number;
  /**
   * How long a claimed delivery is held before another worker may retry it (default 2 min):
   * longer than any single delivery may take (webhook 10 s, SMTP timeouts).
   */
  leaseMs?: number;
}

export interface OutboxWorker {
  /** Starts polling. */
  start(): void;
  /** Stops polling and waits for the round in progress. */
  stop(): Promise<void>;
  /** One round: claims and delivers what is due; returns how many were attempted. */
  runOnce(): Promise<number>;
}

/** A failure that retrying cannot fix: the delivery is given up at once. */
class PermanentError extends Error {}

/** Delay before the retry that follows the n-th failed attempt. */
export function backoffMs(intentos: number): number {
  return BACKOFF_BASE_MS * 2 ** (intentos - 1);
}

/** `sha256=<hex>` of "<timestamp>.<body>" keyed with the webhook's secret. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${hmacHex(secret, `${timestamp}.${body}`)}`;
}

/**
 * The delivery's payload, checked against its type's contract: one that no longer fits is
 * given up rather than sent (a webhook receiver relies on the document).
 */
function payloadDe<T extends TipoEvento>(entrega: EntregaReclamada, tipo: T) {
  try {
    return payloadOf(tipo, JSON.parse(entrega.payload));
  } catch (error) {
    throw new PermanentError(
      `Evento ${entrega.evento_id} (${tipo}) no cumple su esquema: ${String(error)}`,
    );
  }
}

/** `usuario:<id>`, or `usuario:<id>@<portal>` when the event type does not say the portal. */
function usuarioDestinoOf(destino: string): { usuarioId: number; portal: Portal | undefined } {
  const match = /^usuario:(\d+)(?:@(clientes|proveedores))?$/.exec(destino);
  if (!match) throw new PermanentError(`Destino no válido: ${destino}`);
  return { usuarioId: Number(match[1]), portal: match[2] as Portal | undefined };
}

function usuarioIdOf(destino: string): number {
  return usuarioDestinoOf(destino).usuarioId;
}

/** The e-mail of a delivery, or null when there is rightly nothing to send. */
async function emailOf(
  app: FastifyInstance,
  entrega: EntregaReclamada,
): Promise<MailMessage | null> {
  if (entrega.tipo === 'clave.recuperacion' && entrega.destino === DESTINO_RECUPERACION) {
    return passwordRecoveryMailFor(app, payloadDe(entrega, 'clave.recuperacion'));
  }
  if (entrega.tipo === 'ecmr.invitacion' && entrega.destino === DESTINO_INVITACION_ECMR) {
    return invitacionEcmrMail(app.db, app.config.publicUrl, payloadDe(entrega, 'ecmr.invitacion'));
  }
  if (entrega.tipo === 'enlace_porte.correo' && entrega.destino === DESTINO_ENLACE_PORTE) {
    return enlacePorteCorreo(
      app.db,
      app.config.publicUrl,
      payloadDe(entrega, 'enlace_porte.correo'),
    );
  }
  if (entrega.tipo === 'solicitud.recibida' && entrega.destino === DESTINO_OPERADORES) {
    const p = payloadDe(entrega, 'solicitud.recibida');
    return solicitudTransporteMail({
      to: app.config.operatorsEmail,
      solicitudId: p.solicitud_id,
      cliente: p.cliente,
      usuarioEmail: p.usuario_email,
      solicitud: p.solicitud,
    });
  }
  if (entrega.tipo === 'oferta.aceptada' || entrega.tipo === 'oferta.rechazada') {
    const usuario = await findUsuarioActivo(app.db, usuarioIdOf(entrega.destino));
    if (!usuario) throw new PermanentError('El usuario ya no existe o está desactivado');
    return ofertaResueltaMail({
      to: usuario.email,
      nombre: usuario.nombre,
      aceptada: entrega.tipo === 'oferta.aceptada',
      oferta: payloadDe(entrega, entrega.tipo),
      link: new URL('/proveedores/cargas', app.config.publicUrl).toString(),
    });
  }
  const avisoEnvio = avisoIdDelDestino(entrega.destino);
  if (avisoEnvio !== null) {
    if (!esNovedadDeEnvio(entrega.tipo)) throw new PermanentError(`Sin aviso para ${entrega.tipo}`);
    const payload = payloadDe(entrega, entrega.tipo);
    return correoAvisoEnvio(app.db, app.config, avisoEnvio, entrega.tipo, payload);
  }
  if (entrega.destino.startsWith('usuario:')) {
    const usuario = await findUsuarioActivo(app.db, usuarioIdOf(entrega.destino));
    if (!usuario) throw new PermanentError('El usuario ya no existe o está desactivado');
    const { portal } = usuarioDestinoOf(entrega.destino);
    const aviso = emailDeAviso(
      entrega.tipo,
      entrega.payload,
      usuario,
      app.config.publicUrl,
      portal ?? portalDeAviso(entrega.tipo),
    );
    if (aviso) return aviso;
  }
  throw new PermanentError(`Sin plantilla de e-mail para ${entrega.tipo}`);
}

function pushOf(entrega: EntregaReclamada, portal: Portal): PushPayload {
  if (entrega.tipo === 'oferta.aceptada' || entrega.tipo === 'oferta.rechazada') {
    return pushDeOferta(entrega.tipo === 'oferta.aceptada', payloadDe(entrega, entrega.tipo));
  }
  const aviso = pushDeAviso(entrega.tipo, entrega.payload, portal);
  if (aviso) return aviso;
  throw new PermanentError(`Sin notificación push para ${entrega.tipo}`);
}

async function deliverPush(app: FastifyInstance, entrega: EntregaReclamada): Promise<void> {
  const destino = usuarioDestinoOf(entrega.destino);
  const portal = destino.portal ?? portalDeAviso(entrega.tipo);
  const payload = pushOf(entrega, portal);
  const results = await notifyUser(app, { usuarioId: destino.usuarioId, portal }, payload);
  // Retried only when no browser got it: a retry would repeat it to those that did.
  if (results.length > 0 && results.every((r) => r === 'failed')) {
    throw new Error('Ningún servicio push aceptó la notificación');
  }
}

async function deliverWebhook(app: FastifyInstance, entrega: EntregaReclamada): Promise<void> {
  const webhook = await findWebhook(app.db, Number(entrega.destino));
  if (!webhook || webhook.activo !== 1) throw new PermanentError('Webhook eliminado o inactivo');
  if (!isTipoEvento(entrega.tipo)) throw new PermanentError(`Tipo sin webhook: ${entrega.tipo}`);
  // The body is the contract's `Evento<tipo>` (the document's `webhooks` section).
  const body = JSON.stringify({
    id: entrega.evento_id,
    tipo: entrega.tipo,
    created_at: entrega.evento_created_at,
    payload: payloadDe(entrega, entrega.tipo),
  });
  const timestamp = String(Math.floor(clock.now().getTime() / 1000));
  const response = await fetch(webhook.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Extranet-Webhooks/1',
      'x-extranet-event': entrega.tipo,
      'x-extranet-delivery': String(entrega.id),
      'x-extranet-timestamp': timestamp,
      'x-extranet-signature': webhookSignature(webhook.secret, timestamp, body),
    },
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
  });
  // The body is not needed; consume it so the connection is released.
  await response.arrayBuffer().catch(() => undefined);
  if (response.status < 200 || response.status > 299) {
    throw new Error(`HTTP ${response.status}`);
  }
}

async function deliver(app: FastifyInstance, entrega: EntregaReclamada): Promise<void> {
  switch (entrega.canal) {
    case 'email': {
      const message = await emailOf(app, entrega);
      if (message) await app.mailer.send(message);
      return;
    }
    case 'push':
      return deliverPush(app, entrega);
    case 'webhook':
      return deliverWebhook(app, entrega);
  }
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return message.slice(0, 1000);
}

/** Delivers one claimed row and records the outcome (delivered, retry later, or given up). */
async function attempt(app: FastifyInstance, entrega: EntregaReclamada): Promise<void> {
  try {
    await deliver(app, entrega);
    await finishAttempt(app.db, entrega, { estado: 'entregada', at: clock.now().toISOString() });
  } catch (error) {
    const mensaje = describeError(error);
    const giveUp = error instanceof PermanentError || entrega.intentos >= MAX_INTENTOS;
    app.log.warn(
      { err: error, entregaId: entrega.id, canal: entrega.canal, intentos: entrega.intentos },
      giveUp ? 'outbox delivery given up' : 'outbox delivery failed, will retry',
    );
    await finishAttempt(
      app.db,
      entrega,
      giveUp
        ? { estado: 'fallida', error: mensaje }
        : {
            estado: 'pendiente',
            error: mensaje,
            retryAt: new Date(clock.now().getTime() + backoffMs(entrega.intentos)).toISOString(),
          },
    );
  }
}

/**
 * The outbox worker: polls `entregas` for due deliveries, claims them under a lease and
 * delivers them (e-mail, Web Push, signed webhooks), retrying with exponential backoff.
 * Delivery is at least once: a receiver deduplicates by the event `id`.
 */
export function createOutboxWorker(
  app: FastifyInstance,
  options: OutboxWorkerOptions = {},
): OutboxWorker {
  const intervalMs = options.intervalMs ?? 5000;
  const batchSize = options.batchSize ?? 20;
  const leaseMs = options.leaseMs ?? 120_000;

  async function runOnce(): Promise<number> {
    const now = clock.now();
    const claimed = await claimDue(
      app.db,
      now.toISOString(),
      new Date(now.getTime() + leaseMs).toISOString(),
      batchSize,
    );
    await Promise.all(claimed.map((entrega) => attempt(app, entrega)));
    return claimed.length;
  }

  const poller = createPoller({
    intervalMs,
    // A full batch: there may be more due right now.
    run: async () => (await runOnce()) >= batchSize,
    onError: (err) => app.log.error({ err }, 'outbox round failed'),
  });
  return { runOnce, start: poller.start, stop: poller.stop };
}
