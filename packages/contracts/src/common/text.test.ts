import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, controlCharacterIssues, multilinea } from './text.js';

const Contrato = z.object({
  nombre: z.string().trim().max(50),
  notas: multilinea(z.string().max(500)).nullable().optional(),
  lineas: z.array(z.object({ concepto: z.string(), detalle: multilinea(z.string()) })),
  desde: z.string().transform((value) => value.toUpperCase()),
});

describe('caracteres de control en el texto de las peticiones', () => {
  it('refuses NUL, the other C0 controls and DEL in single-line text, with their paths', () => {
    for (const char of [
      '\u0000',
      '\u0001',
      '\u0008',
      '\t',
      '\n',
      '\r',
      '\u001b',
      '\u001f',
      '\u007f',
    ]) {
      expect(controlCharacterIssues(Contrato, { nombre: `a${char}b` })).toEqual([
        { path: '/nombre', message: CONTROL_CHARACTERS_MESSAGE },
      ]);
    }
    expect(controlCharacterIssues(Contrato, { desde: 'x\u0000' })).toHaveLength(1);
    expect(
      controlCharacterIssues(Contrato, { lineas: [{ concepto: 'ok' }, { concepto: 'a\u0000' }] }),
    ).toEqual([{ path: '/lineas/1/concepto', message: CONTROL_CHARACTERS_MESSAGE }]);
  });

  it('allows tab, line feed and carriage return only in multi-line fields', () => {
    expect(
      controlCharacterIssues(Contrato, {
        nombre: 'Ruta 7 — «Ñandú» ☃',
        notas: 'uno\r\ndos\ttres',
        lineas: [{ concepto: 'x', detalle: 'a\nb' }],
      }),
    ).toEqual([]);
    expect(controlCharacterIssues(Contrato, { notas: 'uno\u0000' })).toHaveLength(1);
    expect(controlCharacterIssues(Contrato, { lineas: [{ detalle: 'a\u000bb' }] })).toHaveLength(1);
  });

  it('checks strings no contract describes, object keys and bare values too', () => {
    expect(controlCharacterIssues(Contrato, { otro: 'a\u0000' })).toHaveLength(1);
    expect(controlCharacterIssues(Contrato, { otro: 'a\nb' })).toEqual([]);
    expect(controlCharacterIssues(Contrato, { ['a\u0000']: 1 })).toHaveLength(1);
    expect(controlCharacterIssues(z.string(), 'a\u0000')).toEqual([
      { path: '/', message: CONTROL_CHARACTERS_MESSAGE },
    ]);
    expect(controlCharacterIssues(undefined, { a: ['x\u0000'] })).toHaveLength(1);
  });
});
