import { useSyncExternalStore } from 'react';
import { registerServiceWorker } from '../lib/service-worker';

/** The waiting new version's hand-over (issue 20), once the worker has one. */
let apply: (() => void) | undefined;
const listeners = new Set<() => void>();

/** Registers the worker (offline page, update check) after the page has loaded. */
export function startServiceWorker(): void {
  registerServiceWorker((next) => {
    apply = next;
    listeners.forEach((listener) => listener());
  });
}

/** The hand-over to a new version of the page, or undefined while none is waiting. */
export function useWaitingUpdate(): (() => void) | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => apply,
  );
}
