import { z } from 'zod';

/** Path parameter `:id` of a prevention document. */
export const PrevencionIdParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type PrevencionIdParams = z.infer<typeof PrevencionIdParams>;

/** A published risk-prevention document with this carrier's acknowledgement. */
export const PrevencionDocumento = z.object({
  id: z.number().int().positive(),
  titulo: z.string(),
  descripcion: z.string().nullable(),
  /** Whether every carrier must acknowledge it. */
  obligatorio: z.boolean(),
  publicado_at: z.string(),
  /** Whether it has a file (`GET /api/proveedores/prevencion/:id/archivo`). */
  tiene_archivo: z.boolean(),
  /** When this carrier first acknowledged it, null while not read. */
  leido_at: z.string().nullable(),
});
export type PrevencionDocumento = z.infer<typeof PrevencionDocumento>;

/** Response of `GET /api/proveedores/prevencion`, newest first. */
export const PrevencionList = z.object({ items: z.array(PrevencionDocumento) });
export type PrevencionList = z.infer<typeof PrevencionList>;
