/*
 * The load exchange's enums and limits, free of zod so that pages import them without it; the
 * schemas in `carga.ts` and `oferta.ts` are built from them.
 */

/** Status of a load: only `abierta` ones admit offers and appear on the exchange. */
export const CARGA_ESTADOS = ['abierta', 'asignada', 'cerrada', 'anulada'] as const;

/** Status of an offer; `pendiente` is the open one (at most one per carrier and load). */
export const OFERTA_ESTADOS = ['pendiente', 'aceptada', 'rechazada', 'retirada'] as const;

/** Sort orders of the load list: load date ascending, guide price or weight descending. */
export const CARGAS_ORDENES = ['fecha_carga', 'precio_guia', 'peso'] as const;

/** Most loads the map returns, soonest first; `truncated` says when more matched. */
export const MAX_CARGAS_MAPA = 500;

/** Highest offer a carrier may make: 100,000.00 € in cents. */
export const MAX_PRECIO_OFERTA_CENTIMOS = 10_000_000;

/** Longest comment on an offer. */
export const MAX_COMENTARIOS_OFERTA = 500;
