import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { clock } from '../lib/clock.js';
import { purgarAvisos } from '../modules/avisos/service.js';
import { purgarPosiciones } from '../modules/conductor/service.js';
import { deleteExpiredSesiones } from '../modules/sesiones/repository.js';
import type { FileStorage } from '../storage/file-storage.js';
import { ARCHIVOS_HUERFANOS_HORAS, purgarArchivosHuerfanos } from './archivos-huerfanos.js';
import {
  deleteDeadPasswordResets,
  deleteDeadRememberTokens,
  deleteIdempotencyKeysBefore,
} from './repository.js';

/** How long the answer of an idempotent write is kept for an ERP's retry. */
export const IDEMPOTENCIA_HORAS = 24;

/** Rows removed by one purge, per table. */
export interface Limpieza {
  idempotency_keys: number;
  sesiones: number;
  remember_tokens: number;
  password_resets: number;
  /** Driver pings past their retention (modules/conductor: RETENCION_POSICIONES_DIAS). */
  posiciones_conductor: number;
  /** Notices past their retention (modules/avisos: RETENCION_AVISOS_LEIDOS_DIAS, …_DIAS). */
  avisos_usuario: number;
  /** Unreferenced files older than ARCHIVOS_HUERFANOS_HORAS: rows, and objects in storage. */
  archivos: number;
  ficheros: number;
}

/**
 * Deletes what can no longer be used: idempotent answers older than IDEMPOTENCIA_HORAS,
 * sessions past their absolute or idle expiry, expired or revoked remember-me tokens, used or
 * expired password-reset tokens, driver pings and users' notices past their retention, and files
 * nothing points at any more once older than ARCHIVOS_HUERFANOS_HORAS (archivos-huerfanos.ts).
 * Idempotent, so several instances may run it at once.
 */
export async function limpiar(
  db: Kysely<Database>,
  storage: FileStorage,
  limits: { sessionIdleMinutes: number },
): Promise<Limpieza> {
  const now = clock.now();
  const iso = now.toISOString();
  const hace = (ms: number) => new Date(now.getTime() - ms).toISOString();
  return {
    idempotency_keys: await deleteIdempotencyKeysBefore(db, hace(IDEMPOTENCIA_HORAS * 3_600_000)),
    sesiones: await deleteExpiredSesiones(db, iso, hace(limits.sessionIdleMinutes * 60_000)),
    remember_tokens: await deleteDeadRememberTokens(db, iso),
    password_resets: await deleteDeadPasswordResets(db, iso),
    posiciones_conductor: await purgarPosiciones(db, now),
    avisos_usuario: await purgarAvisos(db, now),
    ...(await purgarArchivosHuerfanos(
      db,
      storage,
      new Date(now.getTime() - ARCHIVOS_HUERFANOS_HORAS * 3_600_000),
    )),
  };
}
