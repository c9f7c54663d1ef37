import { describe, expect, it } from 'vitest';
import {
  countryName,
  eurosToCents,
  formatCents,
  formatDate,
  formatInteger,
  formatKg,
} from './format';

describe('format', () => {
  it('formats cents as Spanish euros with grouping', () => {
    expect(formatCents(123456)).toBe('1.234,56\u00a0€');
    expect(formatCents(5)).toBe('0,05\u00a0€');
    expect(formatCents(null)).toBe('');
  });

  it('formats kilograms and integers with a dot for thousands', () => {
    expect(formatKg(12345)).toBe('12.345 kg');
    expect(formatInteger(1000)).toBe('1.000');
    expect(formatKg(undefined)).toBe('');
  });

  it('formats ISO dates as dd/mm/aaaa without time-zone shifts', () => {
    expect(formatDate('2026-01-05')).toBe('05/01/2026');
    expect(formatDate(null)).toBe('');
  });

  it('converts euros to cents without floating-point drift', () => {
    expect(eurosToCents(1234.56)).toBe(123456);
    expect(eurosToCents(0.1 + 0.2)).toBe(30);
  });

  it('names countries in Spanish', () => {
    expect(countryName('ES')).toBe('España');
    expect(countryName('fr')).toBe('Francia');
  });
});
