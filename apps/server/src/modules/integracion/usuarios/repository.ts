import type { Kysely } from 'kysely';
import type { Database, Portal, RegionCodigo } from '../../../db/database.js';
import { chunks } from '../../../db/sql.js';
import { idsByKey, upsertByKey } from '../../../db/upsert.js';

type Db = Kysely<Database>;

/** `clave_hash` of a user without a password: not a PHC string, so it never verifies. */
export const NO_PASSWORD = '!';

/** The link tables of a user to each company table. */
export const LINKS = {
  clientes: { table: 'usuarios_clientes', column: 'cliente_id' },
  proveedores: { table: 'usuarios_proveedores', column: 'proveedor_id' },
} as const;
export type EmpresaTabla = keyof typeof LINKS;

/** Our ids of the users with these ERP ids. */
export function usuarioIdsByErp(db: Db, erpIds: readonly string[]): Promise<Map<string, number>> {
  return idsByKey(db, 'usuarios', 'erp_id', erpIds);
}

/** Users with any of these e-mails (in any region), keyed `region email`. */
export async function usuariosByEmail(
  db: Db,
  emails: readonly string[],
): Promise<Map<string, { id: number; erp_id: string | null }>> {
  const found = new Map<string, { id: number; erp_id: string | null }>();
  for (const part of chunks([...new Set(emails)], 500)) {
    const rows = await db
      .selectFrom('usuarios')
      .select(['id', 'erp_id', 'region', 'email'])
      .where('email', 'in', part)
      .execute();
    for (const row of rows) found.set(`${row.region} ${row.email}`, row);
  }
  return found;
}

/** Gives operator-made users (no `erp_id` yet) the ERP's id, before the upsert by it. */
export async function adoptUsuarios(
  db: Db,
  adopted: ReadonlyArray<{ id: number; erpId: string }>,
): Promise<void> {
  for (const a of adopted) {
    await db.updateTable('usuarios').set({ erp_id: a.erpId }).where('id', '=', a.id).execute();
  }
}

export interface UsuarioRow {
  erp_id: string;
  region: RegionCodigo;
  email: string;
  nombre: string;
  codigo: string | null;
  activo: 0 | 1;
}

/** Inserts or updates (by `erp_id`) every user; new ones get no password. Returns our ids. */
export function upsertUsuarios(
  db: Db,
  items: readonly UsuarioRow[],
  now: string,
): Promise<Map<string, number>> {
  const rows = items.map((u) => ({
    ...u,
    clave_hash: NO_PASSWORD,
    created_at: now,
    updated_at: now,
  }));
  // `clave_hash` is the user's own: an upsert never touches it.
  return upsertByKey(db, 'usuarios', rows, {
    key: 'erp_id',
    update: ['region', 'email', 'nombre', 'codigo', 'activo', 'updated_at'],
  });
}

/** Replaces the links of these users to one company table with `links`. */
export async function replaceLinks(
  db: Db,
  tabla: EmpresaTabla,
  usuarioIds: readonly number[],
  links: ReadonlyArray<{ usuarioId: number; empresaId: number }>,
): Promise<void> {
  const { table, column } = LINKS[tabla];
  for (const part of chunks(usuarioIds, 500)) {
    await db.deleteFrom(table).where('usuario_id', 'in', part).execute();
  }
  for (const part of chunks(links)) {
    await db
      .insertInto(table as 'usuarios_clientes')
      .values(
        part.map((l) => ({ usuario_id: l.usuarioId, [column]: l.empresaId })) as Array<{
          usuario_id: number;
          cliente_id: number;
        }>,
      )
      .execute();
  }
}

export interface RecursoRow {
  usuario_id: number;
  portal: Portal;
  recurso: string;
  api: string;
  menu: number;
}

/** Replaces the menu resources of these users with `recursos`. */
export async function replaceRecursos(
  db: Db,
  usuarioIds: readonly number[],
  recursos: readonly RecursoRow[],
): Promise<void> {
  for (const part of chunks(usuarioIds, 500)) {
    await db.deleteFrom('recursos').where('usuario_id', 'in', part).execute();
  }
  for (const part of chunks(recursos)) {
    await db.insertInto('recursos').values(part).execute();
  }
}

