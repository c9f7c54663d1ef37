import { describe, expect, it } from 'vitest';
import { csvCents, toCsv } from './csv';

describe('toCsv', () => {
  it('writes a BOM, `;` separators, CRLF lines and decimal commas', () => {
    const csv = toCsv(['Origen', 'Peso', 'Precio'], [['Madrid', 12.5, csvCents(123456)]]);
    expect(csv).toBe('\uFEFFOrigen;Peso;Precio\r\nMadrid;12,5;1234,56\r\n');
  });

  it('quotes fields with separators, quotes and line breaks', () => {
    const csv = toCsv(['A'], [['x;y'], ['di "hola"'], ['a\nb']]);
    expect(csv.split('\r\n').slice(1, 4)).toEqual(['"x;y"', '"di ""hola"""', '"a\nb"']);
  });

  it('writes dates as dd/mm/aaaa, booleans in Spanish and nothing for null', () => {
    const csv = toCsv(['F', 'B', 'N'], [[new Date('2026-03-09T00:00:00Z'), true, null]]);
    expect(csv).toContain('09/03/2026;Sí;');
  });

  it('neutralises formulas but keeps negative numbers', () => {
    const csv = toCsv(['A', 'B'], [['=HYPERLINK("x")', -3.5]]);
    expect(csv).toContain(`"'=HYPERLINK(""x"")";-3,5`);
    expect(toCsv(['A'], [['@cmd']])).toContain("'@cmd");
  });
});
