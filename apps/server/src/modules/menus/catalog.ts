import { customerResources, supplierResources } from '@extranet/contracts/menus/menu';
import type { MenuEntry } from '@extranet/contracts/menus/menu';
import type { Portal } from '../../db/database.js';

/**
 * Every section of each portal in menu order, with its API. A session opened from an
 * id+token access link has no user and so no `recursos` rows: it gets this whole list minus
 * the Security Circuit (which needs a user's e-mail and code).
 */
const CATALOG: Record<Portal, MenuEntry[]> = {
  clientes: [
    { recurso: customerResources.tracking, api: '/api/clientes/tracking' },
    { recurso: customerResources.portes, api: '/api/clientes/portes' },
    { recurso: customerResources.historico, api: '/api/clientes/historico' },
    { recurso: customerResources.facturas, api: '/api/clientes/facturas' },
    { recurso: customerResources.solicitar, api: '/api/clientes/solicitudes' },
    { recurso: customerResources.sugerencias, api: '/api/clientes/sugerencias' },
  ].map((entry, i) => ({ ...entry, menu: i + 1 })),
  proveedores: Object.entries(supplierResources).map(([name, recurso], i) => ({
    recurso,
    api: `/api/proveedores/${name}`,
    menu: i + 1,
  })),
};

/** The menu of an access-link session of `portal`. */
export function accessLinkMenu(portal: Portal): MenuEntry[] {
  return CATALOG[portal].map((entry) => ({ ...entry }));
}
