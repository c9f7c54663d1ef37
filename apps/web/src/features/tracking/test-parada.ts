import type { ParadaSeguimiento } from '@extranet/contracts/tracking/tracking';

/** A stop of the tracking tests: loaded in Madrid on time, 1,234 km to go; `overrides` on top. */
export function testParada(overrides: Partial<ParadaSeguimiento> = {}): ParadaSeguimiento {
  return {
    id: 1,
    partida: '2600012',
    fecha: '2026-11-20',
    hora: '08:15',
    comentarios: 'Mercancía cargada',
    cp: '28001',
    kilometros_destino: 1234,
    pais: 'España',
    pais_iso: 'ES',
    poblacion: 'Madrid',
    poblacionB: null,
    retraso: 0,
    lat: 40.4,
    lng: -3.7,
    ...overrides,
  };
}
