import { describe, expect, it } from 'vitest';
import { siguienteDiaLaborable, SOLICITUD_VACIA, solicitudInicial } from './validation';

describe('solicitudInicial', () => {
  it('proposes the next working day as load date', () => {
    // 2026-11-27 is a Friday, 2026-11-25 a Wednesday.
    expect(siguienteDiaLaborable('2026-11-27')).toBe('2026-11-30');
    expect(siguienteDiaLaborable('2026-11-25')).toBe('2026-11-26');
    expect(solicitudInicial('2026-11-27')).toEqual({
      ...SOLICITUD_VACIA,
      fecha_carga: '2026-11-30',
    });
  });

  it("takes the origin and vehicle type of the client's latest request", () => {
    const values = solicitudInicial('2026-11-25', {
      origen_poblacion: 'Zaragoza',
      origen_direccion: null,
      origen_cp: '50001',
      origen_pais_iso: 'ES',
      tipo_vehiculo: 'lona',
    });
    expect(values).toMatchObject({
      origen_poblacion: 'Zaragoza',
      origen_direccion: '',
      origen_cp: '50001',
      origen_pais_iso: 'ES',
      tipo_vehiculo: 'lona',
      destino_poblacion: '',
      fecha_carga: '2026-11-26',
    });
  });
});
