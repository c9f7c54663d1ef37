import type { Kysely } from 'kysely';
import type { Database, Portal } from '../../db/database.js';

/*
 * Kysely only. Every read and write of a user's notices takes the session's user, portal and
 * company and uses them in SQL: a notice of someone else answers like one that does not exist.
 */

type Db = Kysely<Database>;

/** Whose notices: the session's user in its portal and active company. */
export interface DuenoAvisos {
  usuarioId: number;
  portal: Portal;
  empresaId: number;
}

export interface AvisoNuevo {
  tipo: string;
  eventoId: number | null;
  titulo: string;
  texto: string;
  /** The message and its parameters, JSON (`DatosAviso` of the contracts). */
  datos: string | null;
  url: string;
  clave: string | null;
  createdAt: string;
}

/**
 * One notice per user; with a `clave`, a user who already has it gets none again. Returns the
 * users a notice was written for.
 */
export async function insertAvisos(
  db: Db,
  portal: Portal,
  empresaId: number,
  usuarios: readonly number[],
  aviso: AvisoNuevo,
): Promise<number[]> {
  if (usuarios.length === 0) return [];
  const rows = await db
    .insertInto('avisos_usuario')
    .values(
      usuarios.map((usuarioId) => ({
        usuario_id: usuarioId,
        portal,
        empresa_id: empresaId,
        tipo: aviso.tipo,
        evento_id: aviso.eventoId,
        titulo: aviso.titulo,
        texto: aviso.texto,
        datos: aviso.datos,
        url: aviso.url,
        clave: aviso.clave,
        created_at: aviso.createdAt,
      })),
    )
    .onConflict((oc) => oc.columns(['usuario_id', 'clave']).doNothing())
    .returning('usuario_id')
    .execute();
  return rows.map((row) => Number(row.usuario_id));
}

/** The users' stored channels for one kind (users without a row use the defaults). */
export async function preferenciasDe(
  db: Db,
  usuarios: readonly number[],
  tipo: string,
): Promise<Map<number, { push: boolean; email: boolean }>> {
  if (usuarios.length === 0) return new Map();
  const rows = await db
    .selectFrom('avisos_preferencias')
    .select(['usuario_id', 'push', 'email'])
    .where('usuario_id', 'in', [...usuarios])
    .where('tipo', '=', tipo)
    .execute();
  return new Map(
    rows.map((row) => [Number(row.usuario_id), { push: row.push === 1, email: row.email === 1 }]),
  );
}

/** One user's stored channels, every kind. */
export async function preferenciasDeUsuario(db: Db, usuarioId: number) {
  return db
    .selectFrom('avisos_preferencias')
    .select(['tipo', 'push', 'email'])
    .where('usuario_id', '=', usuarioId)
    .execute();
}

export async function upsertPreferencias(
  db: Db,
  usuarioId: number,
  items: ReadonlyArray<{ tipo: string; push: boolean; email: boolean }>,
  now: string,
): Promise<void> {
  for (const item of items) {
    const values = { push: item.push ? 1 : 0, email: item.email ? 1 : 0, updated_at: now } as const;
    await db
      .insertInto('avisos_preferencias')
      .values({ usuario_id: usuarioId, tipo: item.tipo, ...values })
      .onConflict((oc) => oc.columns(['usuario_id', 'tipo']).doUpdateSet(values))
      .execute();
  }
}

function ofOwner(db: Db, owner: DuenoAvisos) {
  return db
    .selectFrom('avisos_usuario')
    .where('usuario_id', '=', owner.usuarioId)
    .where('portal', '=', owner.portal)
    .where('empresa_id', '=', owner.empresaId);
}

/** The owner's notices, newest first, after the keyset position `afterId`. */
export async function listAvisos(
  db: Db,
  owner: DuenoAvisos,
  soloNoLeidos: boolean,
  afterId: number | undefined,
  limit: number,
) {
  return ofOwner(db, owner)
    .select(['id', 'tipo', 'titulo', 'texto', 'datos', 'url', 'leido_at', 'created_at'])
    .$if(soloNoLeidos, (qb) => qb.where('leido_at', 'is', null))
    .$if(afterId !== undefined, (qb) => qb.where('id', '<', afterId as number))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function countNoLeidos(db: Db, owner: DuenoAvisos): Promise<number> {
  const row = await ofOwner(db, owner)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('leido_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks one of the owner's notices read (again is fine); false when it is not the owner's. */
export async function marcarLeido(
  db: Db,
  owner: DuenoAvisos,
  id: number,
  now: string,
): Promise<boolean> {
  const found = await ofOwner(db, owner).select('id').where('id', '=', id).executeTakeFirst();
  if (!found) return false;
  await db
    .updateTable('avisos_usuario')
    .set({ leido_at: now })
    .where('id', '=', id)
    .where('leido_at', 'is', null)
    .execute();
  return true;
}

export async function marcarTodosLeidos(db: Db, owner: DuenoAvisos, now: string): Promise<number> {
  const result = await db
    .updateTable('avisos_usuario')
    .set({ leido_at: now })
    .where('usuario_id', '=', owner.usuarioId)
    .where('portal', '=', owner.portal)
    .where('empresa_id', '=', owner.empresaId)
    .where('leido_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The retention purge: read notices written before `leidosAntes`, and every notice written
 * before `todosAntes`. Returns how many were deleted.
 */
export async function deleteAvisosAntesDe(
  db: Db,
  cutoffs: { leidosAntes: string; todosAntes: string },
): Promise<number> {
  const result = await db
    .deleteFrom('avisos_usuario')
    .where('created_at', '<', cutoffs.leidosAntes)
    .where((eb) =>
      eb.or([eb('leido_at', 'is not', null), eb('created_at', '<', cutoffs.todosAntes)]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
