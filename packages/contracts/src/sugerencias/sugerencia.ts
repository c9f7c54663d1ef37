import { z } from 'zod';
import { multilinea } from '../common/text.js';
import { PageQuery, pageOf } from '../common/pagination.js';
import { ASUNTO_MAX, TEXTO_MAX, TEXTO_MIN } from './limits.js';

/** Body of `POST /api/clientes/sugerencias`. */
export const SugerenciaCrear = z.object({
  /** Optional subject line. */
  asunto: z
    .string()
    .trim()
    .max(ASUNTO_MAX, `El asunto no puede superar ${ASUNTO_MAX} caracteres.`)
    .transform((value) => value || null)
    .nullable()
    .optional(),
  texto: multilinea(
    z
      .string()
      .trim()
      .min(TEXTO_MIN, `La sugerencia debe tener al menos ${TEXTO_MIN} caracteres.`)
      .max(TEXTO_MAX, `La sugerencia no puede superar ${TEXTO_MAX} caracteres.`),
  ),
});
export type SugerenciaCrear = z.input<typeof SugerenciaCrear>;

/** A suggestion this client sent. */
export const Sugerencia = z.object({
  id: z.number().int().positive(),
  asunto: z.string().nullable(),
  texto: z.string(),
  /** When it was sent (ISO-8601 UTC). */
  created_at: z.string(),
});
export type Sugerencia = z.infer<typeof Sugerencia>;

/** Query of `GET /api/clientes/sugerencias` (newest first, keyset). */
export const SugerenciasQuery = PageQuery;
export type SugerenciasQuery = z.infer<typeof SugerenciasQuery>;

/** A page of this client's suggestions. */
export const SugerenciasPage = pageOf(Sugerencia);
export type SugerenciasPage = z.infer<typeof SugerenciasPage>;
