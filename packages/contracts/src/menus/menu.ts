import { z } from 'zod';

// The keys moved to the zod-free `resources.ts`; re-exported for the existing imports.
export { customerResources, supplierResources } from './resources.js';

/** A menu entry (spec §3): the resource key, its URL, and the translated-menu number. */
export const MenuEntry = z.object({
  recurso: z.string(),
  api: z.string(),
  menu: z.number().int(),
});
export type MenuEntry = z.infer<typeof MenuEntry>;

/** `GET /api/clientes/menu`, `/updatemenu` and the supplier ones. */
export const MenuResponse = z.array(MenuEntry);
