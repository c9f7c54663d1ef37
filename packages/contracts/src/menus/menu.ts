import { z } from 'zod';

/** Resource keys of the customer portal (spec §3); each gates one section. */
export const customerResources = {
  tracking: 'apiweb.clientes.tracking',
  portes: 'apiweb.clientes.portes',
  historico: 'apiweb.clientes.historico',
  facturas: 'apiweb.clientes.facturas',
  solicitar: 'apiweb.clientes.solicitar',
  sugerencias: 'apiweb.clientes.sugerencias',
  circuitoSeguridad: 'Circuitoseguridad',
} as const;

/** Resource keys of the supplier portal (spec §3). */
export const supplierResources = {
  cargas: 'apiweb.proveedores.cargas',
  panel: 'apiweb.proveedores.panel',
  ofertas: 'apiweb.proveedores.ofertas',
  mapa: 'apiweb.proveedores.mapa',
  descartados: 'apiweb.proveedores.descartados',
  transportes: 'apiweb.proveedores.transportes',
  facturas: 'apiweb.proveedores.facturas',
  certificados: 'apiweb.proveedores.certificados',
  prevencion: 'apiweb.proveedores.prevencion',
} as const;

/** A menu entry (spec §3): the resource key, its URL, and the translated-menu number. */
export const MenuEntry = z.object({
  recurso: z.string(),
  api: z.string(),
  menu: z.number().int(),
});
export type MenuEntry = z.infer<typeof MenuEntry>;

/** `GET /api/clientes/menu`, `/updatemenu` and the supplier ones. */
export const MenuResponse = z.array(MenuEntry);
