import type { ErrorRegistro, ResultadoLote } from '@extranet/contracts/integracion/integracion';
import {
  RECURSO_EXTERNO,
  UsuarioErp,
  type LoteUsuarios,
  type RecursoUsuario,
} from '@extranet/contracts/integracion/usuarios';
import type { MenuEntry } from '@extranet/contracts/menus/menu';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../../config.js';
import type { Database, Portal, RegionCodigo } from '../../../db/database.js';
import { clock } from '../../../lib/clock.js';
import { isUniqueViolation } from '../../../lib/db-errors.js';
import { randomToken } from '../../../lib/tokens.js';
import { HttpError } from '../../../lib/http-error.js';
import { recordAudit } from '../../audit/repository.js';
import { accessLinkMenu } from '../../menus/catalog.js';
import {
  endSessionsOfUser,
  expireOpenResets,
  insertReset,
} from '../../password-reset/repository.js';
import {
  hashResetToken,
  requestPasswordRecovery,
  RESET_TOKEN_MINUTES,
} from '../../password-reset/service.js';
import { empresaIdsByErp } from '../repository.js';
import { batchValidationError } from '../service.js';
import {
  adoptUsuarios,
  deleteLink,
  deleteRecurso,
  findEmpresas,
  findUsuarioByEmail,
  findUsuarioById,
  insertLink,
  insertUsuario,
  listLinks,
  listRecursosOf,
  putRecurso,
  replaceLinks,
  replaceRecursos,
  setEmpresaErpId,
  setUsuarioActivo,
  upsertUsuarios,
  usuarioIdsByErp,
  usuariosByEmail,
  type EmpresaTabla,
  type RecursoRow,
} from './repository.js';

type Db = Kysely<Database>;

const EMPRESA = { clientes: 'cliente', proveedores: 'proveedor' } as const;

/**
 * The menu entry of a resource: `api` and menu number from the catalog. The external Security
 * Circuit is not in it: its URL is given, and it goes after the catalog's sections.
 */
export function resolveRecurso(
  r: RecursoUsuario,
): { entry: MenuEntry } | { path: string; message: string } {
  const catalog = accessLinkMenu(r.portal);
  if (r.portal === 'clientes' && r.recurso === RECURSO_EXTERNO) {
    if (!r.url) return { path: 'url', message: `${RECURSO_EXTERNO} necesita la URL del circuito.` };
    return { entry: { recurso: r.recurso, api: r.url, menu: catalog.length + 1 } };
  }
  const entry = catalog.find((e) => e.recurso === r.recurso);
  if (!entry) {
    return {
      path: 'recurso',
      message: `El recurso ${r.recurso} no existe en el portal ${r.portal}.`,
    };
  }
  if (r.url) return { path: 'url', message: `Solo ${RECURSO_EXTERNO} lleva URL.` };
  return { entry };
}

/**
 * Users by the ERP's ids, with their links and resources replaced as a set; all or nothing
 * (`db` is the caller's transaction). Every problem is found before anything is written.
 * A user made by an operator (no `erp_id`) with the same region and e-mail is adopted.
 * Deactivated users are signed out everywhere.
 */
