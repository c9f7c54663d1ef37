import { describe, expect, it } from 'vitest';
import { estadoDeFiltro, filtroDeUrl, FILTROS_FACTURA } from './filtro';

describe('invoice filter', () => {
  it('maps Todas / Pagadas / Pendientes / Vencidas to the API estado', () => {
    expect(FILTROS_FACTURA).toEqual(['todas', 'pagadas', 'pendientes', 'vencidas']);
    expect(estadoDeFiltro('todas')).toBeUndefined();
    expect(estadoDeFiltro('pagadas')).toBe('pagada');
    expect(estadoDeFiltro('pendientes')).toBe('pendiente');
    expect(estadoDeFiltro('vencidas')).toBe('vencida');
  });

  it('reads the URL, falling back to every invoice', () => {
    expect(filtroDeUrl('vencidas')).toBe('vencidas');
    expect(filtroDeUrl(null)).toBe('todas');
    expect(filtroDeUrl('cualquiera')).toBe('todas');
  });
});
