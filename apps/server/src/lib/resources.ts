/**
 * The portal a menu resource key belongs to (`apiweb.proveedores.*` → proveedores). Here, below
 * the session guards, the menus module and the CLI, which all need it.
 */
export function portalOfResource(recurso: string): 'clientes' | 'proveedores' {
  return recurso.startsWith('apiweb.proveedores.') ? 'proveedores' : 'clientes';
}
