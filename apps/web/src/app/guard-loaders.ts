import type { LoaderFunctionArgs } from 'react-router';
import { redirect } from 'react-router';
import { getAuthSession } from '../features/auth/api/session-check';
import { handOverSessionCheck } from '../features/auth/login-handoff';
import type { Portal } from '../lib/portal';
import { saveAfterLogin } from '../lib/storage';
import { decideGuard } from './guard';
import { applyUrlLanguage } from './url-language';

/** What the loaders need from the router they run in (it does not exist yet when routes are built). */
export interface RouterBridge {
  /** Client-side navigation, used by the supplier guard once its background check fails. */
  navigate(to: string): Promise<void> | void;
  /** The location being navigated to; loaders' requests lack its hash. */
  pendingLocation(): { pathname: string; search: string; hash: string } | undefined;
  /** `requiresAuth` of the leaf route matching `pathname`. */
  requiresAuth(pathname: string): boolean;
}

function fullTargetPath(url: URL, bridge: RouterBridge): string {
  const pending = bridge.pendingLocation();
  const hash = pending && pending.pathname === url.pathname ? pending.hash : '';
  return `${url.pathname}${url.search}${hash}`;
}

async function fetchSessionOrNull() {
  const answer = getAuthSession();
  // The portal's query cache starts with this answer: its header does not ask again.
  handOverSessionCheck(answer);
  try {
    return await answer;
  } catch (error) {
    // Spec §4: a failed check counts as "no session".
    console.warn('No se ha podido comprobar la sesión', error);
    return null;
  }
}

/** Loader of the root route: only the `lang` parameter. */
export async function rootLoader({ request }: LoaderFunctionArgs): Promise<null> {
  await applyUrlLanguage(new URL(request.url));
  return null;
}

/**
 * Loader of a portal layout route: the route guard of spec §4. Customers wait for the session
 * check; suppliers do not (spec: "navigation proceeds without waiting"), their check runs in the
 * background and sends them to the login page when it fails.
 */
export function createGuardLoader(portal: Portal, bridge: RouterBridge) {
  return async function guardLoader({ request, params }: LoaderFunctionArgs): Promise<null> {
    const url = new URL(request.url);
    const input = {
      portal,
      requiresAuth: bridge.requiresAuth(url.pathname),
      params,
      targetPath: fullTargetPath(url, bridge),
    };
    // The session is asked at once, while the page's language loads (it used to wait for it).
    const checking = decideGuard(input).kind === 'check-session' ? fetchSessionOrNull() : null;
    if (!checking) handOverSessionCheck(undefined);
    await applyUrlLanguage(url);
    if (!checking) return null;

    if (portal === 'clientes') {
      const decision = decideGuard({ ...input, session: await checking });
      if (decision.kind === 'redirect-to-login') {
        saveAfterLogin(portal, decision.afterLogin);
        // react-router's loaders redirect by throwing the Response redirect() builds.
        // eslint-disable-next-line @typescript-eslint/only-throw-error
        throw redirect(decision.loginPath);
      }
      return null;
    }

    void checking.then(async (session) => {
      const decision = decideGuard({ ...input, session });
      if (decision.kind !== 'redirect-to-login') return;
      // The user has moved on meanwhile: that page ran its own check.
      if (bridge.pendingLocation()?.pathname !== url.pathname) return;
      saveAfterLogin(portal, decision.afterLogin);
      try {
        await bridge.navigate(decision.loginPath);
      } catch (error) {
        // Spec §4: navigation rejections are only logged.
        console.warn('Navegación interrumpida', error);
      }
    });
    return null;
  };
}
