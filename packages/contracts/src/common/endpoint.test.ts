import { describe, expect, it } from 'vitest';
import { endpoint, keyOf, pathOf, queryStringOf, urlOf } from './endpoint.js';

const detail = endpoint({
  operationId: 'getThing',
  method: 'GET',
  path: '/api/proveedores/cosas/:id/partes/:parte',
  security: 'session',
  tag: 'cosas',
  summary: 'Una cosa',
  schemas: async () => ({}),
});
const list = endpoint({ ...detail, operationId: 'listThings', path: '/api/proveedores/cosas' });

describe('endpoint definitions', () => {
  it('fills path parameters, encoded, and refuses a missing one', () => {
    expect(pathOf(detail, { id: 7, parte: 'a b/c' })).toBe(
      '/api/proveedores/cosas/7/partes/a%20b%2Fc',
    );
    expect(() => pathOf(detail, { id: 7 })).toThrow('getThing: falta el parámetro parte');
  });

  it('writes a query string without empty values, arrays as repeated keys', () => {
    expect(queryStringOf({ a: 'x&y', b: undefined, c: '', d: null, e: [1, 2], f: 0 })).toBe(
      '?a=x%26y&e=1&e=2&f=0',
    );
    expect(queryStringOf({ b: undefined })).toBe('');
    expect(urlOf(list, { query: { limit: 50, cursor: undefined } })).toBe(
      '/api/proveedores/cosas?limit=50',
    );
  });

  it('keys reads hierarchically so a family can be invalidated by its prefix', () => {
    expect(keyOf(list, { query: { limit: 50 } })).toEqual(['proveedores', 'cosas', { limit: 50 }]);
    expect(keyOf(detail, { params: { id: 7, parte: 2 } })).toEqual([
      'proveedores',
      'cosas',
      '7',
      'partes',
      '2',
    ]);
    // Without input: the prefix of every read under the path.
    expect(keyOf(list)).toEqual(['proveedores', 'cosas']);
    expect(keyOf(detail)).toEqual(['proveedores', 'cosas']);
  });
});
