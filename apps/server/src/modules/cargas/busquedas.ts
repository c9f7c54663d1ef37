import type {
  BusquedaCarga,
  BusquedaCargaCrear,
  BusquedaFiltro,
  BusquedasCargasPage,
  BusquedasCargasQuery,
} from '@extranet/contracts/cargas/busqueda';
import { MAX_BUSQUEDAS_CARGAS } from '@extranet/contracts/avisos/constants';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { chunks } from '../../db/sql.js';
import { clock } from '../../lib/clock.js';
import { CursorId } from '../../lib/cursor.js';
import { HttpError } from '../../lib/http-error.js';
import { keysetPage } from '../../lib/keyset-page.js';
import { recordEvent } from '../../outbox/events.js';
import type { ProveedorActor } from '../../plugins/actor.js';
import {
  busquedasActivas,
  cargasAbiertas,
  clavesExistentes,
  countBusquedas,
  deleteBusqueda,
  insertBusqueda,
  listBusquedas,
  type DuenoBusquedas,
} from './busquedas-repository.js';

/*
 * A carrier user's saved load searches (issue 20 point 2, decision 021): the load list's
 * filters, kept per user and carrier; each load the ERP publishes that one matches becomes one
 * notice of its user (and push or e-mail after the user's preferences), once per search.
 */

type Db = Kysely<Database>;

/** The session's user: an access link's session has none to save searches for. */
function ownerOf(actor: ProveedorActor): DuenoBusquedas {
  if (actor.usuarioId === null) {
    throw new HttpError(
      403,
      'FORBIDDEN',
      'Las búsquedas guardadas requieren iniciar sesión con un usuario.',
    );
  }
  return { usuarioId: actor.usuarioId, proveedorId: actor.proveedorId };
}

/** The stored JSON as the list shows it; unknown or broken fields are left out. */
function filtroDe(json: string): BusquedaFiltro {
  const FiltroGuardado = z
    .object({
      origenPaisIso: z.string(),
      origenPoblacion: z.string(),
      destinoPaisIso: z.string(),
      destinoPoblacion: z.string(),
      fechaDesde: z.string(),
      fechaHasta: z.string(),
      tipoVehiculo: z.string(),
    })
    .partial();
  const parsed = FiltroGuardado.safeParse(JSON.parse(json));
  return (parsed.success ? parsed.data : {}) as BusquedaFiltro;
}

function toBusqueda(row: {
  id: number;
  nombre: string;
  filtro: string;
  created_at: string;
}): BusquedaCarga {
  return {
    id: Number(row.id),
    nombre: row.nombre,
    filtro: filtroDe(row.filtro),
    created_at: row.created_at,
  };
}

export async function listarBusquedas(
  db: Db,
  actor: ProveedorActor,
  query: BusquedasCargasQuery,
): Promise<BusquedasCargasPage> {
  const owner = ownerOf(actor);
  const page = await keysetPage(
    {
      tag: 'busquedas',
      schema: z.tuple([CursorId]),
      fetch: (after, limit) => listBusquedas(db, owner, after?.[0], limit),
      keyOf: (row) => [Number(row.id)],
    },
    query.cursor,
    query.limit,
  );
  return { items: page.items.map(toBusqueda), nextCursor: page.nextCursor };
}

export async function guardarBusqueda(
  db: Db,
  actor: ProveedorActor,
  body: BusquedaCargaCrear,
): Promise<BusquedaCarga> {
  const owner = ownerOf(actor);
  // Only the filters that are set, in a stable order.
  const filtro = Object.fromEntries(
    Object.entries(body.filtro).filter(([, value]) => value !== undefined && value !== ''),
  );
  if (Object.keys(filtro).length === 0) {
    throw new HttpError(
      400,
      'VALIDATION_ERROR',
      'Elija al menos un filtro antes de guardar la búsqueda.',
    );
  }
  return db.transaction().execute(async (trx) => {
    if ((await countBusquedas(trx, owner)) >= MAX_BUSQUEDAS_CARGAS) {
      throw new HttpError(
        409,
        'TOO_MANY_SEARCHES',
        `Puede guardar como máximo ${MAX_BUSQUEDAS_CARGAS} búsquedas: borre alguna antes.`,
      );
    }
    const row = await insertBusqueda(
      trx,
      owner,
      body.nombre,
      JSON.stringify(filtro),
      clock.now().toISOString(),
    );
    return toBusqueda(row);
  });
}

