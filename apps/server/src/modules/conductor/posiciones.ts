import { kmLineaRecta } from '@extranet/contracts/common/geo';

/*
 * Validation of a batch of position pings (issue 17 point 3). Pure; the service removes the
 * pings already stored (a resent offline queue) before calling it.
 */

/** A phone clock may run a little ahead of ours: later than this is "from the future". */
export const DESFASE_RELOJ_MS = 2 * 60_000;
/** Pings older than this are not tracking any more (a phone that kept a queue for days). */
export const ANTIGUEDAD_MAXIMA_MS = 72 * 3_600_000;
/**
 * Faster than this between two pings is a jump (a bad fix, a spoofed position), not a truck.
 * Below SALTO_MINIMO_KM the GPS noise of two close fixes is not judged.
 */
export const VELOCIDAD_SALTO_KMH = 200;
export const SALTO_MINIMO_KM = 5;

export type MotivoRechazo = 'futuro' | 'antigua' | 'fuera_de_rango' | 'salto';

export interface PosicionEntrante {
  id: string;
  lat: number;
  lng: number;
  tomadaAt: Date;
}

export interface PosicionReferencia {
  lat: number;
  lng: number;
  tomadaAt: Date;
}

export interface ResultadoValidacion<P extends PosicionEntrante> {
  /** Accepted pings in time order, without repeats of one id within the batch. */
  aceptadas: P[];
  rechazadas: Array<{ id: string; motivo: MotivoRechazo }>;
  /** Ids sent twice within the batch (kept once). */
  repetidas: string[];
}

/**
 * Judges each ping in time order against the previous accepted one (or the stored ping just
 * before the batch): coordinates in range, not from the future beyond the clock skew, not
 * older than the maximum age, and no jump faster than VELOCIDAD_SALTO_KMH. A refused ping is
 * no reference for the next.
 */
export function validarPosiciones<P extends PosicionEntrante>(
  lote: readonly P[],
  anterior: PosicionReferencia | null,
  ahora: Date,
): ResultadoValidacion<P> {
  const vistos = new Set<string>();
  const repetidas: string[] = [];
  const unicas: P[] = [];
  for (const ping of lote) {
    if (vistos.has(ping.id)) repetidas.push(ping.id);
    else {
      vistos.add(ping.id);
      unicas.push(ping);
    }
  }
  unicas.sort((a, b) => a.tomadaAt.getTime() - b.tomadaAt.getTime());

  const aceptadas: P[] = [];
  const rechazadas: ResultadoValidacion<P>['rechazadas'] = [];
  let referencia = anterior;
  for (const ping of unicas) {
    const motivo = motivoDeRechazo(ping, referencia, ahora);
    if (motivo) {
      rechazadas.push({ id: ping.id, motivo });
      continue;
    }
    aceptadas.push(ping);
    referencia = ping;
  }
  return { aceptadas, rechazadas, repetidas };
}

function motivoDeRechazo(
  ping: PosicionEntrante,
  referencia: PosicionReferencia | null,
  ahora: Date,
): MotivoRechazo | null {
  const enRango =
    Number.isFinite(ping.lat) &&
    Number.isFinite(ping.lng) &&
    Math.abs(ping.lat) <= 90 &&
    Math.abs(ping.lng) <= 180 &&
    // (0, 0) is what a phone without a fix reports, in the Gulf of Guinea.
    !(ping.lat === 0 && ping.lng === 0);
  if (!enRango) return 'fuera_de_rango';
  const at = ping.tomadaAt.getTime();
  if (Number.isNaN(at) || at > ahora.getTime() + DESFASE_RELOJ_MS) return 'futuro';
  if (at < ahora.getTime() - ANTIGUEDAD_MAXIMA_MS) return 'antigua';
  if (referencia) {
    const km = kmLineaRecta(referencia, ping);
    const horas = Math.abs(at - referencia.tomadaAt.getTime()) / 3_600_000;
    if (km > SALTO_MINIMO_KM && (horas === 0 || km / horas > VELOCIDAD_SALTO_KMH)) return 'salto';
  }
  return null;
}