export async function upsertUsuariosLote(db: Db, lote: LoteUsuarios): Promise<ResultadoLote> {
  const items = lote.items;
  const keys = items.map((u) => u.erp_id);
  const before = await usuarioIdsByErp(db, keys);
  const byEmail = await usuariosByEmail(
    db,
    items.map((u) => u.email),
  );
  const empresas = {
    clientes: await empresaIdsByErp(db, 'clientes', [...new Set(items.flatMap((u) => u.clientes))]),
    proveedores: await empresaIdsByErp(db, 'proveedores', [
      ...new Set(items.flatMap((u) => u.proveedores)),
    ]),
  };

  const problems: ErrorRegistro[] = [];
  const adopted: Array<{ id: number; erpId: string }> = [];
  const recursos: Array<Omit<RecursoRow, 'usuario_id'> & { erpId: string }> = [];
  items.forEach((u, index) => {
    const holder = byEmail.get(`${u.region} ${u.email}`);
    if (holder && holder.erp_id !== u.erp_id) {
      if (holder.erp_id === null && !before.has(u.erp_id)) {
        adopted.push({ id: holder.id, erpId: u.erp_id });
      } else {
        problems.push({
          index,
          path: 'email',
          message: `Ya hay otro usuario con el e-mail ${u.email} en la región ${u.region}.`,
        });
      }
    }
    for (const tabla of ['clientes', 'proveedores'] as const) {
      u[tabla].forEach((erpId, i) => {
        if (!empresas[tabla].has(erpId)) {
          problems.push({
            index,
            path: `${tabla}.${i}`,
            message: `No hay ningún ${EMPRESA[tabla]} con erp_id ${erpId}.`,
          });
        }
      });
    }
    const seen = new Set<string>();
    u.recursos.forEach((r, i) => {
      const resolved = resolveRecurso(r);
      if ('path' in resolved) {
        problems.push({ index, path: `recursos.${i}.${resolved.path}`, message: resolved.message });
      } else if (!seen.has(`${r.portal} ${r.recurso}`)) {
        seen.add(`${r.portal} ${r.recurso}`);
        recursos.push({ erpId: u.erp_id, portal: r.portal, ...resolved.entry });
      }
    });
  });
  if (problems.length > 0) throw batchValidationError(problems);

  const now = clock.now().toISOString();
  await adoptUsuarios(db, adopted);
  const after = await upsertUsuarios(
    db,
    items.map((u) => ({
      erp_id: u.erp_id,
      region: u.region,
      email: u.email,
      nombre: u.nombre,
      codigo: u.codigo ?? null,
      activo: u.activo ? 1 : 0,
    })),
    now,
  );
  const idOf = (erpId: string) => {
    const id = after.get(erpId);
    if (id === undefined) throw new Error(`upsert sin id para ${erpId}`);
    return id;
  };
  const ids = items.map((u) => idOf(u.erp_id));
  for (const tabla of ['clientes', 'proveedores'] as const) {
    const links = items.flatMap((u) =>
      [...new Set(u[tabla])].map((erpId) => ({
        usuarioId: idOf(u.erp_id),
        empresaId: empresas[tabla].get(erpId)!,
      })),
    );
    await replaceLinks(db, tabla, ids, links);
  }
  await replaceRecursos(
    db,
    ids,
    recursos.map(({ erpId, ...r }) => ({ ...r, usuario_id: idOf(erpId) })),
  );
  for (const u of items) if (!u.activo) await endSessionsOfUser(db, idOf(u.erp_id), now);

  const adoptedIds = new Set(adopted.map((a) => a.erpId));
  const result = items.map((u) => ({
    erp_id: u.erp_id,
    id: idOf(u.erp_id),
    creado: !before.has(u.erp_id) && !adoptedIds.has(u.erp_id),
  }));
  const creados = result.filter((r) => r.creado).length;
  return { creados, actualizados: result.length - creados, items: result };
}

/** The portal a user mostly works in: carriers' users go to the supplier portal. */
function portalOf(u: { clientes: readonly unknown[]; proveedores: readonly unknown[] }): Portal {
  return u.proveedores.length > 0 && u.clientes.length === 0 ? 'proveedores' : 'clientes';
}

export interface Invitacion {
  email: string;
  region: RegionCodigo;
  portal: Portal;
}

/** The active users of a batch sent with `invitar: true`. */
export function invitacionesDe(lote: LoteUsuarios): Invitacion[] {
  return lote.items
    .filter((u) => u.invitar && u.activo)
    .map((u) => ({ email: u.email, region: u.region, portal: portalOf(u) }));
}

/**
 * Queues for each invited user the password-recovery e-mail (the password-reset service: same
 * link, lifetime and per-user limit; the outbox sends and retries it). After the batch is
 * committed: a failed e-mail does not undo the batch. Returns how many were queued.
 */
export async function enviarInvitaciones(
  app: FastifyInstance,
  invitaciones: readonly Invitacion[],
): Promise<number> {
  let sent = 0;
  for (const inv of invitaciones) {
    const { recoverEmailSent } = await requestPasswordRecovery(app, inv);
    if (recoverEmailSent) sent++;
  }
  return sent;
}

