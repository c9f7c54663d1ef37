import type { Portal } from './portal';

/** Browser-storage keys, kept apart per portal (spec §9: separate keys for customers and suppliers). */
export function storageKey(portal: Portal, name: 'afterLogin' | 'pushSubscriptionId'): string {
  return `extranet.${portal}.${name}`;
}

// Storage can be unavailable (private mode, disabled cookies): losing the value is acceptable,
// breaking the page is not.
function safeSession(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Remembers the full path (pathname + search + hash) to open after logging in. */
export function saveAfterLogin(portal: Portal, path: string): void {
  try {
    safeSession()?.setItem(storageKey(portal, 'afterLogin'), path);
  } catch (error) {
    console.warn('No se ha podido guardar la página de destino', error);
  }
}

/** The stored after-login path of `portal`, if any. */
export function readAfterLogin(portal: Portal): string | undefined {
  try {
    return safeSession()?.getItem(storageKey(portal, 'afterLogin')) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Forgets the after-login path once it has been used. */
export function clearAfterLogin(portal: Portal): void {
  try {
    safeSession()?.removeItem(storageKey(portal, 'afterLogin'));
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
