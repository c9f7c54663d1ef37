/*
 * The event types of the outbox the ERP may hear of, free of zod so any module (the endpoint
 * definitions, the CLI) can list them without loading the schemas (`eventos.ts`).
 */

/** Every event type a webhook may subscribe to, in the document's order. */
export const TIPOS_EVENTO = [
  'oferta.creada',
  'oferta.editada',
  'oferta.retirada',
  'oferta.aceptada',
  'oferta.rechazada',
  'cmr.subido',
  'factura_proveedor.subida',
  'solicitud.recibida',
  'sugerencia.recibida',
  'prevencion.leida',
  'porte.entregado',
  'porte.retrasado',
  'certificado.caduca',
  'transporte.parada',
  'transporte.eta',
  'ecmr.firmado',
] as const;
export type TipoEvento = (typeof TIPOS_EVENTO)[number];

/**
 * The types the change feed (`GET /api/integration/v1/novedades`) returns: what happened in
 * the portals. The rest are the ERP's own doing (awards, deliveries, delays) or notices to
 * users, there for webhooks.
 */
export const TIPOS_NOVEDAD = [
  'oferta.creada',
  'oferta.editada',
  'oferta.retirada',
  'cmr.subido',
  'factura_proveedor.subida',
  'solicitud.recibida',
  'sugerencia.recibida',
  'prevencion.leida',
  'transporte.parada',
  'transporte.eta',
  'ecmr.firmado',
] as const satisfies readonly TipoEvento[];
export type TipoNovedad = (typeof TIPOS_NOVEDAD)[number];

export function isTipoEvento(value: string): value is TipoEvento {
  return (TIPOS_EVENTO as readonly string[]).includes(value);
}
