import { describe, expect, it } from 'vitest';
import { defaultRegion } from './default-region';

describe('defaultRegion', () => {
  it('is Spain when it is active or nothing is, otherwise the only active region', () => {
    const it_ = { codigo: 'it', nombre: 'Italia', activa: true } as const;
    const es = { codigo: 'es', nombre: 'Europa', activa: true } as const;
    expect(defaultRegion([])).toBe('es');
    expect(defaultRegion([it_, es])).toBe('es');
    expect(defaultRegion([it_])).toBe('it');
  });
});
