/*
 * The kinds of notice of the notice centre (issue 20 point 2), free of zod so the web's shell
 * and the server's outbox can list them without loading the schemas (`aviso.ts`).
 */

/** Every kind of notice, in the order the preferences show them. */
export const TIPOS_AVISO = [
  'oferta',
  'carga_publicada',
  'certificado',
  'porte_retrasado',
  'porte_entregado',
  'parada',
  'ecmr_firmado',
] as const;
export type TipoAviso = (typeof TIPOS_AVISO)[number];

/** The kinds each portal's users receive. */
export const TIPOS_AVISO_POR_PORTAL = {
  proveedores: ['oferta', 'carga_publicada', 'certificado', 'ecmr_firmado'],
  clientes: ['porte_retrasado', 'porte_entregado', 'parada', 'ecmr_firmado'],
} as const satisfies Record<'clientes' | 'proveedores', readonly TipoAviso[]>;

/** The channels a notice may also go by, beyond the notice centre (always). */
export const CANALES_AVISO = ['push', 'email'] as const;
export type CanalAviso = (typeof CANALES_AVISO)[number];

/**
 * The channels of a kind for a user who never chose: what the portal did before the notice
 * centre (offers, certificates, delays and deliveries by push and e-mail; stop events by push,
 * and by e-mail for loading, unloading and incidents). The two new kinds: a saved search's load
 * by push (the user asked for it by saving the search), a signed e-CMR in the centre only.
 */
export const CANALES_POR_DEFECTO: Record<TipoAviso, Record<CanalAviso, boolean>> = {
  oferta: { push: true, email: true },
  carga_publicada: { push: true, email: false },
  certificado: { push: true, email: true },
  porte_retrasado: { push: true, email: true },
  porte_entregado: { push: true, email: true },
  parada: { push: true, email: true },
  ecmr_firmado: { push: false, email: false },
};

/** Saved load searches a user may keep per carrier. */
export const MAX_BUSQUEDAS_CARGAS = 20;

export function isTipoAviso(value: string): value is TipoAviso {
  return (TIPOS_AVISO as readonly string[]).includes(value);
}
