import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.js';
import { isPostgres } from '../../../db/sql.js';
import { idsByKey, upsertByKey } from '../../../db/upsert.js';

type Db = Kysely<Database>;

/** The carrier with this ERP id, locked (PostgreSQL) while its requirements are replaced. */
export function lockProveedorByErp(db: Db, erpId: string) {
  return db
    .selectFrom('proveedores')
    .select('id')
    .where('erp_id', '=', erpId)
    .$if(isPostgres(db), (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** Which of these codes are in the certificate catalogue. */
export async function tiposExistentes(db: Db, codigos: readonly string[]): Promise<Set<string>> {
  if (codigos.length === 0) return new Set();
  const rows = await db
    .selectFrom('certificado_tipos')
    .select('codigo')
    .where('codigo', 'in', codigos)
    .execute();
  return new Set(rows.map((r) => r.codigo));
}

/** The carrier's current requirements, by type. */
export async function requeridosDe(db: Db, proveedorId: number) {
  const rows = await db
    .selectFrom('proveedor_certificados')
    .select(['tipo', 'certificado_id'])
    .where('proveedor_id', '=', proveedorId)
    .execute();
  return new Map(
    rows.map((r) => [r.tipo, r.certificado_id === null ? null : Number(r.certificado_id)]),
  );
}

export async function upsertRequerido(
  db: Db,
  values: {
    proveedor_id: number;
    tipo: string;
    obligatorio: 0 | 1;
    certificado_id: number | null;
    updated_at: string;
  },
): Promise<void> {
  await db
    .insertInto('proveedor_certificados')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['proveedor_id', 'tipo']).doUpdateSet({
        obligatorio: values.obligatorio,
        certificado_id: values.certificado_id,
        updated_at: values.updated_at,
      }),
    )
    .execute();
}

export async function deleteRequeridos(
  db: Db,
  proveedorId: number,
  tipos: readonly string[],
): Promise<void> {
  if (tipos.length === 0) return;
  await db
    .deleteFrom('proveedor_certificados')
    .where('proveedor_id', '=', proveedorId)
    .where('tipo', 'in', tipos)
    .execute();
}

/** A certificate version validated by the company: no file. Returns its id. */
export async function insertCertificadoValidado(
  db: Db,
  values: {
    proveedor_id: number;
    tipo: string;
    descripcion: string;
    fecha_emision: string | null;
    fecha_caducidad: string;
    created_at: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('certificados')
    .values({ ...values, archivo_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateCertificadoValidado(
  db: Db,
  id: number,
  values: { fecha_emision: string | null; fecha_caducidad: string },
): Promise<void> {
  await db.updateTable('certificados').set(values).where('id', '=', id).execute();
}

export async function deleteCertificados(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('certificados').where('id', 'in', ids).execute();
}

/** Our ids of the prevention documents with these ERP ids. */
export function documentoIdsByErp(db: Db, erpIds: readonly string[]): Promise<Map<string, number>> {
  return idsByKey(db, 'prevencion_documentos', 'erp_id', erpIds);
}

/** Inserts or updates (by `erp_id`) every document; a new one is published `now`. */
export function upsertDocumentos(
  db: Db,
  items: ReadonlyArray<{
    erp_id: string;
    titulo: string;
    descripcion: string | null;
    obligatorio: 0 | 1;
    activo: 0 | 1;
  }>,
  now: string,
): Promise<Map<string, number>> {
  return upsertByKey(
    db,
    'prevencion_documentos',
    items.map((d) => ({ ...d, publicado_at: now, created_at: now })),
    { key: 'erp_id', update: ['titulo', 'descripcion', 'obligatorio', 'activo'] },
  );
}

/** A document by its ERP id with its current file's hash, locked (PostgreSQL). */
export function lockDocumentoByErp(db: Db, erpId: string) {
  return db
    .selectFrom('prevencion_documentos as d')
    .leftJoin('archivos as a', 'a.id', 'd.archivo_id')
    .select(['d.id', 'd.titulo', 'd.archivo_id', 'a.sha256'])
    .where('d.erp_id', '=', erpId)
    .$if(isPostgres(db), (qb) => qb.forUpdate('d'))
    .executeTakeFirst();
}

export async function setDocumentoArchivo(
  db: Db,
  documentoId: number,
  archivoId: number,
): Promise<void> {
  await db
    .updateTable('prevencion_documentos')
    .set({ archivo_id: archivoId })
    .where('id', '=', documentoId)
    .execute();
}

/** Forgets every carrier's acknowledgement of a document (a new version must be read again). */
export async function deleteLecturas(db: Db, documentoId: number): Promise<void> {
  await db.deleteFrom('prevencion_lecturas').where('documento_id', '=', documentoId).execute();
}
