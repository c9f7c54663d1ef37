import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config.js';
import type { Database, Portal } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import { hmacHex, randomToken } from '../../lib/tokens.js';
import { HttpError } from '../../lib/http-error.js';
import { recordAudit } from '../audit/repository.js';
import { createSession } from '../sesiones/service.js';
import {
  findEmpresaActiva,
  findLiveAccessToken,
  insertAccessToken,
  markAccessTokenUsed,
  revokeAccessToken,
} from './repository.js';

/** The page an access link opens in each portal (spec §2: `{id}/{token}` paths). */
const LANDING: Record<Portal, string> = {
  clientes: '/clientes/tracking',
  proveedores: '/proveedores/cargas',
};

/**
 * What `access_tokens.token_hash` holds: an HMAC keyed with the session secret, so neither a
 * leaked table nor a guessed token without the secret yields a working link.
 */
export function accessTokenHash(config: Pick<AppConfig, 'sessionSecret'>, token: string): string {
  return hmacHex(config.sessionSecret, `access-link:${token}`);
}

const invalidLink = () => new HttpError(404, 'NOT_FOUND', 'Enlace no válido o caducado.');

/** Creates a link to one customer or supplier company; returns its full URL. */
export async function createAccessLink(
  db: Kysely<Database>,
  config: Pick<AppConfig, 'sessionSecret' | 'publicUrl' | 'accessLinkDays'>,
  input: { portal: Portal; id: number; days?: number; descripcion?: string },
): Promise<{ url: string; token: string; expiresAt: string }> {
  const empresa = await findEmpresaActiva(db, input.portal, input.id);
  if (!empresa) {
    const what = input.portal === 'clientes' ? 'cliente' : 'proveedor';
    throw new HttpError(404, 'NOT_FOUND', `No existe ningún ${what} activo con id ${input.id}.`);
  }
  const token = randomToken();
  const now = clock.now();
  const days = input.days ?? config.accessLinkDays;
  const expiresAt = new Date(now.getTime() + days * 86_400_000).toISOString();
  const id = await insertAccessToken(db, {
    portal: input.portal,
    empresaId: empresa.id,
    tokenHash: accessTokenHash(config, token),
    descripcion: input.descripcion ?? null,
    createdAt: now.toISOString(),
    expiresAt,
  });
  await recordAudit(db, {
    accion: 'enlace_acceso.creado',
    portal: input.portal,
    entidad: 'access_tokens',
    entidadId: id,
    detalles: { empresaId: empresa.id, expiresAt },
  });
  return {
    url: `${config.publicUrl}${LANDING[input.portal]}/${empresa.id}/${token}`,
    token,
    expiresAt,
  };
}

/** Revokes a link by its token (sessions opened with it end at their next request). */
export async function revokeAccessLink(
  db: Kysely<Database>,
  config: Pick<AppConfig, 'sessionSecret'>,
  token: string,
): Promise<boolean> {
  const revoked = await revokeAccessToken(
    db,
    accessTokenHash(config, token),
    clock.now().toISOString(),
  );
  if (revoked)
    await recordAudit(db, { accion: 'enlace_acceso.revocado', entidad: 'access_tokens' });
  return revoked;
}

/**
 * `POST /api/clientes/access` / `/api/proveedores/access`: a valid id+token pair opens a
 * session limited to that company, with no user. Forged, expired, revoked, other-portal or
 * other-id pairs are all the same 404.
 */
export async function openAccessLink(
  db: Kysely<Database>,
  config: AppConfig,
  input: {
    portal: Portal;
    id: number;
    token: string;
    ip: string;
    previousSessionKey: string | null;
  },
) {
  const now = clock.now().toISOString();
  const link = await findLiveAccessToken(db, {
    tokenHash: accessTokenHash(config, input.token),
    portal: input.portal,
    empresaId: input.id,
    now,
  });
  const empresa = link ? await findEmpresaActiva(db, input.portal, input.id) : undefined;
  if (!link || !empresa) throw invalidLink();
  return db.transaction().execute(async (trx) => {
    const created = await createSession(
      trx,
      config,
      {
        usuarioId: null,
        portal: input.portal,
        region: empresa.region,
        clienteId: input.portal === 'clientes' ? empresa.id : null,
        proveedorId: input.portal === 'proveedores' ? empresa.id : null,
        accessTokenId: link.id,
        notAfter: link.expires_at,
      },
      input.previousSessionKey,
    );
    await markAccessTokenUsed(trx, link.id, now);
    await recordAudit(trx, {
      accion: 'enlace_acceso.usado',
      portal: input.portal,
      entidad: 'access_tokens',
      entidadId: link.id,
      ip: input.ip,
      detalles: { empresaId: empresa.id },
    });
    return created;
  });
}
