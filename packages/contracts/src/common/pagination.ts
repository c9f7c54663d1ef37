import { z } from 'zod';

/** Rows per page when the client does not say; the most it may ask for. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/**
 * Query of every keyset-paginated list: an opaque `cursor` from the previous page's
 * `nextCursor` (absent for the first page) and the page size.
 */
export const PageQuery = z.object({
  cursor: z.string().max(512).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** One page of a list; `nextCursor` is null on the last page. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
export type Page<T> = { items: T[]; nextCursor: string | null };

/** A calendar date as the API speaks it: 'YYYY-MM-DD', between 2000 and 2100. */
export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Fecha no válida: use AAAA-MM-DD.')
  // Arithmetic, not a Date: every date of every list row passes here when it is serialised.
  .refine((value) => {
    const year = Number(value.slice(0, 4));
    const month = Number(value.slice(5, 7));
    const day = Number(value.slice(8, 10));
    const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
    return (
      month >= 1 &&
      month <= 12 &&
      day >= 1 &&
      day <= days &&
      value >= '2000-01-01' &&
      value <= '2100-12-31'
    );
  }, 'Fecha fuera de rango.');

/** Money as integer euro cents, the way the database keeps it. */
export const Centimos = z.number().int();
