import { kmLineaRecta } from '@extranet/contracts/common/geo';
import { describe, expect, it } from 'vitest';
import {
  ESTANCIA_PARADA_MIN,
  FACTOR_CARRETERA,
  VELOCIDAD_DEFECTO_KMH,
  VELOCIDAD_MAX_KMH,
  VELOCIDAD_MIN_KMH,
  calcularEta,
  minutosTarde,
  velocidadObservada,
  type ParadaPlan,
} from './eta.js';

const MADRID = { lat: 40.4168, lng: -3.7038 };
const ZARAGOZA = { lat: 41.6488, lng: -0.8891 };
const BARCELONA = { lat: 41.3874, lng: 2.1686 };
const at = (iso: string) => new Date(iso);

function parada(
  id: number,
  punto: { lat: number; lng: number } | null,
  desde: string,
  hasta: string,
): ParadaPlan {
  return {
    id,
    lat: punto?.lat ?? null,
    lng: punto?.lng ?? null,
    ventanaDesde: at(desde),
    ventanaHasta: at(hasta),
    llegadaAt: null,
    completadaAt: null,
  };
}

describe('velocidadObservada', () => {
  it('falls back to the default speed with too short a span of pings', () => {
    expect(velocidadObservada([])).toBe(VELOCIDAD_DEFECTO_KMH);
    expect(
      velocidadObservada([
        { ...MADRID, at: at('2026-11-25T10:00:00Z') },
        { lat: 40.5, lng: -3.6, at: at('2026-11-25T10:05:00Z') },
      ]),
    ).toBe(VELOCIDAD_DEFECTO_KMH);
  });

  it('averages the road speed of the last two hours, clamped to the plausible range', () => {
    // 0.5° of latitude ≈ 55.6 km straight, × 1.3 ≈ 72 km road in one hour.
    const viaje = [
      { lat: 40.0, lng: -3.7, at: at('2026-11-25T06:00:00Z') },
      { lat: 41.5, lng: -3.7, at: at('2026-11-25T07:00:00Z') },
      { lat: 41.75, lng: -3.7, at: at('2026-11-25T09:30:00Z') },
      { lat: 42.25, lng: -3.7, at: at('2026-11-25T10:30:00Z') },
    ];
    expect(velocidadObservada(viaje)).toBe(72);
    const parado = [
      { ...MADRID, at: at('2026-11-25T10:00:00Z') },
      { ...MADRID, at: at('2026-11-25T11:00:00Z') },
    ];
    expect(velocidadObservada(parado)).toBe(VELOCIDAD_MIN_KMH);
    const rapido = [
      { lat: 40.0, lng: -3.7, at: at('2026-11-25T10:00:00Z') },
      { lat: 41.5, lng: -3.7, at: at('2026-11-25T11:00:00Z') },
    ];
    expect(velocidadObservada(rapido)).toBe(VELOCIDAD_MAX_KMH);
  });
});