export async function borrarBusqueda(db: Db, actor: ProveedorActor, id: number): Promise<void> {
  if (!(await deleteBusqueda(db, ownerOf(actor), id))) {
    throw new HttpError(404, 'NOT_FOUND', 'Búsqueda no encontrada.');
  }
}

/** A load as a saved search compares it. */
export interface CargaComparable {
  origen_poblacion: string;
  origen_pais_iso: string;
  destino_poblacion: string;
  destino_pais_iso: string;
  fecha_carga: string;
  tipo_vehiculo: string;
}

/** Case-insensitive prefix, as the load list filters towns. */
function empiezaPor(texto: string, prefijo: string | undefined): boolean {
  return prefijo === undefined || texto.toLowerCase().startsWith(prefijo.toLowerCase());
}

/** Whether the load is one the load list would show with these filters. */
export function cumpleBusqueda(filtro: BusquedaFiltro, carga: CargaComparable): boolean {
  return (
    (filtro.origenPaisIso === undefined || filtro.origenPaisIso === carga.origen_pais_iso) &&
    (filtro.destinoPaisIso === undefined || filtro.destinoPaisIso === carga.destino_pais_iso) &&
    empiezaPor(carga.origen_poblacion, filtro.origenPoblacion) &&
    empiezaPor(carga.destino_poblacion, filtro.destinoPoblacion) &&
    (filtro.fechaDesde === undefined || carga.fecha_carga >= filtro.fechaDesde) &&
    (filtro.fechaHasta === undefined || carga.fecha_carga <= filtro.fechaHasta) &&
    (filtro.tipoVehiculo === undefined || filtro.tipoVehiculo === carga.tipo_vehiculo)
  );
}

/** The notice key of one search and load: a load sent again is not told again. */
export function claveBusqueda(busquedaId: number, cargaId: number): string {
  return `busqueda:${busquedaId}:carga:${cargaId}`;
}

/**
 * Tells the users whose saved searches these newly open loads match (`db` is the ERP batch's
 * transaction): one `aviso.busqueda` per search and load not told before.
 */
export async function avisarBusquedas(db: Db, cargaIds: readonly number[]): Promise<number> {
  if (cargaIds.length === 0) return 0;
  const busquedas = (await busquedasActivas(db)).map((b) => ({ ...b, filtro: filtroDe(b.filtro) }));
  if (busquedas.length === 0) return 0;
  let avisos = 0;
  for (const ids of chunks([...cargaIds])) {
    const cargas = await cargasAbiertas(db, ids);
    const coincidencias = cargas.flatMap((carga) =>
      busquedas
        .filter((b) => cumpleBusqueda(b.filtro, carga))
        .map((b) => ({ busqueda: b, carga, clave: claveBusqueda(Number(b.id), Number(carga.id)) })),
    );
    const yaAvisadas = await clavesExistentes(
      db,
      coincidencias.map((c) => c.clave),
    );
    for (const { busqueda, carga, clave } of coincidencias) {
      if (yaAvisadas.has(clave)) continue;
      await recordEvent(db, 'aviso.busqueda', {
        usuario_id: Number(busqueda.usuario_id),
        proveedor_id: Number(busqueda.proveedor_id),
        busqueda_id: Number(busqueda.id),
        busqueda_nombre: busqueda.nombre,
        carga: {
          carga_id: Number(carga.id),
          referencia: carga.referencia,
          origen_poblacion: carga.origen_poblacion,
          origen_pais_iso: carga.origen_pais_iso,
          destino_poblacion: carga.destino_poblacion,
          destino_pais_iso: carga.destino_pais_iso,
          fecha_carga: carga.fecha_carga,
          tipo_vehiculo: carga.tipo_vehiculo,
        },
      });
      avisos += 1;
    }
  }
  return avisos;
}
