import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api-client';
import { uploadFile } from './upload';

/** A scripted XMLHttpRequest: the test drives progress and the answer. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

function current(): FakeXhr {
  if (!FakeXhr.last) throw new Error('no XHR');
  return FakeXhr.last;
}

describe('uploadFile', () => {
  let assign: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    FakeXhr.last = undefined;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/proveedores/x', assign });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = 'csrf-token=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('posts the form with the CSRF header and reports progress in percent', async () => {
    document.cookie = 'csrf-token=abc%20123';
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4']), 'cmr.pdf');
    const onProgress = vi.fn();
    const promise = uploadFile<{ id: number }>('/api/proveedores/subpartidas/7/cmr', form, {
      onProgress,
    });
    const xhr = current();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/proveedores/subpartidas/7/cmr');
    expect(xhr.headers['x-csrf-token']).toBe('abc 123');
    expect(xhr.headers.accept).toBe('application/json');
    expect(xhr.body).toBe(form);

    xhr.progress(25, 100);
    xhr.progress(999, 1000);
    xhr.progress(1000, 1000);
    expect(onProgress.mock.calls.map(([p]) => (p as { percent: number }).percent)).toEqual([
      25, 99, 100,
    ]);

    xhr.respond(201, { id: 7 });
    await expect(promise).resolves.toEqual({ id: 7 });
  });

  it('rejects with the server error code and Spanish message', async () => {
    const promise = uploadFile('/api/proveedores/facturas', new FormData());
    current().respond(409, {
      error: { code: 'ALREADY_INVOICED', message: 'El transporte 4 ya está facturado.' },
    });
    const error = (await promise.catch((e: unknown) => e)) as ApiRequestError;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.status).toBe(409);
    expect(error.code).toBe('ALREADY_INVOICED');
    expect(error.message).toBe('El transporte 4 ya está facturado.');
    expect(assign).not.toHaveBeenCalled();
  });

  it('gives a generic Spanish error when the body is not the error shape', async () => {
    const promise = uploadFile('/api/proveedores/facturas', new FormData());
    current().respond(502, '<html>Bad gateway</html>');
    const error = (await promise.catch((e: unknown) => e)) as ApiRequestError;
    expect(error.code).toBe('HTTP_502');
    expect(error.message).toMatch(/502/);
  });

  it('sends a 401 to the supplier login page', async () => {
    const promise = uploadFile('/api/proveedores/certificados', new FormData());
    current().respond(401, { error: { code: 'UNAUTHENTICATED', message: 'Inicie sesión.' } });
    await expect(promise).rejects.toMatchObject({ status: 401 });
    expect(assign).toHaveBeenCalledWith('/proveedores/login');
  });

  it('reports a network failure and honours cancellation', async () => {
    const failed = uploadFile('/api/proveedores/facturas', new FormData());
    current().onerror?.();
    await expect(failed).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });

    const controller = new AbortController();
    const cancelled = uploadFile('/api/proveedores/facturas', new FormData(), {
      signal: controller.signal,
    });
    const xhr = current();
    controller.abort(new DOMException('stop', 'AbortError'));
    expect(xhr.aborted).toBe(true);
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
  });
});
