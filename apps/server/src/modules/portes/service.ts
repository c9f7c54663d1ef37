import type { Readable } from 'node:stream';
import type {
  HistoricoExportQuery,
  HistoricoPage,
  HistoricoQuery,
  PorteActivo,
  PorteHistorico,
  PortesExportQuery,
  PortesPage,
  PortesQuery,
} from '@extranet/contracts/portes/porte';
import { porteEstadoLabels } from '@extranet/contracts/portes/porte';
import { estadoEtaLabels } from '@extranet/contracts/conductor/seguimiento';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { byDateAndId, keysetBatches, keysetPage, mapBatches } from '../../lib/keyset-page.js';
import {
  EXPORT_BATCH,
  tableExport,
  type ExportColumn,
  type ExportFormat,
} from '../../lib/table-export.js';
import { todayInSpain } from '../cargas/offer-rules.js';
import { cifrasPorte } from './cifras.js';
import {
  ESTADOS_ACTIVOS,
  listSeguimientoVivo,
  type SeguimientoVivoRow,
  listHistorico,
  listPortesActivos,
  type Direccion,
  type PorteActivoRow,
  type PorteHistoricoRow,
} from './repository.js';

type Db = Kysely<Database>;

// One tag per list and order: a cursor of one is refused by another.
const CURSOR_HISTORICO = 'ph';
const CURSOR_ACTIVOS: Record<Direccion, string> = { asc: 'pa-asc', desc: 'pa-desc' };
/** The active shipments matching the filters, in the asked order. */
function activos(db: Db, clienteId: number, query: PortesExportQuery) {
  const direccion: Direccion = query.orden === 'fecha_carga_prevista_desc' ? 'desc' : 'asc';
  const filtro = {
    estados: query.estado ? [query.estado] : ESTADOS_ACTIVOS,
    fechaDesde: query.fechaDesde,
    fechaHasta: query.fechaHasta,
    origen: query.origen,
    destino: query.destino,
    q: query.q,
  };
  return byDateAndId(CURSOR_ACTIVOS[direccion], 'fecha_carga_prevista', async (after, limit) => {
    const rows = await listPortesActivos(db, clienteId, filtro, after, limit, direccion);
    // The stored live figures of the page's shipments, in one read (the export's batches too).
    const vivos = await listSeguimientoVivo(
      db,
      clienteId,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({ ...row, vivo: vivos.get(row.id) }));
  });
}

function historico(db: Db, clienteId: number, query: HistoricoExportQuery) {
  const filtro = { fechaDesde: query.fechaDesde, fechaHasta: query.fechaHasta };
  return byDateAndId(CURSOR_HISTORICO, 'fecha_carga_prevista', (after, limit) =>
    listHistorico(db, clienteId, filtro, after, limit),
  );
}

function toHistorico(row: PorteHistoricoRow): PorteHistorico {
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
    entregado_at: row.entregado_at,
    bultos: row.bultos,
    peso_kg: row.peso_kg,
    p_facturable_kg: row.p_facturable_kg,
  };
}

function toActivo(row: PorteActivoRow & { vivo: SeguimientoVivoRow | undefined }): PorteActivo {
  const ultima =
    row.ultima_fecha === null || row.ultima_hora === null
      ? null
      : {
          poblacion: row.ultima_poblacion,
          pais_iso: row.ultima_pais_iso,
          fecha: row.ultima_fecha,
          hora: row.ultima_hora,
          retraso: row.ultima_retraso ?? 0,
          kilometros_destino: row.ultima_kilometros_destino,
        };
  // The same figures as the tracking's (cifras.ts); the list has no room for the stops.
  const { paradas_previstas: _paradas, ...cifras } = cifrasPorte(ultima, row.vivo);
  return { ...toHistorico(row), ...cifras, ultima_parada: ultima };
}

/** "Portes": one page of this client's active shipments with their last stop. */
export async function listActivos(
  db: Db,
  clienteId: number,
  query: PortesQuery,
): Promise<PortesPage> {
  const page = await keysetPage(activos(db, clienteId, query), query.cursor, query.limit);
  return { items: page.items.map(toActivo), nextCursor: page.nextCursor };
}

