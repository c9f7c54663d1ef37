import { describe, expect, it } from 'vitest';
import { fechaHoraMadrid, madridAUtc, partesMadrid } from './madrid.js';

describe("Madrid's wall clock", () => {
  it('converts a winter (CET, +1) and a summer (CEST, +2) time to UTC', () => {
    expect(madridAUtc('2026-01-15', '08:00').toISOString()).toBe('2026-01-15T07:00:00.000Z');
    expect(madridAUtc('2026-07-15', '18:00').toISOString()).toBe('2026-07-15T16:00:00.000Z');
  });

  it('reads an instant back as the date and time written, on both sides of a clock change', () => {
    for (const [fecha, hora] of [
      ['2026-03-28', '23:30'],
      ['2026-03-29', '04:00'],
      ['2026-10-25', '12:00'],
    ] as const) {
      expect(fechaHoraMadrid(madridAUtc(fecha, hora))).toEqual({ fecha, hora });
    }
  });

  it('gives zero-padded parts past midnight in Madrid while UTC is still the day before', () => {
    expect(partesMadrid('2026-11-27T23:05:00.000Z')).toEqual({
      y: '2026',
      m: '11',
      d: '28',
      h: '00',
      min: '05',
    });
  });
});
