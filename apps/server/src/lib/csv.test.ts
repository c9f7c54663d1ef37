import { describe, expect, it } from 'vitest';
import { csvField, csvLine, fechaEs, importeEs, keysetCsvStream } from './csv.js';

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
    expect(csvLine(['a', 1])).toBe('a;1\r\n');
  });

  it('recorre el keyset por lotes y escribe BOM y cabecera', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => i + 1);
    const calls: Array<number | undefined> = [];
    const stream = keysetCsvStream<number, number>({
      header: ['N'],
      batch: async (after, limit) => {
        calls.push(after);
        return rows.filter((n) => after === undefined || n > after).slice(0, limit);
      },
      keyOf: (n) => n,
      fields: (n) => [n],
      batchSize: 3,
    });
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    expect(text).toBe('\uFEFFN\r\n1\r\n2\r\n3\r\n4\r\n5\r\n6\r\n7\r\n');
    expect(calls).toEqual([undefined, 3, 6]);
  });
});
