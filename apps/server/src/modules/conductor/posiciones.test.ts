import { describe, expect, it } from 'vitest';
import { DESFASE_RELOJ_MS, validarPosiciones } from './posiciones.js';

const ahora = new Date('2026-11-25T12:00:00Z');
const ping = (id: string, lat: number, lng: number, minutosAntes: number) => ({
  id,
  lat,
  lng,
  tomadaAt: new Date(ahora.getTime() - minutosAntes * 60_000),
});

describe('validarPosiciones', () => {
  it('accepts a plausible route in time order whatever the order sent', () => {
    const lote = [ping('c', 40.6, -3.5, 0), ping('a', 40.4, -3.7, 20), ping('b', 40.5, -3.6, 10)];
    const result = validarPosiciones(lote, null, ahora);
    expect(result.aceptadas.map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(result.rechazadas).toEqual([]);
    expect(result.repetidas).toEqual([]);
  });

  it('refuses positions from the future beyond the clock skew, but allows the skew', () => {
    const skew = {
      ...ping('skew', 40.4, -3.7, 0),
      tomadaAt: new Date(ahora.getTime() + DESFASE_RELOJ_MS - 1000),
    };
    const futuro = {
      ...ping('futuro', 40.4, -3.7, 0),
      tomadaAt: new Date(ahora.getTime() + 10 * 60_000),
    };
    const result = validarPosiciones([skew, futuro], null, ahora);
    expect(result.aceptadas.map((p) => p.id)).toEqual(['skew']);
    expect(result.rechazadas).toEqual([{ id: 'futuro', motivo: 'futuro' }]);
  });

  it('refuses coordinates out of range, the (0, 0) of a phone without a fix and old pings', () => {
    const result = validarPosiciones(
      [
        ping('lat', 91, 0, 1),
        ping('lng', 40, -181, 1),
        ping('cero', 0, 0, 1),
        ping('vieja', 40, -3, 73 * 60),
      ],
      null,
      ahora,
    );
    expect(result.aceptadas).toEqual([]);
    expect(result.rechazadas).toEqual([
      { id: 'vieja', motivo: 'antigua' },
      { id: 'lat', motivo: 'fuera_de_rango' },
      { id: 'lng', motivo: 'fuera_de_rango' },
      { id: 'cero', motivo: 'fuera_de_rango' },
    ]);
  });

  it('refuses a jump of hundreds of km in a minute, against the stored ping or the batch', () => {
    const anterior = {
      lat: 40.4168,
      lng: -3.7038,
      tomadaAt: new Date(ahora.getTime() - 2 * 60_000),
    };
    // Madrid → Barcelona (≈ 500 km) one minute later; then back near Madrid, which is fine.
    const result = validarPosiciones(
      [ping('bcn', 41.3874, 2.1686, 1), ping('cerca', 40.42, -3.7, 0)],
      anterior,
      ahora,
    );
    expect(result.rechazadas).toEqual([{ id: 'bcn', motivo: 'salto' }]);
    expect(result.aceptadas.map((p) => p.id)).toEqual(['cerca']);
    // A few metres of GPS noise at the same instant are no jump.
    const ruido = validarPosiciones([ping('r', 40.4169, -3.7037, 2)], anterior, ahora);
    expect(ruido.aceptadas).toHaveLength(1);
    // 300 km in three hours is a truck on the motorway.
    const lejos = validarPosiciones(
      [ping('z', 41.6488, -0.8891, 0)],
      { ...anterior, tomadaAt: new Date(ahora.getTime() - 3 * 3_600_000) },
      ahora,
    );
    expect(lejos.aceptadas).toHaveLength(1);
  });

  it('keeps one ping of an id sent twice in the batch', () => {
    const result = validarPosiciones(
      [ping('a', 40.4, -3.7, 2), ping('a', 40.4, -3.7, 2)],
      null,
      ahora,
    );
    expect(result.aceptadas).toHaveLength(1);
    expect(result.repetidas).toEqual(['a']);
  });
});
