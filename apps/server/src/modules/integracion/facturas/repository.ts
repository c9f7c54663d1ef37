import type { Kysely } from 'kysely';
import type { Database, Factura, FacturaLinea } from '../../../db/database.js';
import { chunks, isPostgres } from '../../../db/sql.js';

type Db = Kysely<Database>;

/** Rows per multi-row statement: far below both dialects' bound-parameter limits. */
const CHUNK = 100;

/** What an upsert needs to know of an invoice already there. */
export interface FacturaExistente {
  id: number;
  serie: string;
  numero: number;
  contenido_sha256: string | null;
  pagada: 0 | 1;
  archivo_id: number | null;
  pdf_erp: 0 | 1;
}

const EXISTENTE = [
  'id',
  'serie',
  'numero',
  'contenido_sha256',
  'pagada',
  'archivo_id',
  'pdf_erp',
] as const;

/**
 * The existing invoices with these (serie, numero), locked (PostgreSQL) until the transaction
 * ends, so a PDF upload and a batch on one invoice do not cross.
 */
export async function facturasByClave(
  db: Db,
  claves: ReadonlyArray<{ serie: string; numero: number }>,
): Promise<FacturaExistente[]> {
  const found: FacturaExistente[] = [];
  for (const part of chunks(claves, CHUNK)) {
    const rows = await db
      .selectFrom('facturas')
      .select(EXISTENTE)
      .where((eb) =>
        eb.or(part.map((k) => eb.and([eb('serie', '=', k.serie), eb('numero', '=', k.numero)]))),
      )
      .orderBy('id')
      .$if(isPostgres(db), (qb) => qb.forUpdate())
      .execute();
    found.push(...rows.map((r) => ({ ...r, id: Number(r.id), numero: Number(r.numero) })));
  }
  return found;
}

/** Shipments with these partidas and their client, to link invoice lines to them. */
export async function portesByPartida(
  db: Db,
  partidas: readonly string[],
): Promise<Map<string, { id: number; cliente_id: number }>> {
  const found = new Map<string, { id: number; cliente_id: number }>();
  for (const part of chunks(partidas, 500)) {
    const rows = await db
      .selectFrom('portes')
      .select(['id', 'partida', 'cliente_id'])
      .where('partida', 'in', part)
      .execute();
    for (const r of rows) found.set(r.partida, { id: r.id, cliente_id: r.cliente_id });
  }
  return found;
}

/** An invoice as the ERP sends it, with its content hash (never null for these). */
export type FacturaValores = Omit<
  Factura,
  'id' | 'archivo_id' | 'created_at' | 'contenido_sha256' | 'pdf_erp'
> & { contenido_sha256: string };

/** Inserts or updates (by serie and numero) every invoice; returns our id by `serie-numero`. */
export async function upsertFacturas(
  db: Db,
  items: readonly FacturaValores[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const part of chunks(items, CHUNK)) {
    const rows = await db
      .insertInto('facturas')
      .values(part.map((f) => ({ ...f })))
      .onConflict((oc) =>
        oc.columns(['serie', 'numero']).doUpdateSet((eb) => ({
          cliente_id: eb.ref('excluded.cliente_id'),
          fecha_emision: eb.ref('excluded.fecha_emision'),
          vto: eb.ref('excluded.vto'),
          base_imponible_centimos: eb.ref('excluded.base_imponible_centimos'),
          iva_porcentaje: eb.ref('excluded.iva_porcentaje'),
          iva_centimos: eb.ref('excluded.iva_centimos'),
          importe_centimos: eb.ref('excluded.importe_centimos'),
          pagada: eb.ref('excluded.pagada'),
          contenido_sha256: eb.ref('excluded.contenido_sha256'),
        })),
      )
      .returning(['id', 'serie', 'numero'])
      .execute();
    for (const r of rows) ids.set(`${r.serie}-${r.numero}`, Number(r.id));
  }
  return ids;
}

/** Forgets the stored PDF of these invoices: the next download renders a fresh one. */
export async function unlinkPdfs(db: Db, facturaIds: readonly number[]): Promise<void> {
  for (const part of chunks(facturaIds, 500)) {
    await db
      .updateTable('facturas')
      .set({ archivo_id: null, pdf_erp: 0 })
      .where('id', 'in', part)
      .execute();
  }
}

export type LineaValores = Omit<FacturaLinea, 'id'>;

/** Replaces the lines of these invoices with `lineas` (all of them, as a set). */
export async function replaceLineas(
  db: Db,
  facturaIds: readonly number[],
  lineas: readonly LineaValores[],
): Promise<void> {
  for (const part of chunks(facturaIds, 500)) {
    await db.deleteFrom('factura_lineas').where('factura_id', 'in', part).execute();
  }
  for (const part of chunks(lineas, CHUNK)) {
    await db.insertInto('factura_lineas').values(part).execute();
  }
}

/** One invoice by (serie, numero) with its current PDF's hash, locked (PostgreSQL). */
export function lockFacturaByClave(db: Db, serie: string, numero: number) {
  return db
    .selectFrom('facturas as f')
    .leftJoin('archivos as a', 'a.id', 'f.archivo_id')
    .select(['f.id', 'f.cliente_id', 'f.serie', 'f.numero', 'f.archivo_id', 'f.pdf_erp'])
    .select('a.sha256')
    .where('f.serie', '=', serie)
    .where('f.numero', '=', numero)
    .$if(isPostgres(db), (qb) => qb.forUpdate('f'))
    .executeTakeFirst();
}

/** Links the ERP's PDF to the invoice. */
export async function setPdfErp(db: Db, facturaId: number, archivoId: number): Promise<void> {
  await db
    .updateTable('facturas')
    .set({ archivo_id: archivoId, pdf_erp: 1 })
    .where('id', '=', facturaId)
    .execute();
}
