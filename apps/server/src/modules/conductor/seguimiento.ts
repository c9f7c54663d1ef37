import type { ParadaEvento } from '@extranet/contracts/integracion/eventos-conductor';
import type { SeguimientoEta } from '@extranet/contracts/conductor/conductor';
import type { Kysely } from 'kysely';
import type { Database, EstadoEta } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import { recordEvent } from '../../outbox/events.js';
import { VENTANA_VELOCIDAD_MIN, calcularEta, velocidadObservada, type EtaParada } from './eta.js';
import {
  findEta,
  guardarLote,
  listParadas,
  listPortesDelTransporte,
  pingsDesde,
  ultimoPing,
  type EnlaceVivo,
  type EtaGuardada,
  type LoteGuardado,
  type ParadaRow,
} from './repository.js';

/*
 * The live tracking of a transport (issue 17 point 3): its ETA computed from the latest ping,
 * the speed observed before it and the remaining stops; stored on each ping batch and stop
 * event, never on a read; a change of the shipment's status told to the ERP.
 */

type Db = Kysely<Database>;

/** A stored or incoming ping as the ETA reads it. */
export interface PingSeguimiento {
  lat: number;
  lng: number;
  tomada_at: string;
}

/** What a computation stores: the transport's ETA and each stop's. */
export interface Seguimiento {
  eta: EtaGuardada;
  paradas: EtaParada[];
}

/** The earliest instant of the pings the speed is observed on, before the latest ping. */
export function inicioVentanaVelocidad(ultimo: Date): Date {
  return new Date(ultimo.getTime() - VENTANA_VELOCIDAD_MIN * 60_000);
}

/**
 * The ETA of a transport from its latest ping and the pings before it within the speed
 * window (oldest first, the latest among them), against its stops as stored.
 */
