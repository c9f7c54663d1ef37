import { describe, expect, it } from 'vitest';
import { csvField, csvLine, fechaEs, importeEs } from './csv.js';

describe('csv', () => {
  it('formatea fechas, importes y campos para Excel en español', () => {
    expect(fechaEs('2026-11-02')).toBe('02/11/2026');
    expect(fechaEs(null)).toBe('');
    expect(importeEs(123456)).toBe('1234,56');
    expect(importeEs(-5)).toBe('-0,05');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('di "hola"')).toBe('"di ""hola"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(-3)).toBe('-3');
    // OWASP CSV injection: every leading =, +, -, @, tab and CR is neutralised, digits or not.
    expect(csvField('+34 600')).toBe("'+34 600");
    expect(csvField('-1+1')).toBe("'-1+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tx')).toBe("'\tx");
    expect(csvField('\rx')).toBe(`"'\rx"`);
    expect(csvLine(['a', 1])).toBe('a;1\r\n');
  });
});
