import { customerResources, supplierResources } from '@extranet/contracts/menus/resources';

/** One entry of a portal's navigation menu; its label is `routes.<name>.nav` in es.json. */
export interface NavItem {
  to: string;
  name: string;
  /** The menu resource that opens the section (spec §4: active only if the menu holds it). */
  resource: string;
}

/** Customer menu, in the order of spec §2: Tracking, Portes, Histórico, Facturas, Solicitar Transporte, Sugerencias. */
export const customerNavigation: NavItem[] = [
  { to: '/clientes/tracking', name: 'cliente-tracking', resource: customerResources.tracking },
  { to: '/clientes/portes', name: 'cliente-portes', resource: customerResources.portes },
  { to: '/clientes/historico', name: 'cliente-historico', resource: customerResources.historico },
  { to: '/clientes/facturas', name: 'cliente-facturas', resource: customerResources.facturas },
  {
    to: '/clientes/solicitar_transporte',
    name: 'cliente-solicitar-transporte',
    resource: customerResources.solicitar,
  },
  {
    to: '/clientes/sugerencias',
    name: 'cliente-sugerencias',
    resource: customerResources.sugerencias,
  },
];

/** Supplier menu, in the order of spec §2; the upload pages belong to transportes and facturas. */
export const supplierNavigation: NavItem[] = [
  { to: '/proveedores/cargas', name: 'proveedor-cargas', resource: supplierResources.cargas },
  { to: '/proveedores/panel', name: 'proveedor-panel', resource: supplierResources.panel },
  {
    to: '/proveedores/transportes',
    name: 'proveedor-transportes',
    resource: supplierResources.transportes,
  },
  { to: '/proveedores/facturas', name: 'proveedor-facturas', resource: supplierResources.facturas },
  {
    to: '/proveedores/subir-albaranes-entrega',
    name: 'proveedor-subir-albaranes-entrega',
    resource: supplierResources.transportes,
  },
  {
    to: '/proveedores/subir-facturas',
    name: 'proveedor-subir-facturas',
    resource: supplierResources.facturas,
  },
  {
    to: '/proveedores/certificados',
    name: 'proveedor-certificados',
    resource: supplierResources.certificados,
  },
  {
    to: '/proveedores/prevencion',
    name: 'proveedor-prevencion',
    resource: supplierResources.prevencion,
  },
];
