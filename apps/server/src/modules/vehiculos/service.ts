import type {
  TipoVehiculo,
  Vehiculo,
  VehiculoCrear,
  VehiculoEditar,
  VehiculosExportQuery,
  VehiculosMapa,
  VehiculosPage,
  VehiculosQuery,
} from '@extranet/contracts/vehiculos/vehiculo';
import { MAX_VEHICULOS_MAPA, tipoVehiculoLabels } from '@extranet/contracts/vehiculos/constants';
import type { Kysely } from 'kysely';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import { CursorId } from '../../lib/cursor.js';
import { keysetBatches, keysetPage, mapBatches, type KeysetList } from '../../lib/keyset-page.js';
import {
  EXPORT_BATCH,
  tableExport,
  type ExportColumn,
  type ExportFormat,
} from '../../lib/table-export.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { HttpError } from '../../lib/http-error.js';
import { recordAudit } from '../audit/repository.js';
import type { ProveedorActor } from '../../plugins/actor.js';
import {
  findByMatricula,
  findVehiculo,
  insertVehiculo,
  listPositions,
  listVehiculos,
  updateVehiculo,
  type VehiculoRow,
  type VehiculoValues,
} from './repository.js';

type Db = Kysely<Database>;

const notFound = () => new HttpError(404, 'NOT_FOUND', 'Vehículo no encontrado.');
const duplicate = (matricula: string) =>
  new HttpError(409, 'PLATE_EXISTS', `Ya existe un vehículo con la matrícula ${matricula}.`);
const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

function toVehiculo(row: VehiculoRow): Vehiculo {
  return {
    ...row,
    tipo: row.tipo as TipoVehiculo,
    disponible: row.disponible === 1,
    activo: row.activo === 1,
  };
}

const cursorSchema = z.tuple([z.string().min(1).max(20), CursorId]);

/** The panel's keyset (by plate), shared by its pages and its export. */
function panel(
  db: Db,
  proveedorId: number,
  filtro: { activo: boolean; disponible?: boolean | undefined },
): KeysetList<VehiculoRow, z.infer<typeof cursorSchema>> {
  return {
    tag: `vehiculos:${filtro.activo ? 1 : 0}:${filtro.disponible ?? '*'}`,
    schema: cursorSchema,
    fetch: (after, limit) => listVehiculos(db, proveedorId, filtro, after, limit),
    keyOf: (row) => [row.matricula, row.id],
  };
}

/** A page of the vehicle panel (active vehicles by default), by plate. */
export async function listarVehiculos(
  db: Db,
  proveedorId: number,
  query: VehiculosQuery,
): Promise<VehiculosPage> {
  const filtro = { activo: query.activo, disponible: query.disponible };
  const page = await keysetPage(panel(db, proveedorId, filtro), query.cursor, query.limit);
  return { items: page.items.map(toVehiculo), nextCursor: page.nextCursor };
}

const COLUMNAS_VEHICULOS: ExportColumn<Vehiculo>[] = [
  { header: 'Matrícula', value: (v) => v.matricula },
  { header: 'Tipo', value: (v) => tipoVehiculoLabels[v.tipo] },
  { header: 'Capacidad (kg)', type: 'number', value: (v) => v.capacidad_kg },
  { header: 'Palets', type: 'number', value: (v) => v.palets },
  { header: 'Conductor', value: (v) => v.conductor_nombre },
  { header: 'Teléfono', value: (v) => v.conductor_telefono },
  { header: 'Disponible', value: (v) => (v.disponible ? 'Sí' : 'No') },
  { header: 'Disponible desde', type: 'date', value: (v) => v.disponible_desde },
  { header: 'Disponible hasta', type: 'date', value: (v) => v.disponible_hasta },
  { header: 'Última posición', value: (v) => v.ultima_poblacion },
  { header: 'Fecha posición', value: (v) => v.ultima_posicion_at },
];

/** The whole panel with these filters, by plate, as CSV or XLSX. */
export function exportarVehiculos(
  db: Db,
  proveedorId: number,
  query: VehiculosExportQuery,
  format: ExportFormat,
): Readable {
  const filtro = { activo: query.activo, disponible: query.disponible };
  return tableExport(format, {
    sheet: 'Vehículos',
    columns: COLUMNAS_VEHICULOS,
    batches: mapBatches(keysetBatches(panel(db, proveedorId, filtro), EXPORT_BATCH), toVehiculo),
  });
}

/** One of this carrier's vehicles; 404 for anyone else's. */
export async function obtenerVehiculo(
  db: Db,
  proveedorId: number,
  vehiculoId: number,
): Promise<Vehiculo> {
  const row = await findVehiculo(db, proveedorId, vehiculoId);
  if (!row) throw notFound();
  return toVehiculo(row);
}

