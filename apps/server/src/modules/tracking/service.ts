import type { SeguimientoVivo } from '@extranet/contracts/conductor/seguimiento';
import type {
  ParadaSeguimiento,
  PosicionActual,
  TrackingBusqueda,
  TrackingPorte,
} from '@extranet/contracts/tracking/tracking';
import { MAX_TRACKING_RESULTADOS } from '@extranet/contracts/tracking/tracking';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { HttpError } from '../../lib/http-error.js';
import { fechaHoraMadrid } from '../../lib/madrid.js';
import { cifrasPorte } from '../portes/cifras.js';
import { listSeguimientoVivo } from '../portes/repository.js';
import { verificacionUrl } from '../ecmr/service.js';
import {
  buscarPortes,
  findPorte,
  listDocumentos,
  listEcmrDePorte,
  listParadas,
} from './repository.js';

type Db = Kysely<Database>;

/** Tracking search: up to 20 of this client's shipments by partida or Ref.Cliente prefix. */
export async function buscarTracking(
  db: Db,
  clienteId: number,
  q: string,
): Promise<TrackingBusqueda> {
  return { items: await buscarPortes(db, clienteId, q, MAX_TRACKING_RESULTADOS) };
}

/** The driver's last ping while there is one, else the latest stop with coordinates. */
function posicionActual(
  paradas: readonly ParadaSeguimiento[],
  vivo: SeguimientoVivo | null,
): PosicionActual | null {
  if (vivo) {
    return {
      lat: vivo.lat,
      lng: vivo.lng,
      fuente: 'conductor',
      posicion_at: vivo.posicion_at,
      poblacion: null,
      // As the tracking stops the driver's events write: Madrid time.
      ...fechaHoraMadrid(new Date(vivo.posicion_at)),
    };
  }
  const ultima = paradas.findLast((s) => s.lat !== null && s.lng !== null);
  if (!ultima || ultima.lat === null || ultima.lng === null) return null;
  return {
    lat: ultima.lat,
    lng: ultima.lng,
    fuente: 'parada',
    posicion_at: null,
    poblacion: ultima.poblacion,
    fecha: ultima.fecha,
    hora: ultima.hora,
  };
}

const porteNotFound = () => new HttpError(404, 'NOT_FOUND', 'Porte no encontrado.');

/**
 * A shipment of this client with its stops, current position, delay and documents;
 * 404 when the partida is unknown or another client's (never telling which).
 */
export async function getTracking(
  db: Db,
  clienteId: number,
  partida: string,
  options: { facturas: boolean; publicUrl: string },
): Promise<TrackingPorte> {
  const porte = await findPorte(db, clienteId, partida);
  if (!porte) throw porteNotFound();
  const paradas: ParadaSeguimiento[] = (await listParadas(db, clienteId, porte.id)).map(
    ({ poblacion_b, ...s }) => ({ ...s, poblacionB: poblacion_b }),
  );
  // The shipment's figures: the stored live ones, else its latest stop's (fecha, hora, id), the
  // same stop the "Portes" list joins and the integration's delay notices read.
  const vivo = (await listSeguimientoVivo(db, clienteId, [porte.id])).get(porte.id);
  const { paradas_previstas, ...cifras } = cifrasPorte(paradas.at(-1) ?? null, vivo);
  const documentos = await listDocumentos(db, clienteId, porte.id, options);
  const ecmr = await listEcmrDePorte(db, clienteId, porte.id);
  return {
    partida: porte.partida,
    ref_cliente: porte.ref_cliente,
    estado: porte.estado,
    incidencia: porte.incidencia,
    origen_poblacion: porte.origen_poblacion,
    origen_cp: porte.origen_cp,
    origen_pais_iso: porte.origen_pais_iso,
    origen_lat: porte.origen_lat,
    origen_lng: porte.origen_lng,
    destino_poblacion: porte.destino_poblacion,
    destino_cp: porte.destino_cp,
    destino_pais_iso: porte.destino_pais_iso,
    destino_lat: porte.destino_lat,
    destino_lng: porte.destino_lng,
    fecha_carga_prevista: porte.fecha_carga_prevista,
    fecha_entrega_prevista: porte.fecha_entrega_prevista,
    entregado_at: porte.entregado_at,
    bultos: porte.bultos,
    peso_kg: porte.peso_kg,
    p_facturable_kg: porte.p_facturable_kg,
    paradas,
    paradas_previstas,
    posicion_actual: posicionActual(paradas, cifras.seguimiento),
    ...cifras,
    // The same file can hang from two places (a leg's CMR also set as the shipment's).
    documentos: documentos.filter((d, i) => documentos.findIndex((o) => o.id === d.id) === i),
    ecmr: ecmr.map(({ verificacion_id, ...e }) => ({
      ...e,
      verificacion_url: verificacionUrl(options.publicUrl, verificacion_id),
      pdf: e.estado !== 'sin_firmar',
    })),
  };
}
