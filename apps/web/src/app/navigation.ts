/** One entry of a portal's navigation menu; its label is `routes.<name>.nav` in es.json. */
export interface NavItem {
  to: string;
  name: string;
}

/** Customer menu, in the order of spec §2: Tracking, Portes, Histórico, Facturas, Solicitar Transporte, Sugerencias. */
export const customerNavigation: NavItem[] = [
  { to: '/clientes/tracking', name: 'cliente-tracking' },
  { to: '/clientes/portes', name: 'cliente-portes' },
  { to: '/clientes/historico', name: 'cliente-historico' },
  { to: '/clientes/facturas', name: 'cliente-facturas' },
  { to: '/clientes/solicitar_transporte', name: 'cliente-solicitar-transporte' },
  { to: '/clientes/sugerencias', name: 'cliente-sugerencias' },
];

/** Supplier menu, in the order of spec §2. */
export const supplierNavigation: NavItem[] = [
  { to: '/proveedores/cargas', name: 'proveedor-cargas' },
  { to: '/proveedores/panel', name: 'proveedor-panel' },
  { to: '/proveedores/transportes', name: 'proveedor-transportes' },
  { to: '/proveedores/facturas', name: 'proveedor-facturas' },
  { to: '/proveedores/subir-albaranes-entrega', name: 'proveedor-subir-albaranes-entrega' },
  { to: '/proveedores/subir-facturas', name: 'proveedor-subir-facturas' },
  { to: '/proveedores/certificados', name: 'proveedor-certificados' },
  { to: '/proveedores/prevencion', name: 'proveedor-prevencion' },
];
