import type { AuthSession } from '@extranet/contracts/auth/session';
import type { MenuEntry } from '@extranet/contracts/menus/menu';
import { createContext, useContext } from 'react';
import type { Portal } from './portal';

/** What a signed-in portal page may need to know about its visitor; provided by the portal shell. */
export interface PortalContextValue {
  portal: Portal;
  /** The session (GET /api/auth or the access link's); undefined while loading. */
  session?: AuthSession;
  /** The menu entries (spec §3) that gate sections; undefined while loading. */
  menus?: MenuEntry[];
  /** `/<id>/<token>` during an access-link visit, so links keep the visitor inside it; else ''. */
  accessSuffix: string;
}

export const PortalContext = createContext<PortalContextValue | undefined>(undefined);

/** The surrounding portal's context; undefined outside a portal shell (e.g. login pages). */
export function usePortalContext(): PortalContextValue | undefined {
  return useContext(PortalContext);
}

/** The menu entry of `recurso`, if the visitor has it. */
export function findMenuEntry(
  menus: readonly MenuEntry[] | undefined,
  recurso: string,
): MenuEntry | undefined {
  return menus?.find((entry) => entry.recurso === recurso);
}