export function findUsuarioById(db: Db, id: number) {
  return db
    .selectFrom('usuarios')
    .select(['id', 'erp_id', 'region', 'email', 'nombre', 'codigo', 'activo'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findUsuarioByEmail(db: Db, region: RegionCodigo, email: string) {
  return db
    .selectFrom('usuarios')
    .select(['id', 'erp_id', 'region', 'email', 'nombre', 'codigo', 'activo'])
    .where('region', '=', region)
    .where('email', '=', email)
    .executeTakeFirst();
}

/** Inserts an operator-made user (no ERP id, no password); returns its id. */
export async function insertUsuario(
  db: Db,
  values: { region: RegionCodigo; email: string; nombre: string; codigo: string | null },
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('usuarios')
    .values({ ...values, clave_hash: NO_PASSWORD, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setUsuarioActivo(
  db: Db,
  id: number,
  activo: 0 | 1,
  now: string,
): Promise<void> {
  await db.updateTable('usuarios').set({ activo, updated_at: now }).where('id', '=', id).execute();
}

/** A company by our id or the ERP's; `null` values are not looked up. */
export async function findEmpresas(
  db: Db,
  tabla: EmpresaTabla,
  by: { id: number | null; erpId: string | null },
) {
  // Same columns in both tables: typing against `clientes` is exact for `proveedores` too.
  return db
    .selectFrom(tabla as 'clientes')
    .select(['id', 'erp_id', 'razon_social', 'region'])
    .where((eb) =>
      eb.or([
        ...(by.id !== null ? [eb('id', '=', by.id)] : []),
        ...(by.erpId !== null ? [eb('erp_id', '=', by.erpId)] : []),
      ]),
    )
    .execute();
}

/** Adds one link (nothing if it exists); true when added. */
export async function insertLink(
  db: Db,
  tabla: EmpresaTabla,
  usuarioId: number,
  empresaId: number,
): Promise<boolean> {
  const { table, column } = LINKS[tabla];
  const existing = await db
    .selectFrom(table as 'usuarios_clientes')
    .select('usuario_id')
    .where('usuario_id', '=', usuarioId)
    .where(column as 'cliente_id', '=', empresaId)
    .executeTakeFirst();
  if (existing) return false;
  await db
    .insertInto(table as 'usuarios_clientes')
    .values({ usuario_id: usuarioId, [column]: empresaId } as {
      usuario_id: number;
      cliente_id: number;
    })
    .execute();
  return true;
}

/** Removes one link; true when it existed. */
export async function deleteLink(
  db: Db,
  tabla: EmpresaTabla,
  usuarioId: number,
  empresaId: number,
): Promise<boolean> {
  const { table, column } = LINKS[tabla];
  const result = await db
    .deleteFrom(table as 'usuarios_clientes')
    .where('usuario_id', '=', usuarioId)
    .where(column as 'cliente_id', '=', empresaId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Adds or updates (its URL) one resource of a user. */
export async function putRecurso(db: Db, row: RecursoRow): Promise<void> {
  await db
    .insertInto('recursos')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['usuario_id', 'portal', 'recurso'])
        .doUpdateSet((eb) => ({ api: eb.ref('excluded.api'), menu: eb.ref('excluded.menu') })),
    )
    .execute();
}

/** Removes one resource of a user; true when it existed. */
export async function deleteRecurso(
  db: Db,
  usuarioId: number,
  portal: Portal,
  recurso: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('recursos')
    .where('usuario_id', '=', usuarioId)
    .where('portal', '=', portal)
    .where('recurso', '=', recurso)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The companies a user is linked to, in one table. */
export function listLinks(db: Db, tabla: EmpresaTabla, usuarioId: number) {
  const { table, column } = LINKS[tabla];
  return db
    .selectFrom(`${table} as l` as 'usuarios_clientes as l')
    .innerJoin(`${tabla} as e` as 'clientes as e', 'e.id', `l.${column}` as 'l.cliente_id')
    .select(['e.id', 'e.erp_id', 'e.razon_social'])
    .where('l.usuario_id', '=', usuarioId)
    .orderBy('e.id')
    .execute();
}

/** Every resource of a user, by portal and menu number. */
export function listRecursosOf(db: Db, usuarioId: number) {
  return db
    .selectFrom('recursos')
    .select(['portal', 'recurso', 'api', 'menu'])
    .where('usuario_id', '=', usuarioId)
    .orderBy('portal')
    .orderBy('menu')
    .execute();
}

/** Gives a company the ERP's id. */
export async function setEmpresaErpId(
  db: Db,
  tabla: EmpresaTabla,
  id: number,
  erpId: string,
): Promise<void> {
  await db
    .updateTable(tabla as 'clientes')
    .set({ erp_id: erpId })
    .where('id', '=', id)
    .execute();
}
