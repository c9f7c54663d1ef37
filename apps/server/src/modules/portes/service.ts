import type { Readable } from 'node:stream';
import type {
  HistoricoExportQuery,
  HistoricoPage,
  HistoricoQuery,
  PorteActivo,
  PorteHistorico,
  PortesPage,
  PortesQuery,
} from '@extranet/contracts/portes/porte';
import { porteEstadoLabels } from '@extranet/contracts/portes/porte';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { fechaEs, keysetCsvStream } from '../../lib/csv.js';
import { CursorId, decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { todayInSpain } from '../cargas/offer-rules.js';
import {
  ESTADOS_ACTIVOS,
  listHistorico,
  listPortesActivos,
  type Direccion,
  type PorteActivoRow,
  type PorteHistoricoRow,
  type PortesKeyset,
} from './repository.js';

type Db = Kysely<Database>;

// One tag per list and order: a cursor of one is refused by another.
const CURSOR_HISTORICO = 'ph';
const CURSOR_ACTIVOS: Record<Direccion, string> = { asc: 'pa-asc', desc: 'pa-desc' };
const KeysetValues = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}$/), CursorId]);

function after(cursor: string | undefined, tag: string): PortesKeyset {
  return cursor === undefined ? undefined : decodeCursor(cursor, tag, KeysetValues);
}

/** Fetches `limit + 1` rows to know whether there is a next page without counting. */
function paged<T extends { id: number; fecha_carga_prevista: string }>(
  rows: T[],
  limit: number,
  tag: string,
) {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return {
    items,
    nextCursor:
      rows.length > limit && last ? encodeCursor(tag, [last.fecha_carga_prevista, last.id]) : null,
  };
}

function toHistorico(row: PorteHistoricoRow): PorteHistorico {
  return {
    id: row.id,
    partida: row.partida,
    ref_cliente: row.ref_cliente,
    origen_poblacion: row.origen_poblacion,
    origen_pais_iso: row.origen_pais_iso,
    destino_poblacion: row.destino_poblacion,
    destino_pais_iso: row.destino_pais_iso,
    fecha_carga_prevista: row.fecha_carga_prevista,
    fecha_entrega_prevista: row.fecha_entrega_prevista,
    entregado_at: row.entregado_at,
    bultos: row.bultos,
    peso_kg: row.peso_kg,
    p_facturable_kg: row.p_facturable_kg,
    estado: row.estado,
    incidencia: row.incidencia,
  };
}

function toActivo(row: PorteActivoRow): PorteActivo {
  return {
    id: row.id,
    partida: row.partida,
    ref_cliente: row.ref_cliente,
    estado: row.estado,
    incidencia: row.incidencia,
    origen_poblacion: row.origen_poblacion,
    origen_pais_iso: row.origen_pais_iso,
    destino_poblacion: row.destino_poblacion,
    destino_pais_iso: row.destino_pais_iso,
    fecha_carga_prevista: row.fecha_carga_prevista,
    fecha_entrega_prevista: row.fecha_entrega_prevista,
    bultos: row.bultos,
    peso_kg: row.peso_kg,
    ultima_parada:
      row.ultima_fecha === null || row.ultima_hora === null
        ? null
        : {
            poblacion: row.ultima_poblacion,
            pais_iso: row.ultima_pais_iso,
            fecha: row.ultima_fecha,
            hora: row.ultima_hora,
            retraso: row.ultima_retraso ?? 0,
            kilometros_destino: row.ultima_kilometros_destino,
          },
  };
}

/** "Portes": one page of this client's active shipments with their last stop. */
export async function listActivos(
  db: Db,
  clienteId: number,
  query: PortesQuery,
): Promise<PortesPage> {
  const direccion: Direccion = query.orden === 'fecha_carga_prevista_desc' ? 'desc' : 'asc';
  const tag = CURSOR_ACTIVOS[direccion];
  const rows = await listPortesActivos(
    db,
    clienteId,
    {
      estados: query.estado ? [query.estado] : ESTADOS_ACTIVOS,
      fechaDesde: query.fechaDesde,
      fechaHasta: query.fechaHasta,
      origen: query.origen,
      destino: query.destino,
      q: query.q,
    },
    after(query.cursor, tag),
    query.limit + 1,
    direccion,
  );
  const page = paged(rows, query.limit, tag);
  return { items: page.items.map(toActivo), nextCursor: page.nextCursor };
}

/** "Histórico": one page of this client's delivered shipments, newest load date first. */
export async function listHistoricoPage(
  db: Db,
  clienteId: number,
  query: HistoricoQuery,
): Promise<HistoricoPage> {
  const rows = await listHistorico(
    db,
    clienteId,
    { fechaDesde: query.fechaDesde, fechaHasta: query.fechaHasta },
    after(query.cursor, CURSOR_HISTORICO),
    query.limit + 1,
  );
  const page = paged(rows, query.limit, CURSOR_HISTORICO);
  return { items: page.items.map(toHistorico), nextCursor: page.nextCursor };
}

const CSV_HEADER = [
  'Partida',
  'Ref.Cliente',
  'Origen',
  'País origen',
  'Destino',
  'País destino',
  'Carga Prevista',
  'Entrega Prevista',
  'Entregado',
  'Bultos',
  'Peso (kg)',
  'P.Facturable (kg)',
  'Estado',
  'Incidencia',
];

/** The whole filtered history as CSV for Excel (lib/csv.ts), streamed along the keyset. */
export function exportHistoricoCsv(
  db: Db,
  clienteId: number,
  query: HistoricoExportQuery,
): Readable {
  const filtro = { fechaDesde: query.fechaDesde, fechaHasta: query.fechaHasta };
  return keysetCsvStream<PorteHistoricoRow, NonNullable<PortesKeyset>>({
    header: CSV_HEADER,
    batch: (key, limit) => listHistorico(db, clienteId, filtro, key, limit),
    keyOf: (row) => [row.fecha_carga_prevista, row.id],
    fields: (p) => [
      p.partida,
      p.ref_cliente ?? '',
      p.origen_poblacion,
      p.origen_pais_iso,
      p.destino_poblacion,
      p.destino_pais_iso,
      fechaEs(p.fecha_carga_prevista),
      fechaEs(p.fecha_entrega_prevista),
      // The delivery instant as the calendar day in Spain.
      p.entregado_at ? fechaEs(todayInSpain(new Date(p.entregado_at))) : '',
      p.bultos,
      p.peso_kg,
      p.p_facturable_kg,
      porteEstadoLabels[p.estado],
      p.incidencia ?? '',
    ],
  });
}
