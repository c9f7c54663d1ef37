import type { Vehiculo } from '@extranet/contracts/vehiculos/vehiculo';

/** An active, available curtain-sider with a driver and no known position; `overrides` on top. */
export function testVehiculo(overrides: Partial<Vehiculo> = {}): Vehiculo {
  return {
    id: 3,
    matricula: '1234BCD',
    tipo: 'lona',
    capacidad_kg: 24000,
    palets: 33,
    conductor_nombre: 'Ana',
    conductor_telefono: null,
    disponible: true,
    disponible_desde: null,
    disponible_hasta: null,
    activo: true,
    ultima_lat: null,
    ultima_lng: null,
    ultima_poblacion: null,
    ultima_posicion_at: null,
    ...overrides,
  };
}
