import { z } from 'zod';
import { Novedad } from './eventos.js';
import { TIPOS_NOVEDAD, type TipoNovedad } from './tipos-evento.js';

/** Items one read returns by default, and at most. */
export const LIMITE_NOVEDADES = 100;
export const MAX_LIMITE_NOVEDADES = 1000;

/** `tipos=a,b`: a comma-separated list of TIPOS_NOVEDAD, each at most once. */
const TiposLista = z
  .string()
  .max(500)
  .transform((value, ctx) => {
    const tipos = [
      ...new Set(
        value
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    ];
    const unknown = tipos.filter((t) => !(TIPOS_NOVEDAD as readonly string[]).includes(t));
    if (unknown.length > 0 || tipos.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `Tipo de novedad no válido: ${unknown.join(', ') || '(vacío)'}. Tipos: ${TIPOS_NOVEDAD.join(', ')}.`,
      });
      return z.NEVER;
    }
    return tipos as TipoNovedad[];
  });

/**
 * Query of `GET /api/integration/v1/novedades`, named like every keyset list (`cursor`,
 * `limit`); a larger page than the portal's lists, for a machine catching up.
 */
export const NovedadesQuery = z.object({
  /** The `nextCursor` of the previous read; absent: from the first event kept. */
  cursor: z.string().min(1).max(200).optional(),
  /** Only these types (all of TIPOS_NOVEDAD when absent). */
  tipos: TiposLista.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_LIMITE_NOVEDADES).default(LIMITE_NOVEDADES),
});
export type NovedadesQuery = z.infer<typeof NovedadesQuery>;

/**
 * Events after the cursor, oldest first. `nextCursor` is the cursor of the next read: keep it
 * and pass it as `cursor`; fewer than `limit` items means there is nothing more for now. Unlike
 * a list's last page it is never null: the feed goes on, and the cursor moves past what was seen.
 */
export const Novedades = z
  .object({
    items: z.array(Novedad),
    nextCursor: z.string(),
  })
  .meta({
    example: {
      items: [
        {
          id: 1041,
          tipo: 'oferta.creada',
          created_at: '2026-11-22T09:15:02.113Z',
          payload: {
            oferta_id: 311,
            carga_id: 87,
            proveedor_id: 12,
            usuario_id: 40,
            vehiculo_id: null,
            precio_centimos: 145000,
            comentarios: 'Disponible desde las 7:00',
          },
        },
        {
          id: 1043,
          tipo: 'prevencion.leida',
          created_at: '2026-11-22T09:16:40.502Z',
          payload: {
            documento_id: 3,
            titulo: 'Normas de seguridad en muelle',
            proveedor_id: 12,
            usuario_id: 40,
            leido_at: '2026-11-22T09:16:40.500Z',
          },
        },
      ],
      nextCursor: 'WyJub3ZlZGFkZXMiLDEwNDNd',
    },
  });
export type Novedades = z.infer<typeof Novedades>;
