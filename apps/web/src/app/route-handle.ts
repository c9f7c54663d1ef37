import type { Portal } from '../lib/portal';

/** What every route declares about itself in its `handle`. */
export interface RouteHandle {
  /** Route name from the spec (e.g. `cliente-tracking`); also the key of its texts in es.json. */
  name: string;
  /** Spanish page title (document.title and the h1); es.json `routes.<name>.title` says the same. */
  title: string;
  /** Navigation label when it differs from the title (Listado, Panel). */
  navLabel?: string;
  portal?: Portal;
  requiresAuth: boolean;
  /** Kept out of the navigation menu. */
  hidden?: boolean;
  /** Menu resource the page needs (spec §4, §6); without it the page shows "no access". */
  resource?: string;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'name' in value && 'title' in value;
}
