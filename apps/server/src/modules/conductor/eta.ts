/*
 * ETA of a transport from its latest position (issue 17 point 3). Pure: the service feeds it
 * the stored pings and stops on each ping batch and stores what it returns.
 * Constants and their reasons: docs/decisions/011-driver-link-pings-and-eta.md
 */

import { kmLineaRecta } from '@extranet/contracts/common/geo';

/** Road distance ≈ straight-line distance × this (Spanish and French trunk roads: 1.2–1.4). */
export const FACTOR_CARRETERA = 1.3;
/** Average speed of a truck over a trip, breaks included, when too little has been observed. */
export const VELOCIDAD_DEFECTO_KMH = 65;
/** Observed speeds are kept within this range (a stop or a short fast stretch is not the trip). */
export const VELOCIDAD_MIN_KMH = 30;
export const VELOCIDAD_MAX_KMH = 85;
/** Observation window of the speed, and the least span of pings to trust it. */
export const VENTANA_VELOCIDAD_MIN = 120;
export const SPAN_MINIMO_VELOCIDAD_MIN = 15;
/** Time spent at each stop before leaving for the next (loading or unloading). */
export const ESTANCIA_PARADA_MIN = 45;
/** ETA window: ± this fixed part plus a share of the driving time still ahead. */
export const MARGEN_FIJO_MIN = 15;
export const MARGEN_PROPORCIONAL = 0.1;

export type EstadoEta = 'a_tiempo' | 'en_riesgo' | 'con_retraso';

export interface Punto {
  lat: number;
  lng: number;
}

export interface PingEta extends Punto {
  at: Date;
}

export interface ParadaPlan {
  id: number;
  lat: number | null;
  lng: number | null;
  ventanaDesde: Date;
  ventanaHasta: Date;
  llegadaAt: Date | null;
  completadaAt: Date | null;
}

export interface EtaParada {
  id: number;
  /** Road km from the position to this stop along the remaining stops; null without coordinates. */
  kmRestantes: number | null;
  eta: Date | null;
  etaDesde: Date | null;
  etaHasta: Date | null;
  estado: EstadoEta | null;
  /** Minutes past the window's end (0 when on time). */
  retrasoMin: number;
}

export interface EtaTransporte {
  /** Road km to the last remaining stop; null when a remaining stop has no coordinates. */
  kmRestantes: number | null;
  velocidadKmh: number;
  estado: EstadoEta;
  /** Only the stops not yet completed, in order. */
  paradas: EtaParada[];
}

const MIN = 60_000;

/** Estimated road km between two points. */
export function kmCarretera(a: Punto, b: Punto): number {
  return kmLineaRecta(a, b) * FACTOR_CARRETERA;
}

/**
 * Average road speed over the last VENTANA_VELOCIDAD_MIN of pings (breaks included, so a
 * driver's rest lowers it as it lowers the real arrival), clamped to the plausible range;
 * the default when the pings span less than SPAN_MINIMO_VELOCIDAD_MIN.
 */
export function velocidadObservada(pings: readonly PingEta[]): number {
  const ordenados = [...pings].sort((a, b) => a.at.getTime() - b.at.getTime());
  const ultimo = ordenados.at(-1);
  if (!ultimo) return VELOCIDAD_DEFECTO_KMH;
  const desde = ultimo.at.getTime() - VENTANA_VELOCIDAD_MIN * MIN;
  const recientes = ordenados.filter((p) => p.at.getTime() >= desde);
  const primero = recientes[0]!;
  const horas = (ultimo.at.getTime() - primero.at.getTime()) / 3_600_000;
  if (horas * 60 < SPAN_MINIMO_VELOCIDAD_MIN) return VELOCIDAD_DEFECTO_KMH;
  let km = 0;
  for (let i = 1; i < recientes.length; i++) km += kmCarretera(recientes[i - 1]!, recientes[i]!);
  const kmh = km / horas;
  return Math.round(Math.min(VELOCIDAD_MAX_KMH, Math.max(VELOCIDAD_MIN_KMH, kmh)));
}

/** A stop's status: its ETA past the window's end, or the window's end inside the ETA window. */
export function estadoDe(eta: Date, etaHasta: Date, ventanaHasta: Date): EstadoEta {
  if (eta > ventanaHasta) return 'con_retraso';
  if (etaHasta > ventanaHasta) return 'en_riesgo';
  return 'a_tiempo';
}

/** How bad a status is: the worst of its stops' is a shipment's. */
export const GRAVEDAD: Record<EstadoEta, number> = { a_tiempo: 0, en_riesgo: 1, con_retraso: 2 };