describe('calcularEta', () => {
  const ahora = at('2026-11-25T08:00:00Z');
  const posicion = { ...MADRID, at: ahora };

  it('gives km to go and an ETA with a window per remaining stop, in order', () => {
    const eta = calcularEta({
      posicion,
      velocidadKmh: 65,
      ahora,
      paradas: [
        parada(1, ZARAGOZA, '2026-11-25T08:00:00Z', '2026-11-25T16:00:00Z'),
        parada(2, BARCELONA, '2026-11-25T08:00:00Z', '2026-11-25T22:00:00Z'),
      ],
    });
    const kmZaragoza = kmLineaRecta(MADRID, ZARAGOZA) * FACTOR_CARRETERA;
    const kmBarcelona = kmZaragoza + kmLineaRecta(ZARAGOZA, BARCELONA) * FACTOR_CARRETERA;
    expect(eta.paradas.map((p) => p.kmRestantes)).toEqual([
      Math.round(kmZaragoza),
      Math.round(kmBarcelona),
    ]);
    expect(eta.kmRestantes).toBe(Math.round(kmBarcelona));
    const primera = eta.paradas[0]!;
    expect(primera.eta!.getTime()).toBeCloseTo(ahora.getTime() + (kmZaragoza / 65) * 3_600_000, -3);
    expect(primera.etaDesde! < primera.eta! && primera.eta! < primera.etaHasta!).toBe(true);
    // The second leg starts after the work at the first stop.
    const segunda = eta.paradas[1]!;
    const conduccion = ((kmBarcelona - kmZaragoza) / 65) * 3_600_000;
    expect(segunda.eta!.getTime()).toBeCloseTo(
      primera.eta!.getTime() + ESTANCIA_PARADA_MIN * 60_000 + conduccion,
      -3,
    );
    expect(eta.estado).toBe('a_tiempo');
    expect(eta.paradas.every((p) => p.estado === 'a_tiempo' && p.retrasoMin === 0)).toBe(true);
  });

  it('is at risk when the window may close before the ETA, late when the ETA is past it', () => {
    // Zaragoza is ≈ 5 h 29 min away at 65 km/h: ETA ≈ 13:29, window ± 15 + 33 min.
    const enRiesgo = calcularEta({
      posicion,
      velocidadKmh: 65,
      ahora,
      paradas: [parada(1, ZARAGOZA, '2026-11-25T08:00:00Z', '2026-11-25T13:45:00Z')],
    });
    expect(enRiesgo.estado).toBe('en_riesgo');
    expect(enRiesgo.paradas[0]!.retrasoMin).toBe(0);
    const tarde = calcularEta({
      posicion,
      velocidadKmh: 65,
      ahora,
      paradas: [parada(1, ZARAGOZA, '2026-11-25T08:00:00Z', '2026-11-25T12:00:00Z')],
    });
    expect(tarde.estado).toBe('con_retraso');
    expect(tarde.paradas[0]!.retrasoMin).toBeGreaterThan(80);
    expect(tarde.paradas[0]!.retrasoMin).toBeLessThan(100);
  });

  it('waits for a window to open before the next leg and skips completed stops', () => {
    const hecha = { ...parada(1, MADRID, '2026-11-25T06:00:00Z', '2026-11-25T09:00:00Z') };
    hecha.completadaAt = at('2026-11-25T07:30:00Z');
    const eta = calcularEta({
      posicion,
      velocidadKmh: 65,
      ahora,
      paradas: [
        hecha,
        parada(2, ZARAGOZA, '2026-11-25T18:00:00Z', '2026-11-25T20:00:00Z'),
        parada(3, BARCELONA, '2026-11-26T06:00:00Z', '2026-11-26T12:00:00Z'),
      ],
    });
    expect(eta.paradas.map((p) => p.id)).toEqual([2, 3]);
    const conduccion = ((kmLineaRecta(ZARAGOZA, BARCELONA) * FACTOR_CARRETERA) / 65) * 3_600_000;
    expect(eta.paradas[1]!.eta!.getTime()).toBeCloseTo(
      at('2026-11-25T18:00:00Z').getTime() + ESTANCIA_PARADA_MIN * 60_000 + conduccion,
      -3,
    );
  });

  it('uses the arrival of a stop reached and leaves no ETA for a stop without coordinates', () => {
    const llegada = parada(1, ZARAGOZA, '2026-11-25T06:00:00Z', '2026-11-25T07:00:00Z');
    llegada.llegadaAt = at('2026-11-25T07:40:00Z');
    const eta = calcularEta({
      posicion: { ...ZARAGOZA, at: ahora },
      velocidadKmh: 65,
      ahora,
      paradas: [llegada, parada(2, null, '2026-11-25T06:00:00Z', '2026-11-25T23:00:00Z')],
    });
    expect(eta.paradas[0]).toMatchObject({ kmRestantes: 0, estado: 'con_retraso', retrasoMin: 40 });
    expect(eta.paradas[1]).toMatchObject({ kmRestantes: null, eta: null, estado: null });
    expect(eta.kmRestantes).toBeNull();
    expect(eta.estado).toBe('con_retraso');
  });

  it('with nothing left to do, ends as its last stop was reached (not on time by default)', () => {
    // A late loading caught up since does not count; a late delivery does.
    const carga = parada(1, MADRID, '2026-11-25T06:00:00Z', '2026-11-25T07:00:00Z');
    carga.llegadaAt = at('2026-11-25T09:00:00Z');
    carga.completadaAt = at('2026-11-25T09:30:00Z');
    const entrega = parada(2, ZARAGOZA, '2026-11-25T12:00:00Z', '2026-11-25T18:00:00Z');
    entrega.llegadaAt = at('2026-11-25T15:00:00Z');
    entrega.completadaAt = at('2026-11-25T15:40:00Z');
    expect(calcularEta({ posicion, velocidadKmh: 65, ahora, paradas: [carga, entrega] })).toEqual({
      kmRestantes: 0,
      velocidadKmh: 65,
      estado: 'a_tiempo',
      paradas: [],
    });
    const tarde = { ...entrega, llegadaAt: at('2026-11-25T18:20:00Z') };
    expect(calcularEta({ posicion, velocidadKmh: 65, ahora, paradas: [carga, tarde] }).estado).toBe(
      'con_retraso',
    );
  });

  it('counts a few seconds past a window as one minute late, as every delay shown', () => {
    expect(minutosTarde(at('2026-11-25T07:00:10Z'), at('2026-11-25T07:00:00Z'))).toBe(1);
    expect(minutosTarde(at('2026-11-25T07:00:00Z'), at('2026-11-25T07:00:00Z'))).toBe(0);
    expect(minutosTarde(at('2026-11-25T06:00:00Z'), at('2026-11-25T07:00:00Z'))).toBe(0);
  });
});