// ——— Operator operations (CLI), one user by our id ———

function notFound(what: string): HttpError {
  return new HttpError(404, 'NOT_FOUND', what);
}

/** A user by our id or by region and e-mail; 404 when there is none. */
export async function findUsuario(
  db: Db,
  by: { id: number } | { region: RegionCodigo; email: string },
) {
  const user =
    'id' in by
      ? await findUsuarioById(db, by.id)
      : await findUsuarioByEmail(db, by.region, by.email.trim().toLowerCase());
  if (!user) {
    throw notFound(
      'id' in by
        ? `No hay ningún usuario con id ${by.id}.`
        : `No hay ningún usuario con e-mail ${by.email} en la región ${by.region}.`,
    );
  }
  return user;
}

/**
 * A client or supplier by our id or its `erp_id`: `id:12` and `erp:C-1001` say which; a bare
 * number is our id unless only an `erp_id` matches it; two different matches are ambiguous.
 */
export async function resolveEmpresa(db: Db, tabla: EmpresaTabla, ref: string) {
  const value = ref.trim();
  const explicit = /^(id|erp):(.+)$/.exec(value);
  const kind = explicit?.[1];
  const text = explicit?.[2] ?? value;
  const id = kind !== 'erp' && /^\d+$/.test(text) ? Number(text) : null;
  const erpId = kind !== 'id' ? text : null;
  if (kind === 'id' && id === null) {
    throw new HttpError(400, 'VALIDATION_ERROR', `id de ${EMPRESA[tabla]} no válido: ${text}.`);
  }
  const found = await findEmpresas(db, tabla, { id, erpId });
  if (found.length === 0) {
    throw notFound(`No hay ningún ${EMPRESA[tabla]} con id o erp_id ${value}.`);
  }
  if (found.length > 1) {
    throw new HttpError(
      409,
      'AMBIGUOUS',
      `${value} es el id de un ${EMPRESA[tabla]} y el erp_id de otro: escriba id:${text} o erp:${text}.`,
    );
  }
  return found[0]!;
}

/** An operator-made user: no ERP id, no password (they choose it with a recovery link). */
export async function crearUsuario(
  db: Db,
  input: {
    region: string;
    email: string;
    nombre: string;
    codigo?: string | null;
    clientes: readonly number[];
    proveedores: readonly number[];
  },
): Promise<number> {
  // The API's field rules, so a user made here could equally have come from the ERP.
  const parsed = UsuarioErp.pick({
    region: true,
    email: true,
    nombre: true,
    codigo: true,
  }).safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new HttpError(
      400,
      'VALIDATION_ERROR',
      `${issue.path.join('.') || 'usuario'}: ${issue.message}`,
    );
  }
  const u = parsed.data;
  return db.transaction().execute(async (trx) => {
    if (await findUsuarioByEmail(trx, u.region, u.email)) {
      throw conflictEmail(u.email, u.region);
    }
    let id: number;
    try {
      id = await insertUsuario(
        trx,
        { region: u.region, email: u.email, nombre: u.nombre, codigo: u.codigo ?? null },
        clock.now().toISOString(),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw conflictEmail(u.email, u.region);
      throw error;
    }
    for (const c of new Set(input.clientes)) await insertLink(trx, 'clientes', id, c);
    for (const p of new Set(input.proveedores)) await insertLink(trx, 'proveedores', id, p);
    await recordAudit(trx, { accion: 'usuario_creado_cli', entidad: 'usuarios', entidadId: id });
    return id;
  });
}

function conflictEmail(email: string, region: string): HttpError {
  return new HttpError(
    409,
    'CONFLICT',
    `Ya hay un usuario con el e-mail ${email} en la región ${region}.`,
  );
}

/** Deactivates a user and ends every session and remember token of theirs. */
export async function desactivarUsuario(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const now = clock.now().toISOString();
    await setUsuarioActivo(trx, id, 0, now);
    await endSessionsOfUser(trx, id, now);
    await recordAudit(trx, {
      accion: 'usuario_desactivado_cli',
      entidad: 'usuarios',
      entidadId: id,
    });
  });
}

