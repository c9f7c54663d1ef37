/**
 * The resource catalogue (spec §3), free of zod so pages, the router and the server's seed
 * import it without the schemas. Each resource key gates one section of a portal.
 */

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

/** One section of a portal's menu: its resource key and the API the menu entry names. */
export interface CatalogEntry {
  readonly recurso: string;
  readonly api: string;
}

/**
 * Every section of each portal in menu order, with its API. The Security Circuit is not here:
 * it is an external site whose URL each installation sets in its `recursos` rows.
 */
export const resourceCatalog: {
  readonly clientes: readonly CatalogEntry[];
  readonly proveedores: readonly CatalogEntry[];
} = {
  clientes: [
    { recurso: customerResources.tracking, api: '/api/clientes/tracking' },
    { recurso: customerResources.portes, api: '/api/clientes/portes' },
    { recurso: customerResources.historico, api: '/api/clientes/historico' },
    { recurso: customerResources.facturas, api: '/api/clientes/facturas' },
    { recurso: customerResources.solicitar, api: '/api/clientes/solicitudes' },
    { recurso: customerResources.sugerencias, api: '/api/clientes/sugerencias' },
  ],
  proveedores: Object.entries(supplierResources).map(([name, recurso]) => ({
    recurso,
    api: `/api/proveedores/${name}`,
  })),
};

/** The demo's stand-in for the external Security Circuit (server `modules/circuito`). */
export const CIRCUITO_DEMO_PATH = '/demo/circuito-seguridad';
