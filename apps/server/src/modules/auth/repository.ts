import type { Kysely } from 'kysely';
import type { Database, Portal, RegionCodigo } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';

/** The user signing in: e-mails are stored lower-case, unique per region. */
export async function findUsuarioByEmail(
  db: Kysely<Database>,
  email: string,
  region: RegionCodigo,
) {
  return db
    .selectFrom('usuarios')
    .select(['id', 'email', 'nombre', 'codigo', 'region', 'clave_hash', 'activo'])
    .where('email', '=', email)
    .where('region', '=', region)
    .executeTakeFirst();
}

export async function findUsuarioById(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('usuarios')
    .select(['id', 'email', 'nombre', 'codigo', 'region'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function setUltimoLogin(db: Kysely<Database>, usuarioId: number, at: string) {
  await db
    .updateTable('usuarios')
    .set({ ultimo_login_at: at })
    .where('id', '=', usuarioId)
    .execute();
}

/**
 * The active companies of one portal linked to a user (ownership in the query). Both portals'
 * company and link tables have the same shape, so the query is typed as the customers'.
 */
function empresasDelUsuario(db: Kysely<Database>, portal: Portal, usuarioId: number) {
  const [empresas, enlaces, columna] =
    portal === 'clientes'
      ? ['clientes', 'usuarios_clientes', 'cliente_id']
      : ['proveedores', 'usuarios_proveedores', 'proveedor_id'];
  return db
    .selectFrom(`${empresas} as e` as 'clientes as e')
    .innerJoin(
      `${enlaces} as l` as 'usuarios_clientes as l',
      `l.${columna}` as 'l.cliente_id',
      'e.id',
    )
    .select(['e.id', 'e.razon_social', 'e.localidad'])
    .where('l.usuario_id', '=', usuarioId)
    .where('e.activo', '=', 1);
}

/** The active clients linked to a user, by name. */
export async function listClientesOfUsuario(db: Kysely<Database>, usuarioId: number) {
  return empresasDelUsuario(db, 'clientes', usuarioId)
    .orderBy('e.razon_social')
    .orderBy('e.id')
    .execute();
}

/** The active suppliers linked to a user, by id: the first one is the default active one. */
export async function listProveedoresOfUsuario(db: Kysely<Database>, usuarioId: number) {
  return empresasDelUsuario(db, 'proveedores', usuarioId).orderBy('e.id').execute();
}

/** A company of the portal, only if linked to that user and active. */
export async function findEmpresaOfUsuario(
  db: Kysely<Database>,
  portal: Portal,
  usuarioId: number,
  empresaId: number,
) {
  return empresasDelUsuario(db, portal, usuarioId).where('e.id', '=', empresaId).executeTakeFirst();
}

/** The name of the company a session acts for. */
export async function findRazonSocial(
  db: Kysely<Database>,
  portal: Portal,
  id: number,
): Promise<string | undefined> {
  const table = portal === 'clientes' ? 'clientes' : 'proveedores';
  const row = await db
    .selectFrom(table)
    .select('razon_social')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.razon_social;
}

export async function insertRememberToken(
  db: Kysely<Database>,
  row: {
    usuarioId: number;
    portal: Portal;
    tokenHash: string;
    createdAt: string;
    expiresAt: string;
  },
) {
  await db
    .insertInto('remember_tokens')
    .values({
      usuario_id: row.usuarioId,
      portal: row.portal,
      token_hash: row.tokenHash,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** A live remember token of that portal (not revoked, not expired). */
export async function findLiveRememberToken(
  db: Kysely<Database>,
  tokenHash: string,
  portal: Portal,
  now: string,
) {
  return db
    .selectFrom('remember_tokens')
    .select(['id', 'usuario_id'])
    .where('token_hash', '=', tokenHash)
    .where('portal', '=', portal)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Revokes a token; false when it was already revoked (someone used it first). */
export async function revokeRememberToken(
  db: Kysely<Database>,
  id: number,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('remember_tokens')
    .set({ revoked_at: at, last_used_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// `GET /api/auth` runs on every page load: its read per portal is compiled once. The user's
// e-mail, code and name, and the active company's name (no company: `empresaId` 0).
const PERFIL = {
  clientes: preparedQuery(2, (db, usuarioId: number, empresaId: number) =>
    db
      .selectFrom('usuarios as u')
      .leftJoin('clientes as e', (join) => join.on('e.id', '=', empresaId))
      .select(['u.email', 'u.codigo', 'u.nombre', 'u.idioma', 'e.razon_social'])
      .where('u.id', '=', usuarioId),
  ),
  proveedores: preparedQuery(2, (db, usuarioId: number, empresaId: number) =>
    db
      .selectFrom('usuarios as u')
      .leftJoin('proveedores as e', (join) => join.on('e.id', '=', empresaId))
      .select(['u.email', 'u.codigo', 'u.nombre', 'u.idioma', 'e.razon_social'])
      .where('u.id', '=', usuarioId),
  ),
};

/**
 * What `GET /api/auth` shows of a session in one read: the user (none for an access-link
 * session) and the active company's name (none before one is chosen).
 */
export async function findPerfilSesion(
  db: Kysely<Database>,
  portal: Portal,
  usuarioId: number | null,
  empresaId: number | null,
): Promise<{
  email?: string;
  codigo?: string | null;
  nombre?: string;
  idioma?: string | null;
  razonSocial?: string;
}> {
  if (usuarioId == null) {
    return {
      razonSocial: empresaId == null ? undefined : await findRazonSocial(db, portal, empresaId),
    };
  }
  const [row] = await PERFIL[portal](db, usuarioId, empresaId ?? 0);
  return {
    email: row?.email,
    codigo: row?.codigo,
    nombre: row?.nombre,
    idioma: row?.idioma ?? null,
    razonSocial: row?.razon_social ?? undefined,
  };
}

/**
 * Stores the user's portal language; false when the user is gone. `updated_at` stays: it
 * tracks the ERP's data of the user, and the language is the portal's own.
 */
export async function updateIdiomaUsuario(
  db: Kysely<Database>,
  usuarioId: number,
  idioma: string,
): Promise<boolean> {
  const result = await db
    .updateTable('usuarios')
    .set({ idioma })
    .where('id', '=', usuarioId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
