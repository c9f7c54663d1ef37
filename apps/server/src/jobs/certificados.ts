import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { clock } from '../lib/clock.js';
import { recordEvent } from '../outbox/events.js';
import { insertAvisoCertificado, listCertificadosPorCaducar } from './repository.js';

/** A carrier is told this many days ahead that a certificate expires (spec: 30 days). */
export const CERTIFICADO_AVISO_DIAS = 30;

const DIA_MS = 86_400_000;

function sumarDias(fecha: string, dias: number): string {
  return new Date(Date.parse(`${fecha}T00:00:00Z`) + dias * DIA_MS).toISOString().slice(0, 10);
}

/**
 * Records `certificado.caduca` for every certificate expiring within CERTIFICADO_AVISO_DIAS
 * (today included) not yet told: the marker and the event in one transaction, so each
 * certificate and expiry date is told once however many instances run this. Days are UTC
 * calendar days, like every stored date. Returns how many were told.
 */
export async function avisarCertificadosPorCaducar(db: Kysely<Database>): Promise<number> {
  const now = clock.now();
  const hoy = now.toISOString().slice(0, 10);
  const candidatos = await listCertificadosPorCaducar(
    db,
    hoy,
    sumarDias(hoy, CERTIFICADO_AVISO_DIAS),
  );
  let avisados = 0;
  for (const c of candidatos) {
    const told = await db.transaction().execute(async (trx) => {
      if (!(await insertAvisoCertificado(trx, c.id, c.fecha_caducidad, now.toISOString()))) {
        return false;
      }
      await recordEvent(trx, 'certificado.caduca', {
        certificado_id: Number(c.id),
        proveedor_id: Number(c.proveedor_id),
        tipo: c.tipo,
        tipo_nombre: c.tipo_nombre,
        descripcion: c.descripcion,
        fecha_caducidad: c.fecha_caducidad,
        dias: Math.round(
          (Date.parse(`${c.fecha_caducidad}T00:00:00Z`) - Date.parse(`${hoy}T00:00:00Z`)) / DIA_MS,
        ),
      });
      return true;
    });
    if (told) avisados += 1;
  }
  return avisados;
}
