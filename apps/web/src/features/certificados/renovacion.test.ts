import { describe, expect, it } from 'vitest';
import { renovacionInicial } from './renovacion';

const version = (fecha_emision: string | null, fecha_caducidad: string) => ({
  id: 1,
  descripcion: null,
  fecha_emision,
  fecha_caducidad,
  archivo_id: null,
  created_at: '2025-01-01T00:00:00Z',
});

describe('renovacionInicial', () => {
  it('is issued today and valid for as long as the current version was', () => {
    expect(
      renovacionInicial({ actual: version('2024-03-01', '2026-03-01') }, '2026-11-27'),
    ).toEqual({ emision: '2026-11-27', caducidad: '2028-11-26' });
  });

  it('is valid for a year when the current version has no issue date or there is none', () => {
    expect(renovacionInicial({ actual: version(null, '2026-12-01') }, '2026-11-27')).toEqual({
      emision: '2026-11-27',
      caducidad: '2027-11-27',
    });
    expect(renovacionInicial({ actual: null }, '2026-11-27').caducidad).toBe('2027-11-27');
  });
});
