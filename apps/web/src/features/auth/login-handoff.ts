import type { AuthSession } from '@extranet/contracts/auth/session';
import type { MenuEntry } from '@extranet/contracts/menus/menu';
import type { Portal } from '../../lib/portal';

/**
 * The menus a login answered with, handed to the portal it opens: the login pages have no query
 * cache (issue 7, size budget), so the portal's new cache starts with them instead of asking
 * `GET /api/<portal>/menu` again.
 */
let handedOver: { portal: Portal; menus: MenuEntry[] } | undefined;

export function handOverMenus(portal: Portal, menus: MenuEntry[]): void {
  handedOver = { portal, menus };
}

/** The menus handed over by the last login, once; later caches fetch their own. */
export function takeHandedOverMenus(): { portal: Portal; menus: MenuEntry[] } | undefined {
  const taken = handedOver;
  handedOver = undefined;
  return taken;
}

/**
 * The route guard's session check of the navigation under way (app/guard-loaders.ts), handed to
 * the portal's new query cache (app/data-scope.tsx): the header shows that answer instead of
 * asking `GET /api/auth` a second time. The company name it shows was the load list's largest
 * paint, and it waited for that second request (issue 20, Lighthouse). A check is only this
 * navigation's for a moment: an older one is not taken.
 */
let sessionCheck: { answer: Promise<AuthSession>; at: number } | undefined;
const SESSION_CHECK_MS = 10_000;

/** The guard's check (undefined when this navigation needs none). */
export function handOverSessionCheck(answer: Promise<AuthSession> | undefined): void {
  sessionCheck = answer && { answer, at: Date.now() };
}

/** The session check handed over by the guard just now, once. */
export function takeHandedOverSessionCheck(): Promise<AuthSession> | undefined {
  const taken = sessionCheck;
  sessionCheck = undefined;
  return taken && Date.now() - taken.at < SESSION_CHECK_MS ? taken.answer : undefined;
}
