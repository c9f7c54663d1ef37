import type { Region } from '@extranet/contracts/regiones/region';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearInitialData, resetNotifications, setInitialRegions } from './render';

/** The regions the login form offers in its tests: Europa (the default) and Italia. */
export const EUROPA = { codigo: 'es', nombre: 'Europa', activa: true } as const satisfies Region;
export const ITALIA = { codigo: 'it', nombre: 'Italia', activa: true } as const satisfies Region;

/**
 * For the tests of this file: the login page's initial data offers `regiones` before each test,
 * and after it timers are real again, stubbed globals and spies undone, storage emptied, the
 * initial data and the notifications cleared. Call it at the top of the file.
 */
export function withLoginPage(regiones: Region[]) {
  beforeEach(() => setInitialRegions(regiones));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.clear();
    clearInitialData();
    resetNotifications();
  });
}