export function calcularSeguimiento(
  transporteId: number,
  recientes: readonly PingSeguimiento[],
  paradas: readonly ParadaRow[],
  ahora: Date,
): Seguimiento {
  const ultimo = recientes.at(-1)!;
  const resultado = calcularEta({
    posicion: { lat: ultimo.lat, lng: ultimo.lng, at: new Date(ultimo.tomada_at) },
    paradas: paradas.map((p) => ({
      id: p.id,
      lat: p.lat,
      lng: p.lng,
      ventanaDesde: new Date(p.ventana_desde),
      ventanaHasta: new Date(p.ventana_hasta),
      llegadaAt: p.llegada_at ? new Date(p.llegada_at) : null,
      completadaAt: p.completada_at ? new Date(p.completada_at) : null,
    })),
    velocidadKmh: velocidadObservada(
      recientes.map((p) => ({ lat: p.lat, lng: p.lng, at: new Date(p.tomada_at) })),
    ),
    ahora,
  });
  return {
    eta: {
      transporte_id: transporteId,
      lat: ultimo.lat,
      lng: ultimo.lng,
      posicion_at: ultimo.tomada_at,
      km_restantes: resultado.kmRestantes,
      velocidad_kmh: resultado.velocidadKmh,
      estado: resultado.estado,
      calculado_at: ahora.toISOString(),
    },
    paradas: resultado.paradas,
  };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** What `guardarLote` writes for a computation, with the batch's new pings (if any). */
export function loteDe(seguimiento: Seguimiento, pings: LoteGuardado['pings']): LoteGuardado {
  return {
    pings,
    eta: seguimiento.eta,
    paradas: seguimiento.paradas.map((p) => ({
      id: p.id,
      km_restantes: p.kmRestantes,
      eta_at: iso(p.eta),
      eta_desde: iso(p.etaDesde),
      eta_hasta: iso(p.etaHasta),
    })),
  };
}

/** The stored ETA as the driver page, tracking and the API show it. */
export function toSeguimientoEta(
  eta: SeguimientoEta | EtaGuardada | undefined,
): SeguimientoEta | null {
  if (!eta) return null;
  return {
    lat: eta.lat,
    lng: eta.lng,
    posicion_at: eta.posicion_at,
    km_restantes: eta.km_restantes,
    velocidad_kmh: eta.velocidad_kmh,
    estado: eta.estado,
    calculado_at: eta.calculado_at,
  };
}

export function paradaEvento(p: ParadaRow): ParadaEvento {
  return {
    parada_id: p.id,
    orden: p.orden,
    tipo: p.tipo,
    poblacion: p.poblacion,
    cp: p.cp,
    pais_iso: p.pais_iso,
  };
}

/** The transport's part of the driver's events to the ERP. */
export async function eventoConductor(db: Db, enlace: EnlaceVivo) {
  const portes = await listPortesDelTransporte(db, enlace.transporte_id, null);
  return {
    transporte_id: enlace.transporte_id,
    proveedor_id: enlace.proveedor_id,
    referencia: enlace.referencia,
    partidas: portes.map((p) => p.partida),
  };
}

/** Tells the ERP (change feed, webhooks) that the shipment's status changed; in `trx`. */
export async function avisarCambioEstado(
  trx: Db,
  enlace: EnlaceVivo,
  paradas: readonly ParadaRow[],
  seguimiento: Seguimiento,
  anterior: EstadoEta | null,
): Promise<void> {
  const { eta } = seguimiento;
  const porId = new Map(paradas.map((p) => [p.id, p]));
  await recordEvent(trx, 'transporte.eta', {
    ...(await eventoConductor(trx, enlace)),
    estado: eta.estado,
    estado_anterior: anterior,
    km_restantes: eta.km_restantes,
    velocidad_kmh: eta.velocidad_kmh,
    posicion: { lat: eta.lat, lng: eta.lng, at: eta.posicion_at },
    paradas: seguimiento.paradas.map((p) => ({
      ...paradaEvento(porId.get(p.id)!),
      km_restantes: p.kmRestantes,
      eta_at: iso(p.eta),
      eta_desde: iso(p.etaDesde),
      eta_hasta: iso(p.etaHasta),
      estado: p.estado,
      retraso_minutos: p.retrasoMin,
    })),
  });
}

/**
 * Stores a batch's new pings with the ETA they give and, when the shipment's status changes,
 * tells the ERP in the same transaction. Returns how many pings went in.
 */
export async function guardarSeguimiento(
  db: Db,
  enlace: EnlaceVivo,
  paradas: readonly ParadaRow[],
  seguimiento: Seguimiento,
  pings: LoteGuardado['pings'],
  anterior: EstadoEta | null,
): Promise<number> {
  const lote = loteDe(seguimiento, pings);
  if (anterior === seguimiento.eta.estado) return guardarLote(db, lote);
  return db.transaction().execute(async (trx) => {
    const insertadas = await guardarLote(trx, lote);
    await avisarCambioEstado(trx, enlace, paradas, seguimiento, anterior);
    return insertadas;
  });
}

/**
 * Recomputes and stores the ETA of a transport from its stored pings (nothing without one),
 * after a stop event changed its stops.
 */
export async function recalcularEta(db: Db, enlace: EnlaceVivo): Promise<SeguimientoEta | null> {
  const transporteId = enlace.transporte_id;
  const ultimo = await ultimoPing(db, transporteId);
  if (!ultimo) return null;
  const desde = inicioVentanaVelocidad(new Date(ultimo.tomada_at)).toISOString();
  const recientes = await pingsDesde(db, transporteId, desde);
  const paradas = await listParadas(db, transporteId);
  const seguimiento = calcularSeguimiento(transporteId, recientes, paradas, clock.now());
  const anterior = (await findEta(db, transporteId))?.estado ?? null;
  await guardarSeguimiento(db, enlace, paradas, seguimiento, [], anterior);
  return toSeguimientoEta(seguimiento.eta);
}