/** Registers a vehicle; the plate (normalised by the contract) is unique per carrier. */
export async function crearVehiculo(
  db: Db,
  actor: ProveedorActor,
  body: VehiculoCrear,
): Promise<Vehiculo> {
  const now = clock.now().toISOString();
  return db.transaction().execute(async (trx) => {
    if (await findByMatricula(trx, actor.proveedorId, body.matricula)) {
      throw duplicate(body.matricula);
    }
    let id: number;
    try {
      id = await insertVehiculo(trx, actor.proveedorId, {
        matricula: body.matricula,
        tipo: body.tipo,
        capacidad_kg: body.capacidad_kg,
        palets: body.palets,
        conductor_nombre: body.conductor_nombre ?? null,
        conductor_telefono: body.conductor_telefono ?? null,
        disponible: flag(body.disponible),
        disponible_desde: body.disponible_desde ?? null,
        disponible_hasta: body.disponible_hasta ?? null,
        created_at: now,
        updated_at: now,
      } as VehiculoValues & {
        matricula: string;
        tipo: string;
        capacidad_kg: number;
        palets: number;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate(body.matricula);
      throw error;
    }
    await recordAudit(trx, {
      accion: 'vehiculo.crear',
      usuarioId: actor.usuarioId,
      portal: 'proveedores',
      entidad: 'vehiculo',
      entidadId: id,
      ip: actor.ip,
      detalles: { matricula: body.matricula },
    });
    return obtenerVehiculo(trx, actor.proveedorId, id);
  });
}

/** Changes an active vehicle; the availability dates stay in order after the change. */
export async function editarVehiculo(
  db: Db,
  actor: ProveedorActor,
  vehiculoId: number,
  body: VehiculoEditar,
): Promise<Vehiculo> {
  const now = clock.now().toISOString();
  return db.transaction().execute(async (trx) => {
    const before = await findVehiculo(trx, actor.proveedorId, vehiculoId);
    if (!before || before.activo !== 1) throw notFound();
    const desde =
      body.disponible_desde !== undefined ? body.disponible_desde : before.disponible_desde;
    const hasta =
      body.disponible_hasta !== undefined ? body.disponible_hasta : before.disponible_hasta;
    if (desde && hasta && desde > hasta) {
      throw new HttpError(
        400,
        'VALIDATION_ERROR',
        'La fecha «disponible desde» no puede ser posterior a «disponible hasta».',
      );
    }
    if (body.matricula !== undefined && body.matricula !== before.matricula) {
      if (await findByMatricula(trx, actor.proveedorId, body.matricula)) {
        throw duplicate(body.matricula);
      }
    }
    const { disponible, ...rest } = body;
    try {
      await updateVehiculo(trx, actor.proveedorId, vehiculoId, {
        ...rest,
        ...(disponible === undefined ? {} : { disponible: flag(disponible) }),
        updated_at: now,
      });
    } catch (error) {
      if (isUniqueViolation(error) && body.matricula) throw duplicate(body.matricula);
      throw error;
    }
    await recordAudit(trx, {
      accion: 'vehiculo.editar',
      usuarioId: actor.usuarioId,
      portal: 'proveedores',
      entidad: 'vehiculo',
      entidadId: vehiculoId,
      ip: actor.ip,
      detalles: { cambios: body },
    });
    return obtenerVehiculo(trx, actor.proveedorId, vehiculoId);
  });
}

/**
 * Deactivates a vehicle: it stays for the transport history but leaves the panel, the map
 * and the offer form. Idempotent.
 */
export async function desactivarVehiculo(
  db: Db,
  actor: ProveedorActor,
  vehiculoId: number,
): Promise<Vehiculo> {
  const now = clock.now().toISOString();
  return db.transaction().execute(async (trx) => {
    const before = await findVehiculo(trx, actor.proveedorId, vehiculoId);
    if (!before) throw notFound();
    if (before.activo === 1) {
      await updateVehiculo(trx, actor.proveedorId, vehiculoId, {
        activo: 0,
        disponible: 0,
        updated_at: now,
      });
      await recordAudit(trx, {
        accion: 'vehiculo.desactivar',
        usuarioId: actor.usuarioId,
        portal: 'proveedores',
        entidad: 'vehiculo',
        entidadId: vehiculoId,
        ip: actor.ip,
      });
    }
    return obtenerVehiculo(trx, actor.proveedorId, vehiculoId);
  });
}

/** The carrier's active vehicles with a position, for the availability map (capped). */
export async function mapaVehiculos(db: Db, proveedorId: number): Promise<VehiculosMapa> {
  const rows = await listPositions(db, proveedorId, MAX_VEHICULOS_MAPA + 1);
  return {
    items: rows.slice(0, MAX_VEHICULOS_MAPA).map((row) => ({
      id: row.id,
      matricula: row.matricula,
      tipo: row.tipo as TipoVehiculo,
      conductor_nombre: row.conductor_nombre,
      disponible: row.disponible === 1,
      disponible_desde: row.disponible_desde,
      disponible_hasta: row.disponible_hasta,
      ultima_poblacion: row.ultima_poblacion,
      ultima_posicion_at: row.ultima_posicion_at,
      lat: row.ultima_lat ?? 0,
      lng: row.ultima_lng ?? 0,
    })),
    truncated: rows.length > MAX_VEHICULOS_MAPA,
  };
}
