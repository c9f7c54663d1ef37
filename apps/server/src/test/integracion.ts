import type { ApiScope } from '@extranet/contracts/integracion/integracion';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../app.js';
import { createApiKey } from '../modules/api-keys/service.js';
import { buildTestApp } from './app.js';
import type { TestDatabaseHandle } from './databases.js';
import { useAppFixture } from './fixture.js';

/** Who makes an integration API call: the API key (`null`: none) and an Idempotency-Key. */
export interface ErpCallOptions {
  key?: string | null;
  idempotencyKey?: string;
}

/**
 * Calls the integration API as the ERP does, with `Bearer defaultKey()` unless `options.key`
 * says otherwise. `app` and `defaultKey` are read at each call, so both may be set in
 * `beforeAll`.
 */
export function erpCaller(app: () => App, defaultKey: () => string) {
  return (
    method: 'PUT' | 'POST',
    url: string,
    payload: unknown,
    options: ErpCallOptions = {},
  ): Promise<LightMyRequestResponse> => {
    const headers: Record<string, string> = {};
    const key = options.key === undefined ? defaultKey() : options.key;
    if (key !== null) headers['authorization'] = `Bearer ${key}`;
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    return app().inject({ method, url, headers, payload: payload as object });
  };
}

/** What an integration-API test block works on (see `useErpApp`). */
export interface ErpApp {
  readonly handle: TestDatabaseHandle;
  readonly app: App;
  /** The ERP's API key ('ERP', with the scopes asked for) and its id. */
  readonly key: string;
  readonly keyId: number;
}

/**
 * For a `describe` block: the app `build` makes on a fresh database from `open` (a bare migrated
 * one unless told), with an 'ERP' API key of those scopes, closed after the block. Its fields
 * are set in `beforeAll`: read them in tests and hooks, not while the block is being declared.
 */
export function useErpApp(
  open: () => Promise<TestDatabaseHandle>,
  scopes: ApiScope[],
  build: (handle: TestDatabaseHandle) => Promise<App> = (handle) => buildTestApp(handle),
): ErpApp {
  return useAppFixture(open, async (handle) => {
    const app = await build(handle);
    const { id: keyId, key } = await createApiKey(app.db, { nombre: 'ERP', scopes });
    return { app, key, keyId };
  });
}
