import type { Kysely } from 'kysely';
import type { Database, Portal } from '../../db/database.js';
import { clock } from '../../lib/clock.js';

/** One audit entry: who did what, on what, from where. */
export interface AuditEntry {
  accion: string;
  usuarioId?: number | null;
  portal?: Portal | null;
  entidad?: string | null;
  entidadId?: string | number | null;
  ip?: string | null;
  detalles?: Record<string, unknown>;
}

/** Appends to `audit_log`; never updates or deletes. */
export async function recordAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      created_at: clock.now().toISOString(),
      accion: entry.accion,
      usuario_id: entry.usuarioId ?? null,
      portal: entry.portal ?? null,
      entidad: entry.entidad ?? null,
      entidad_id: entry.entidadId == null ? null : String(entry.entidadId),
      ip: entry.ip ?? null,
      detalles: entry.detalles ? JSON.stringify(entry.detalles) : null,
    })
    .execute();
}
