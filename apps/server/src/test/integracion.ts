import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../app.js';

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
