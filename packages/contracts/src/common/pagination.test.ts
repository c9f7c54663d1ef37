import { describe, expect, it } from 'vitest';
import { IsoDate } from './pagination.js';

/** The rule as a Date round trip (what IsoDate checked before it went arithmetic). */
function viaDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().startsWith(value) &&
    value >= '2000-01-01' &&
    value <= '2100-12-31'
  );
}

describe('IsoDate', () => {
  it('acepta exactamente los días del calendario entre 2000 y 2100', () => {
    const pad = (n: number) => String(n).padStart(2, '0');
    for (let year = 1999; year <= 2101; year++) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const value = `${year}-${pad(month)}-${pad(day)}`;
          expect(IsoDate.safeParse(value).success, value).toBe(viaDate(value));
        }
      }
    }
    expect(IsoDate.safeParse('2024-02-29').success).toBe(true);
    expect(IsoDate.safeParse('2100-02-29').success).toBe(false);
    expect(IsoDate.safeParse('2024-2-01').success).toBe(false);
  });
});
