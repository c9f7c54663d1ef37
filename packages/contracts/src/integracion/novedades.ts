import { z } from 'zod';

/** Event types an ERP may read with `GET /api/integration/v1/novedades`. */
export const TIPOS_NOVEDAD = [
  'oferta.creada',
  'oferta.editada',
  'oferta.retirada',
  'cmr.subido',
  'factura_proveedor.subida',
  'solicitud.recibida',
  'sugerencia.recibida',
  'prevencion.leida',
] as const;
export const TipoNovedad = z.enum(TIPOS_NOVEDAD);
export type TipoNovedad = z.infer<typeof TipoNovedad>;

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

/** Query of `GET /api/integration/v1/novedades`. */
export const NovedadesQuery = z.object({
  /** The `siguiente` of the previous read; absent: from the first event kept. */
  desde: z.string().min(1).max(200).optional(),
  /** Only these types (all of TIPOS_NOVEDAD when absent). */
  tipos: TiposLista.optional(),
  limite: z.coerce.number().int().min(1).max(MAX_LIMITE_NOVEDADES).default(LIMITE_NOVEDADES),
});
export type NovedadesQuery = z.infer<typeof NovedadesQuery>;

/** One event: its id (increasing), type, instant and the type's self-contained payload. */
export const Novedad = z.object({
  id: z.number().int().positive(),
  tipo: TipoNovedad,
  created_at: z.string(),
  payload: z.record(z.string(), z.unknown()),
});
export type Novedad = z.infer<typeof Novedad>;

/**
 * Events after the cursor, oldest first. `siguiente` is the cursor of the next read: keep it
 * and pass it as `desde`; fewer than `limite` items means there is nothing more for now.
 */
export const Novedades = z
  .object({
    items: z.array(Novedad),
    siguiente: z.string(),
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
      siguiente: 'WyJub3ZlZGFkZXMiLDEwNDNd',
    },
  });
export type Novedades = z.infer<typeof Novedades>;