/**
 * ETA of each stop not yet completed, from the position, in the stops' order: road km at the
 * given speed, waiting for a window to open and ESTANCIA_PARADA_MIN at each stop before the
 * next. A stop without coordinates gets no ETA and the trip continues from the last known
 * point. The shipment's status is its worst stop's.
 */
export function calcularEta(input: {
  posicion: PingEta;
  paradas: readonly ParadaPlan[];
  velocidadKmh: number;
  ahora: Date;
}): EtaTransporte {
  const { posicion, velocidadKmh, ahora } = input;
  let punto: Punto = posicion;
  // Driving starts from the position's time, never before it and never in the past.
  let t = Math.max(posicion.at.getTime(), ahora.getTime());
  let kmAcumulados = 0;
  let kmConocidos = true;
  let horasConduccion = 0;
  let estado: EstadoEta = 'a_tiempo';
  const paradas: EtaParada[] = [];

  for (const parada of input.paradas) {
    if (parada.completadaAt) continue;
    if (parada.llegadaAt) {
      // At the stop: its arrival is known; the next leg starts once the work there is done.
      const llegada = parada.llegadaAt;
      const estadoParada: EstadoEta = llegada > parada.ventanaHasta ? 'con_retraso' : 'a_tiempo';
      paradas.push({
        id: parada.id,
        kmRestantes: 0,
        eta: llegada,
        etaDesde: llegada,
        etaHasta: llegada,
        estado: estadoParada,
        retrasoMin: minutosTarde(llegada, parada.ventanaHasta),
      });
      if (GRAVEDAD[estadoParada] > GRAVEDAD[estado]) estado = estadoParada;
      if (parada.lat !== null && parada.lng !== null) punto = { lat: parada.lat, lng: parada.lng };
      t = Math.max(t, llegada.getTime() + ESTANCIA_PARADA_MIN * MIN);
      continue;
    }
    if (parada.lat === null || parada.lng === null) {
      kmConocidos = false;
      paradas.push({
        id: parada.id,
        kmRestantes: null,
        eta: null,
        etaDesde: null,
        etaHasta: null,
        estado: null,
        retrasoMin: 0,
      });
      continue;
    }
    const destino = { lat: parada.lat, lng: parada.lng };
    const km = kmCarretera(punto, destino);
    kmAcumulados += km;
    const horas = km / velocidadKmh;
    horasConduccion += horas;
    t += horas * 3_600_000;
    const eta = new Date(t);
    const margen = (MARGEN_FIJO_MIN + horasConduccion * 60 * MARGEN_PROPORCIONAL) * MIN;
    const etaDesde = new Date(t - margen);
    const etaHasta = new Date(t + margen);
    const estadoParada = estadoDe(eta, etaHasta, parada.ventanaHasta);
    if (GRAVEDAD[estadoParada] > GRAVEDAD[estado]) estado = estadoParada;
    paradas.push({
      id: parada.id,
      kmRestantes: Math.round(kmAcumulados),
      eta,
      etaDesde,
      etaHasta,
      estado: estadoParada,
      retrasoMin: minutosTarde(eta, parada.ventanaHasta),
    });
    // Arriving early means waiting for the window to open; then the work at the stop.
    t = Math.max(t, parada.ventanaDesde.getTime()) + ESTANCIA_PARADA_MIN * MIN;
    punto = destino;
  }

  // Every stop done: the trip ended as its last stop was reached (the shipment's figures read
  // the same, `portes/cifras.ts`), not "a tiempo" by default.
  const ultima = input.paradas.at(-1);
  const llegadaFinal = ultima ? (ultima.llegadaAt ?? ultima.completadaAt) : null;
  if (paradas.length === 0 && ultima && llegadaFinal) {
    estado = llegadaFinal > ultima.ventanaHasta ? 'con_retraso' : 'a_tiempo';
  }

  return {
    kmRestantes: kmConocidos ? Math.round(kmAcumulados) : null,
    velocidadKmh,
    estado,
    paradas,
  };
}

/**
 * Minutes from a window's end to an instant, rounded up (0 within the window): one rule for
 * every delay shown (a stop's expected or actual one, the shipment's, the ERP's), so a stop
 * a few seconds past its window is "con retraso" and 1 min late, never "con retraso" and 0.
 */
export function minutosTarde(at: Date, ventanaHasta: Date): number {
  return Math.max(0, Math.ceil((at.getTime() - ventanaHasta.getTime()) / MIN));
}
