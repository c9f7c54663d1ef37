import type { ApiError } from '@extranet/contracts/common/error';
import i18n from '../i18n';
import { loginPaths } from './portal';
import { noteNetworkError, noteResponse } from './offline-data';

/** Default timeout of every call (spec §9). */
export const REQUEST_TIMEOUT_MS = 4000;
/** Timeout of the login calls (spec §7). */
export const LOGIN_TIMEOUT_MS = 6000;
/** Timeout of the password-recovery call (spec §7). */
export const RECOVERY_TIMEOUT_MS = 8000;
/** Timeout of the push-subscription call (spec §7). */
export const PUSH_SUBSCRIBE_TIMEOUT_MS = 8000;

/** Name of the cookie the server sets with the CSRF token, echoed back in a header. */
export const CSRF_COOKIE_NAME = 'csrf-token';
export const CSRF_HEADER_NAME = 'x-csrf-token';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The application's error type: every failed call rejects with it; `message` is for the user. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  /** HTTP status; 0 when no response arrived (timeout, network). */
  readonly status: number;
  /** The server's `error.code`, or TIMEOUT, NETWORK_ERROR, INVALID_RESPONSE, HTTP_<status>. */
  readonly code: string;
  /** The server's `error.details` (e.g. a 400's `[{ path, message }]` per field), if any. */
  readonly details?: unknown;

  constructor(
    message: string,
    status: number,
    code: string,
    options?: { cause?: unknown; details?: unknown },
  ) {
    super(message, options);
    this.status = status;
    this.code = code;
    if (options?.details !== undefined) this.details = options.details;
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

/** What `apiRequest` needs from a response schema; every zod schema fits. */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
}

export interface ApiRequestOptions<T> {
  /** JSON-serialised as the request body. */
  body?: unknown;
  /** Milliseconds before the call is aborted; REQUEST_TIMEOUT_MS by default. */
  timeoutMs?: number;
  /**
   * Parses the successful response; without it the JSON is returned as is. A loader
   * (`() => import(…).then(…)`) keeps zod out of the chunk that makes the call: the login pages
   * load it only once a request is under way (issue 7, size budget).
   */
  schema?: ResponseSchema<T> | (() => Promise<ResponseSchema<T>>);
  /** Caller's own cancellation (e.g. TanStack Query's signal). */
  signal?: AbortSignal;
  /**
   * Whether a 401 sends the browser to the login page (spec §8). Off for calls whose caller
   * handles the anonymous case itself (the route guard, the login form).
   */
  redirectOn401?: boolean;
}

function apiBaseUrl(): string {
  return import.meta.env.VITE_API_BASE_URL ?? '';
}

/** The value of cookie `name` (e.g. the CSRF token), or undefined. */
export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Spec §8: the login page of the portal the REQUEST belongs to. */
export function loginPathForRequest(path: string): string {
  return path.includes('/proveedores/') ? loginPaths.proveedores : loginPaths.clientes;
}

/** Sends the browser to the login page of `path`'s portal (spec §8). */
export function redirectToLogin(path: string): void {
  const target = loginPathForRequest(path);
  // Already there (e.g. a failed login): reloading would only lose the page's state.
  if (window.location.pathname === target) return;
  window.location.assign(target);
}

/**
 * Checks the error shape by hand rather than with the contract's zod schema: this module is in
 * the entry chunk, and zod would add ~50 kB gzipped to every first load.
 */
function isApiError(value: unknown): value is ApiError {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const { error } = value;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    'message' in error &&
    typeof error.message === 'string'
  );
}

/**
 * The error of a failed answer (of `apiRequest` and of an upload): the server's
 * `{ error: { code, message } }` when the body has that shape, a generic message otherwise.
 */
export function errorOfResponse(status: number, payload: unknown): ApiRequestError {
  return isApiError(payload)
    ? new ApiRequestError(payload.error.message, status, payload.error.code, {
        details: payload.error.details,
      })
    : new ApiRequestError(i18n.t('errors.unexpected', { status }), status, `HTTP_${status}`);
}

/** The body as JSON; `parsed: false` when it is not JSON (e.g. a proxy's HTML error page). */
async function readBody(response: Response): Promise<{ json: unknown; parsed: boolean }> {
  if (response.status === 204) return { json: undefined, parsed: true };
  const text = await response.text();
  if (text === '') return { json: undefined, parsed: true };
  try {
    return { json: JSON.parse(text) as unknown, parsed: true };
  } catch {
    return { json: undefined, parsed: false };
  }
}

/**
 * The one HTTP client of the app (spec §7): JSON in and out, Accept-Language from the UI
 * language, a timeout per call, the CSRF header on writes, and 401 → login redirect. Rejects
 * with ApiRequestError on every failure, carrying the server's Spanish message when there is one.
 */
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  path: string,
  options: ApiRequestOptions<T> = {},
): Promise<T> {
  const {
    body: requestBody,
    timeoutMs = REQUEST_TIMEOUT_MS,
    schema,
    signal,
    redirectOn401 = true,
  } = options;

  // A schema loader runs while the request is in flight; its failure surfaces only when awaited.
  const parserReady = typeof schema === 'function' ? schema() : Promise.resolve(schema);
  parserReady.catch(() => undefined);

  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': i18n.language,
  };
  // Only with a body: a JSON content type on an empty body is a 400 for the server.
  if (requestBody !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') {
    const csrf = readCookie(CSRF_COOKIE_NAME);
    if (csrf) headers[CSRF_HEADER_NAME] = csrf;
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  signal?.addEventListener('abort', onCallerAbort, { once: true });

  try {
    let response: Response;
    let body: { json: unknown; parsed: boolean };
    try {
      response = await fetch(`${apiBaseUrl()}${path}`, {
        method,
        headers,
        body: requestBody === undefined ? undefined : JSON.stringify(requestBody),
        credentials: 'same-origin',
        // The browser's HTTP cache stays on (no `cache: 'no-store'`): a conditional read's
        // ETag and `no-cache` make each refresh an If-None-Match, answered 304 when nothing
        // changed (decision 014); every other session read is `no-store` on the server.
        signal: controller.signal,
      });
      // Still under the timeout: a server that stalls mid-body also times out.
      body = await readBody(response);
    } catch (cause) {
      if (timedOut) throw new ApiRequestError(i18n.t('errors.timeout'), 0, 'TIMEOUT', { cause });
      // The caller cancelled: hand back its own abort reason untouched.
      if (signal?.aborted) throw cause;
      noteNetworkError();
      throw new ApiRequestError(i18n.t('errors.network'), 0, 'NETWORK_ERROR', { cause });
    }
    const payload = body.json;
    noteResponse(response);

    if (!response.ok) {
      const error = errorOfResponse(response.status, payload);
      if (response.status === 401 && redirectOn401) redirectToLogin(path);
      throw error;
    }

    if (!body.parsed) {
      throw new ApiRequestError(
        i18n.t('errors.invalidResponse'),
        response.status,
        'INVALID_RESPONSE',
      );
    }
    if (!schema) return payload as T;
    const parsed = (await parserReady)!.safeParse(payload);
    if (!parsed.success) {
      throw new ApiRequestError(
        i18n.t('errors.invalidResponse'),
        response.status,
        'INVALID_RESPONSE',
        {
          cause: parsed.error,
        },
      );
    }
    return parsed.data;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}
