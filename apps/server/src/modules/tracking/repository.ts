import type { Kysely } from 'kysely';
import type { Database, PorteEstado } from '../../db/database.js';
import { portesDe } from '../portes/repository.js';

/*
 * Kysely only. Every query takes the session's `clienteId` and filters by it in SQL: a
 * shipment, stop or document of another client is simply not found.
 */

type Db = Kysely<Database>;

export interface TrackingCoincidenciaRow {
  partida: string;
  ref_cliente: string | null;
  estado: PorteEstado;
  origen_poblacion: string;
  destino_poblacion: string;
  fecha_carga_prevista: string;
  fecha_entrega_prevista: string | null;
}

/** Tracking search: this client's shipments by exact partida or Ref.Cliente prefix. */
export async function buscarPortes(
  db: Db,
  clienteId: number,
  q: string,
  limit: number,
): Promise<TrackingCoincidenciaRow[]> {
  return portesDe(db, clienteId, { estados: [], q })
    .select([
      'p.partida',
      'p.ref_cliente',
      'p.estado',
      'p.origen_poblacion',
      'p.destino_poblacion',
      'p.fecha_carga_prevista',
      'p.fecha_entrega_prevista',
    ])
    .orderBy('p.fecha_carga_prevista', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
}

/** A shipment of this client by its partida, every column; undefined when not this client's. */
export async function findPorte(db: Db, clienteId: number, partida: string) {
  return db
    .selectFrom('portes')
    .selectAll()
    .where('partida', '=', partida)
    .where('cliente_id', '=', clienteId)
    .executeTakeFirst();
}

/** The stops of this client's shipment in time order. */
export async function listParadas(db: Db, clienteId: number, porteId: number) {
  return db
    .selectFrom('seguimiento as s')
    .innerJoin('portes as p', 'p.id', 's.porte_id')
    .select([
      's.id',
      's.partida',
      's.fecha',
      's.hora',
      's.comentarios',
      's.cp',
      's.kilometros_destino',
      's.pais',
      's.pais_iso',
      's.poblacion',
      's.poblacion_b',
      's.retraso',
      's.lat',
      's.lng',
    ])
    .where('s.porte_id', '=', porteId)
    .where('p.cliente_id', '=', clienteId)
    .orderBy('s.fecha')
    .orderBy('s.hora')
    .orderBy('s.id')
    .execute();
}

export interface DocumentoRow {
  id: number;
  tipo: 'cmr' | 'pod' | 'factura';
  nombre: string;
  factura_id: number | null;
}

/**
 * PDFs of this client's invoices with a line for the shipment, oldest first. Reached from the
 * shipment's invoice lines (`factura_lineas_porte_idx`): a client with tens of thousands of
 * invoices made the old "its invoices that have a line for it" a scan of them all.
 */
export function facturasDePorteQuery(db: Db, clienteId: number, porteId: number) {
  return db
    .selectFrom('factura_lineas as l')
    .innerJoin('facturas as f', 'f.id', 'l.factura_id')
    .innerJoin('archivos as a', 'a.id', 'f.archivo_id')
    .select(['a.id', 'a.nombre', 'f.id as factura_id', 'f.fecha_emision'])
    .distinct()
    .where('l.porte_id', '=', porteId)
    .where('f.cliente_id', '=', clienteId)
    .orderBy('f.fecha_emision')
    .orderBy('f.id');
}

/**
 * Files of this client's shipment: its CMR and POD, the carriers' CMRs of its legs and,
 * when asked, the PDFs of the client's invoices with a line for it.
 */
export async function listDocumentos(
  db: Db,
  clienteId: number,
  porteId: number,
  options: { facturas: boolean },
): Promise<DocumentoRow[]> {
  const propios = await db
    .selectFrom('portes as p')
    .innerJoin('archivos as a', (join) =>
      join.on((eb) =>
        eb.or([
          eb('a.id', '=', eb.ref('p.cmr_archivo_id')),
          eb('a.id', '=', eb.ref('p.pod_archivo_id')),
        ]),
      ),
    )
    .select(['a.id', 'a.nombre', 'p.pod_archivo_id'])
    .where('p.id', '=', porteId)
    .where('p.cliente_id', '=', clienteId)
    .orderBy('a.id')
    .execute();
  const tramos = await db
    .selectFrom('subpartidas as s')
    .innerJoin('portes as p', 'p.id', 's.porte_id')
    .innerJoin('archivos as a', 'a.id', 's.cmr_archivo_id')
    .select(['a.id', 'a.nombre'])
    .where('p.id', '=', porteId)
    .where('p.cliente_id', '=', clienteId)
    .orderBy('s.id')
    .execute();
  const facturas = options.facturas
    ? await facturasDePorteQuery(db, clienteId, porteId).execute()
    : [];
  return [
    ...propios.map((d) => ({
      id: d.id,
      tipo: d.id === d.pod_archivo_id ? ('pod' as const) : ('cmr' as const),
      nombre: d.nombre,
      factura_id: null,
    })),
    ...tramos.map((d) => ({ id: d.id, tipo: 'cmr' as const, nombre: d.nombre, factura_id: null })),
    ...facturas.map((d) => ({
      id: d.id,
      tipo: 'factura' as const,
      nombre: d.nombre,
      factura_id: d.factura_id,
    })),
  ];
}

/** The e-CMR of each leg of this client's shipment that has one, by leg number. */
export async function listEcmrDePorte(db: Db, clienteId: number, porteId: number) {
  return db
    .selectFrom('ecmr as e')
    .innerJoin('subpartidas as s', 's.id', 'e.subpartida_id')
    .innerJoin('portes as p', 'p.id', 's.porte_id')
    .select([
      's.id as subpartida_id',
      's.numero as tramo',
      'e.numero',
      'e.estado',
      'e.verificacion_id',
    ])
    .where('p.id', '=', porteId)
    .where('p.cliente_id', '=', clienteId)
    .orderBy('s.numero')
    .orderBy('s.id')
    .execute();
}
