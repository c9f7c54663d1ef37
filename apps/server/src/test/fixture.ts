import { afterAll, beforeAll } from 'vitest';
import type { App } from '../app.js';
import type { TestDatabaseHandle } from './databases.js';

/** Registers how to release something `setup` acquired; releases run last first. */
export type OnClose = (close: () => Promise<void>) => void;

/**
 * For a `describe` block: what `setup` builds in `beforeAll`, released in `afterAll` (also
 * when `setup` failed halfway). The returned object reads the built one's fields: read them in
 * tests and hooks, not while the block is being declared.
 */
export function useFixture<T extends object>(setup: (onClose: OnClose) => Promise<T>): T {
  const closers: Array<() => Promise<void>> = [];
  let value: T | undefined;
  beforeAll(async () => {
    value = await setup((close) => closers.push(close));
  }, 60_000);
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });
  return new Proxy({} as T, {
    get(_target, key) {
      if (!value) throw new Error('Lo que prepara la prueba se crea en beforeAll.');
      return Reflect.get(value, key) as unknown;
    },
  });
}

/**
 * `useFixture` for an app on a fresh database from `open`: `build` makes the app and what the
 * block needs with it; the app and the database are closed after the block.
 */
export function useAppFixture<T extends { readonly app: App }>(
  open: () => Promise<TestDatabaseHandle>,
  build: (handle: TestDatabaseHandle) => Promise<T>,
): T & { readonly handle: TestDatabaseHandle } {
  return useFixture(async (onClose) => {
    const handle = await open();
    onClose(() => handle.dispose());
    const built = await build(handle);
    onClose(() => built.app.close());
    return { handle, ...built };
  });
}