/** "Histórico": one page of this client's delivered shipments, newest load date first. */
export async function listHistoricoPage(
  db: Db,
  clienteId: number,
  query: HistoricoQuery,
): Promise<HistoricoPage> {
  const page = await keysetPage(historico(db, clienteId, query), query.cursor, query.limit);
  return { items: page.items.map(toHistorico), nextCursor: page.nextCursor };
}

const COLUMNAS_HISTORICO: ExportColumn<PorteHistoricoRow>[] = [
  { header: 'Partida', value: (p) => p.partida },
  { header: 'Ref.Cliente', value: (p) => p.ref_cliente },
  { header: 'Origen', value: (p) => p.origen_poblacion },
  { header: 'País origen', value: (p) => p.origen_pais_iso },
  { header: 'Destino', value: (p) => p.destino_poblacion },
  { header: 'País destino', value: (p) => p.destino_pais_iso },
  { header: 'Carga Prevista', type: 'date', value: (p) => p.fecha_carga_prevista },
  { header: 'Entrega Prevista', type: 'date', value: (p) => p.fecha_entrega_prevista },
  // The delivery instant as the calendar day in Spain.
  {
    header: 'Entregado',
    type: 'date',
    value: (p) => (p.entregado_at ? todayInSpain(new Date(p.entregado_at)) : null),
  },
  { header: 'Bultos', type: 'number', value: (p) => p.bultos },
  { header: 'Peso (kg)', type: 'number', value: (p) => p.peso_kg },
  { header: 'P.Facturable (kg)', type: 'number', value: (p) => p.p_facturable_kg },
  { header: 'Estado', value: (p) => porteEstadoLabels[p.estado] },
  { header: 'Incidencia', value: (p) => p.incidencia },
];

/** The whole filtered history as CSV or XLSX (lib/table-export.ts), streamed along the keyset. */
export function exportHistorico(
  db: Db,
  clienteId: number,
  query: HistoricoExportQuery,
  format: ExportFormat,
): Readable {
  return tableExport(format, {
    sheet: 'Histórico',
    columns: COLUMNAS_HISTORICO,
    batches: keysetBatches(historico(db, clienteId, query), EXPORT_BATCH),
  });
}

const COLUMNAS_ACTIVOS: ExportColumn<PorteActivo>[] = [
  { header: 'Partida', value: (p) => p.partida },
  { header: 'Ref.Cliente', value: (p) => p.ref_cliente },
  { header: 'Estado', value: (p) => porteEstadoLabels[p.estado] },
  { header: 'Origen', value: (p) => p.origen_poblacion },
  { header: 'País origen', value: (p) => p.origen_pais_iso },
  { header: 'Destino', value: (p) => p.destino_poblacion },
  { header: 'País destino', value: (p) => p.destino_pais_iso },
  { header: 'Carga Prevista', type: 'date', value: (p) => p.fecha_carga_prevista },
  { header: 'Entrega Prevista', type: 'date', value: (p) => p.fecha_entrega_prevista },
  { header: 'Bultos', type: 'number', value: (p) => p.bultos },
  { header: 'Peso (kg)', type: 'number', value: (p) => p.peso_kg },
  // The live figures of the screen's "Seguimiento" and "Última parada" columns.
  {
    header: 'Seguimiento',
    value: (p) => (p.seguimiento ? estadoEtaLabels[p.seguimiento.estado] : null),
  },
  { header: 'ETA entrega', type: 'datetime', value: (p) => p.seguimiento?.eta_at ?? null },
  { header: 'Última posición', type: 'datetime', value: (p) => p.seguimiento?.posicion_at ?? null },
  { header: 'Última parada', value: (p) => p.ultima_parada?.poblacion ?? null },
  { header: 'Km hasta destino', type: 'number', value: (p) => p.kilometros_destino },
  { header: 'Retraso', type: 'number', value: (p) => p.retraso },
  { header: 'Incidencia', value: (p) => p.incidencia },
];

/** The whole filtered list of active shipments as CSV or XLSX, streamed along the keyset. */
export function exportActivos(
  db: Db,
  clienteId: number,
  query: PortesExportQuery,
  format: ExportFormat,
): Readable {
  return tableExport(format, {
    sheet: 'Portes',
    columns: COLUMNAS_ACTIVOS,
    batches: mapBatches(keysetBatches(activos(db, clienteId, query), EXPORT_BATCH), toActivo),
  });
}
