import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { loadLanguage } from '../i18n';
import {
  apiRequest,
  ApiRequestError,
  LOGIN_TIMEOUT_MS,
  PUSH_SUBSCRIBE_TIMEOUT_MS,
  RECOVERY_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
} from './api-client';

type FetchArgs = [string, RequestInit];

/** A fetch that never answers but, like the real one, rejects when its signal aborts. */
function hangingFetch() {
  return vi.fn((_url: string, init: RequestInit) => {
    return new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () =>
        reject(new DOMException('The operation was aborted.', 'AbortError')),
      );
    });
  });
}

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('apiRequest', () => {
  let assign: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/clientes/tracking', assign });
  });

  afterEach(async () => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.cookie = 'csrf-token=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    await i18n.changeLanguage('es');
  });

  it.each([
    ['REQUEST_TIMEOUT_MS', REQUEST_TIMEOUT_MS, 4000, undefined],
    ['LOGIN_TIMEOUT_MS', LOGIN_TIMEOUT_MS, 6000, LOGIN_TIMEOUT_MS],
    ['RECOVERY_TIMEOUT_MS', RECOVERY_TIMEOUT_MS, 8000, RECOVERY_TIMEOUT_MS],
    ['PUSH_SUBSCRIBE_TIMEOUT_MS', PUSH_SUBSCRIBE_TIMEOUT_MS, 8000, PUSH_SUBSCRIBE_TIMEOUT_MS],
  ])('%s aborts at %i ms and not before', async (_name, constant, expected, timeoutMs) => {
    expect(constant).toBe(expected);
    vi.useFakeTimers();
    const fetchMock = hangingFetch();
    vi.stubGlobal('fetch', fetchMock);

    let settled: unknown = 'pending';
    const request = apiRequest('POST', '/api/login', { body: {}, timeoutMs }).then(
      (value) => (settled = value),
      (error: unknown) => (settled = error),
    );

    await vi.advanceTimersByTimeAsync(expected - 1);
    expect(settled).toBe('pending');
    const signal = (fetchMock.mock.calls[0] as FetchArgs)[1].signal;
    expect(signal?.aborted).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    await request;
    expect(signal?.aborted).toBe(true);
    expect(settled).toBeInstanceOf(ApiRequestError);
    expect(settled).toMatchObject({
      code: 'TIMEOUT',
      status: 0,
      message: 'El servidor no responde. Inténtelo de nuevo.',
    });
  });

  it('leaves the HTTP cache on, so conditional reads are revalidated with If-None-Match', async () => {
    const fetchMock = vi.fn((_url: string, _init: RequestInit) =>
      Promise.resolve(jsonResponse(200, { ok: true })),
    );
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('GET', '/api/clientes/portes');
    expect((fetchMock.mock.calls[0] as FetchArgs)[1].cache).toBeUndefined();
  });

  it('sends JSON headers, the current language and same-origin credentials', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(apiRequest('GET', '/api/auth')).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as FetchArgs;
    expect(url).toBe('/api/auth');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toMatchObject({ Accept: 'application/json', 'Accept-Language': 'es' });
    // A content type only with a body: the server refuses JSON with an empty body.
    expect(init.headers).not.toHaveProperty('Content-Type');
    await apiRequest('POST', '/api/login', { body: { usuario: 'a' } });
    const [, postInit] = fetchMock.mock.calls[1] as unknown as FetchArgs;
    expect(postInit.headers).toMatchObject({ 'Content-Type': 'application/json' });

    await loadLanguage('en');
    await apiRequest('GET', '/api/auth');
    const [, englishInit] = fetchMock.mock.calls[2] as unknown as FetchArgs;
    expect(englishInit.headers).toMatchObject({ 'Accept-Language': 'en' });
  });

  it('sends the CSRF cookie as x-csrf-token on writes only', async () => {
    document.cookie = 'csrf-token=abc%20123';
    const fetchMock = vi.fn(async () => jsonResponse(200, {}));
    vi.stubGlobal('fetch', fetchMock);

    await apiRequest('POST', '/api/logout', { body: {} });
    await apiRequest('GET', '/api/auth');
    const [, postInit] = fetchMock.mock.calls[0] as unknown as FetchArgs;
    const [, getInit] = fetchMock.mock.calls[1] as unknown as FetchArgs;
    expect(postInit.headers).toMatchObject({ 'x-csrf-token': 'abc 123' });
    expect(postInit.body).toBe('{}');
    expect(getInit.headers).not.toHaveProperty('x-csrf-token');
  });

  it('passes the server error message, code and status through', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(422, {
          error: { code: 'VALIDATION_ERROR', message: 'La petición no es válida.' },
        }),
      ),
    );
    await expect(apiRequest('PUT', '/api/clientes/cliente', { body: {} })).rejects.toMatchObject({
      name: 'ApiRequestError',
      status: 422,
      code: 'VALIDATION_ERROR',
      message: 'La petición no es válida.',
    });
    expect(assign).not.toHaveBeenCalled();
  });

  it('reports a status without a JSON error body in Spanish', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(apiRequest('GET', '/api/clientes/menu')).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_502',
      message: 'Se ha producido un error inesperado (código 502).',
    });
  });

  it.each([
    ['/api/proveedores/menu', '/proveedores/login'],
    ['/api/clientes/menu', '/login'],
    ['/api/auth', '/login'],
  ])('on 401 from %s redirects to %s and still rejects', async (path, login) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'Sesión caducada.' } }),
      ),
    );
    await expect(apiRequest('GET', path)).rejects.toMatchObject({
      status: 401,
      message: 'Sesión caducada.',
    });
    expect(assign).toHaveBeenCalledWith(login);
  });

  it('does not redirect on 401 when the caller opts out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, {})),
    );
    await expect(apiRequest('GET', '/api/auth', { redirectOn401: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(assign).not.toHaveBeenCalled();
  });

  it('validates the response with the given schema', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { id: 'x' })),
    );
    const schema = {
      safeParse: (data: unknown) =>
        typeof (data as { id: unknown }).id === 'number'
          ? { success: true as const, data: data as { id: number } }
          : { success: false as const, error: new Error('id') },
    };
    await expect(apiRequest('GET', '/api/x', { schema })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });

  it('turns a network failure into a Spanish ApiRequestError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('GET', '/api/auth')).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      status: 0,
    });
  });
});
