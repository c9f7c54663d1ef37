import { describe, expect, it } from 'vitest';
import { facturaPrefill, ivaDe, toCents } from './factura-form';

describe('facturaPrefill', () => {
  it("opens with today's date, the transports' total as base and IVA and total computed", () => {
    const values = facturaPrefill(123_457, '2026-11-27');
    expect(values.fecha).toBe('2026-11-27');
    expect(toCents(values.base)).toBe(123_457);
    // 21 % of 1.234,57 € is 259,2597 €: rounded to the cent.
    expect(toCents(values.iva)).toBe(25_926);
    expect(toCents(values.importe)).toBe(123_457 + 25_926);
    expect(values.numero).toBe('');
    expect(values.pdf).toBeNull();
  });

  it('leaves the IVA empty while the base is', () => {
    expect(ivaDe('')).toBe('');
  });
});
