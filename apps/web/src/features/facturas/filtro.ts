import type { FacturaEstado } from '@extranet/contracts/facturas/factura';

/** The options of the invoice filter, in display order. */
export const FILTROS_FACTURA = ['todas', 'pagadas', 'pendientes', 'vencidas'] as const;
export type FiltroFactura = (typeof FILTROS_FACTURA)[number];

const ESTADO_DE_FILTRO: Record<FiltroFactura, FacturaEstado | undefined> = {
  todas: undefined,
  pagadas: 'pagada',
  pendientes: 'pendiente',
  vencidas: 'vencida',
};

/** The API's `estado` for a filter option (undefined: every invoice). */
export function estadoDeFiltro(filtro: FiltroFactura): FacturaEstado | undefined {
  return ESTADO_DE_FILTRO[filtro];
}

/** The filter option in the URL (`?filtro=`), 'todas' when absent or unknown. */
export function filtroDeUrl(value: string | null): FiltroFactura {
  return (FILTROS_FACTURA as readonly string[]).includes(value ?? '')
    ? (value as FiltroFactura)
    : 'todas';
}
