import { describe, expect, it } from 'vitest';
import { matchesSearch } from './matches-search';

const cliente = {
  id: 1042,
  razon_social: 'Transportes Pérez S.L.',
  localidad: 'Zaragoza',
  contacto: { nombre: 'Lucía', telefonos: ['976 111 222'] },
};

describe('matchesSearch (spec §3, §5)', () => {
  it.each(['', '   ', '\t\n'])('ignores an empty or whitespace term %j', (term) => {
    expect(matchesSearch(cliente, term)).toBe(true);
    expect(matchesSearch({}, term)).toBe(true);
  });

  it('matches a substring case-insensitively', () => {
    expect(matchesSearch(cliente, 'pérez')).toBe(true);
    expect(matchesSearch(cliente, 'ZARAG')).toBe(true);
    expect(matchesSearch(cliente, 'Madrid')).toBe(false);
  });

  it('matches numbers and trims the term', () => {
    expect(matchesSearch(cliente, ' 104 ')).toBe(true);
  });

  it('looks into nested objects and arrays', () => {
    expect(matchesSearch(cliente, 'LUCÍA')).toBe(true);
    expect(matchesSearch(cliente, '111 2')).toBe(true);
  });

  it('does not match keys, only values', () => {
    expect(matchesSearch(cliente, 'razon_social')).toBe(false);
  });

  it('survives cycles', () => {
    const node: Record<string, unknown> = { name: 'a' };
    node.self = node;
    expect(matchesSearch(node, 'zzz')).toBe(false);
    expect(matchesSearch(node, 'A')).toBe(true);
  });
});
