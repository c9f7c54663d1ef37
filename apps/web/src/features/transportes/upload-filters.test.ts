import { describe, expect, it } from 'vitest';
import { parseAlbaranesEntregaFilters, parseSubirFacturasFilters } from './upload-filters';

describe('parseAlbaranesEntregaFilters', () => {
  it('maps the query to the filters', () => {
    const query = new URLSearchParams(
      'desde=2025-01-01&hasta=2025-01-31&transporte=120&subpartida=3&opened=120',
    );
    expect(parseAlbaranesEntregaFilters(query)).toEqual({
      fechaDesde: '2025-01-01',
      fechaHasta: '2025-01-31',
      transporteId: 120,
      subpartidaId: 3,
      opened: 120,
    });
  });

  it('defaults subpartidaId to 0 and leaves the rest out when absent', () => {
    expect(parseAlbaranesEntregaFilters(new URLSearchParams())).toEqual({ subpartidaId: 0 });
  });

  it('ignores invalid values', () => {
    const query = new URLSearchParams(
      'desde=2025-02-30&hasta=ayer&transporte=-4&subpartida=1.5&opened=abc',
    );
    expect(parseAlbaranesEntregaFilters(query)).toEqual({ subpartidaId: 0 });
  });
});

describe('parseSubirFacturasFilters', () => {
  it('maps the same query without opened', () => {
    const query = new URLSearchParams('desde=2025-01-01&transporte=7&opened=7');
    expect(parseSubirFacturasFilters(query)).toEqual({
      fechaDesde: '2025-01-01',
      transporteId: 7,
      subpartidaId: 0,
    });
  });
});
