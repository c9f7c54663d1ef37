/**
 * Offline reads (issue 20): the service worker (public/sw.js) answers a GET /api read it could
 * not send with the last answer it kept, marked with the time it came. The HTTP client reports
 * every answer here; the portal shell shows "Sin conexión: datos de las HH:mm" and disables the
 * page's actions while any shown data is such a copy.
 */

/** The header the worker sets on a kept answer: when it was received (ISO instant). */
export const SAVED_HEADER = 'x-extranet-guardado';
/** The worker's cache of GET /api answers: the session's private data. */
export const DATA_CACHE = 'extranet-datos';

/** Offline: since when the oldest kept answer shown dates (undefined when none is shown). */
export interface OfflineState {
  offline: boolean;
  savedAt?: string;
}

const ONLINE: OfflineState = { offline: false };
let state: OfflineState = ONLINE;
const listeners = new Set<() => void>();

function set(next: OfflineState) {
  if (next.offline === state.offline && next.savedAt === state.savedAt) return;
  state = next;
  listeners.forEach((listener) => listener());
}

/** An answer came: from the network (online again) or the worker's copy (offline, its time). */
export function noteResponse(response: Response): void {
  const savedAt = response.headers.get(SAVED_HEADER);
  if (!savedAt) return set(ONLINE);
  // The oldest copy on screen is the one the notice must name.
  const oldest = state.savedAt && state.savedAt < savedAt ? state.savedAt : savedAt;
  set({ offline: true, savedAt: oldest });
}

/** A request could not be sent at all: offline, with no copy of its answer. */
export function noteNetworkError(): void {
  set({ offline: true, savedAt: state.savedAt });
}

export function subscribeOffline(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function offlineSnapshot(): OfflineState {
  return state;
}

/**
 * Deletes the kept answers: at logout and before a login (another user, or another company of
 * the same user, must never see them). Cache Storage is absent on plain HTTP hosts and in tests.
 * Callers need not wait: Cache Storage runs its operations in order, so the deletion comes before
 * anything the worker keeps of the new session, and it may be queued behind the worker's first
 * install (a login must not wait for that).
 */
export async function clearOfflineData(): Promise<void> {
  set(ONLINE);
  if (typeof caches === 'undefined') return;
  await caches.delete(DATA_CACHE).catch(() => false);
}