export function vincularEmpresa(db: Db, usuarioId: number, tabla: EmpresaTabla, empresaId: number) {
  return insertLink(db, tabla, usuarioId, empresaId);
}

export function desvincularEmpresa(
  db: Db,
  usuarioId: number,
  tabla: EmpresaTabla,
  empresaId: number,
) {
  return deleteLink(db, tabla, usuarioId, empresaId);
}

/** Grants one resource, with the API's rules (catalog, Circuitoseguridad's URL). */
export async function concederRecurso(
  db: Db,
  usuarioId: number,
  recurso: RecursoUsuario,
): Promise<MenuEntry> {
  const resolved = resolveRecurso(recurso);
  if ('path' in resolved) throw new HttpError(400, 'VALIDATION_ERROR', resolved.message);
  await putRecurso(db, { usuario_id: usuarioId, portal: recurso.portal, ...resolved.entry });
  return resolved.entry;
}

export function retirarRecurso(db: Db, usuarioId: number, portal: Portal, recurso: string) {
  return deleteRecurso(db, usuarioId, portal, recurso);
}

/** A user with their companies and resources. */
export async function describirUsuario(db: Db, id: number) {
  const usuario = await findUsuario(db, { id });
  return {
    usuario,
    clientes: await listLinks(db, 'clientes', id),
    proveedores: await listLinks(db, 'proveedores', id),
    recursos: await listRecursosOf(db, id),
  };
}

/**
 * A one-time recovery link for an operator to hand over: the e-mailed link's token, lifetime
 * and URL (only the newest link of a user works).
 */
export async function enlaceRecuperacion(
  db: Db,
  config: Pick<AppConfig, 'publicUrl'>,
  usuarioId: number,
  portal?: Portal,
): Promise<{ link: string; expiresAt: string }> {
  const usuario = await findUsuario(db, { id: usuarioId });
  if (!usuario.activo) {
    throw new HttpError(409, 'INACTIVE', `El usuario ${usuarioId} está desactivado.`);
  }
  const chosen =
    portal ??
    portalOf({
      clientes: await listLinks(db, 'clientes', usuarioId),
      proveedores: await listLinks(db, 'proveedores', usuarioId),
    });
  const token = randomToken(32);
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000).toISOString();
  await db.transaction().execute(async (trx) => {
    await expireOpenResets(trx, usuarioId, now.toISOString());
    await insertReset(trx, {
      usuarioId,
      tokenHash: hashResetToken(token),
      createdAt: now.toISOString(),
      expiresAt,
    });
    await recordAudit(trx, {
      accion: 'password_recovery_link_cli',
      usuarioId,
      portal: chosen,
      entidad: 'usuarios',
      entidadId: usuarioId,
    });
  });
  // Same URL as the e-mailed link (password-reset/service.ts): the token in the fragment.
  return { link: `${config.publicUrl}/nueva-clave?portal=${chosen}#${token}`, expiresAt };
}

/** Gives an existing client or supplier the ERP's id; refuses one another company has. */
export async function asignarErpIdEmpresa(
  db: Db,
  tabla: EmpresaTabla,
  id: number,
  erpId: string,
): Promise<{ anterior: string | null }> {
  const [empresa] = await findEmpresas(db, tabla, { id, erpId: null });
  if (!empresa) throw notFound(`No hay ningún ${EMPRESA[tabla]} con id ${id}.`);
  const [holder] = (await findEmpresas(db, tabla, { id: null, erpId })).filter((e) => e.id !== id);
  if (holder) {
    throw new HttpError(
      409,
      'CONFLICT',
      `El erp_id ${erpId} ya es del ${EMPRESA[tabla]} ${holder.id} (${holder.razon_social}).`,
    );
  }
  try {
    await setEmpresaErpId(db, tabla, id, erpId);
  } catch (error) {
    // Another operator gave it to another company meanwhile: the unique index says no.
    if (isUniqueViolation(error)) {
      throw new HttpError(409, 'CONFLICT', `El erp_id ${erpId} ya es de otro ${EMPRESA[tabla]}.`);
    }
    throw error;
  }
  return { anterior: empresa.erp_id };
}
