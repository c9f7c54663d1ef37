import type { ParadaPrevista, SeguimientoVivo } from '@extranet/contracts/conductor/seguimiento';
import type { CifrasPorte } from '@extranet/contracts/portes/porte';
import { estadoDe, GRAVEDAD, minutosTarde } from '../conductor/eta.js';
import type { SeguimientoVivoRow } from './repository.js';

/*
 * A shipment's figures from what the driver link stored (issue 17 point 4): one function for
 * the "Portes" list, its export and the tracking, so they cannot disagree. Nothing here
 * recomputes an ETA: a stop's status and delay are its stored ETA (or arrival) against its
 * planned window, by the rule the ETA itself uses (`conductor/eta.ts`).
 */

type ParadaRow = SeguimientoVivoRow['paradas'][number];

/** A planned stop as the customer sees it: its stored ETA, status and delay. */
export function paradaPrevista(p: ParadaRow): ParadaPrevista {
  // The customer is not shown the address, coordinates or legs of the stop.
  const {
    transporte_id: _t,
    porte_id: _p,
    subpartida_id: _s,
    direccion: _d,
    lat: _lat,
    lng: _lng,
    ...plan
  } = p;
  const hecha = p.completada_at !== null;
  // At the stop (or done with it), its arrival is the figure; before it, the stored ETA.
  const llegada = p.llegada_at;
  const [eta, desde, hasta] =
    llegada !== null ? [llegada, llegada, llegada] : [p.eta_at, p.eta_desde, p.eta_hasta];
  return {
    ...plan,
    km_restantes: llegada !== null ? 0 : p.km_restantes,
    // A stop done has no ETA any more (its ETA columns are the last ones before it was done).
    eta_at: hecha ? null : eta,
    eta_desde: hecha ? null : desde,
    eta_hasta: hecha ? null : hasta,
    estado:
      eta !== null && hasta !== null
        ? estadoDe(new Date(eta), new Date(hasta), new Date(p.ventana_hasta))
        : null,
    retraso: eta !== null ? minutosTarde(new Date(eta), new Date(p.ventana_hasta)) : 0,
  };
}

/**
 * The shipment's live figures: the stored position; the status and delay of its stops still
 * to do, the worst and the largest; km and ETA of its delivery (its last unloading stop).
 * Once every stop is done, its last stop's: how the delivery ended. A stop already done never
 * counts while others remain: a loading reached late, then caught up, leaves the shipment on
 * time, and the stop itself says it was reached late ("Llegó con N min de retraso"), so the
 * two figures answer different questions and never disagree (decision 011).
 */
export function seguimientoVivo(
  row: SeguimientoVivoRow,
  paradas: readonly ParadaPrevista[],
): SeguimientoVivo {
  const pendientes = paradas.filter((p) => p.completada_at === null);
  const cuentan = pendientes.length > 0 ? pendientes : paradas.slice(-1);
  let estado = cuentan.length > 0 ? 'a_tiempo' : row.eta.estado;
  let retraso = 0;
  for (const p of cuentan) {
    if (p.estado !== null && GRAVEDAD[p.estado] > GRAVEDAD[estado]) estado = p.estado;
    retraso = Math.max(retraso, p.retraso);
  }
  const entrega = paradas.filter((p) => p.tipo === 'descarga').at(-1);
  return {
    lat: row.eta.lat,
    lng: row.eta.lng,
    posicion_at: row.eta.posicion_at,
    calculado_at: row.eta.calculado_at,
    estado,
    km_restantes: entrega ? entrega.km_restantes : row.eta.km_restantes,
    eta_at: entrega?.eta_at ?? null,
    eta_desde: entrega?.eta_desde ?? null,
    eta_hasta: entrega?.eta_hasta ?? null,
    retraso,
  };
}

/**
 * The shipment's delay, km to go and live figures: the stored live ones while its transport
 * has a driver link, else its latest reported stop's (what the ERP's delay notices read).
 */
export function cifrasPorte(
  ultima: { retraso: number; kilometros_destino: number | null } | null,
  vivo: SeguimientoVivoRow | undefined,
): CifrasPorte & { paradas_previstas: ParadaPrevista[] } {
  if (!vivo) {
    return {
      retraso: ultima?.retraso ?? 0,
      kilometros_destino: ultima?.kilometros_destino ?? null,
      seguimiento: null,
      paradas_previstas: [],
    };
  }
  const paradas = vivo.paradas.map(paradaPrevista);
  const seguimiento = seguimientoVivo(vivo, paradas);
  return {
    retraso: seguimiento.retraso,
    kilometros_destino: seguimiento.km_restantes,
    seguimiento,
    paradas_previstas: paradas,
  };
}
