import {
  type Endpoint,
  type EndpointInput,
  type ResponseOf,
  urlOf,
} from '@extranet/contracts/common/endpoint';

/**
 * The driver page's own fetch wrapper over the shared endpoint definitions: the portal's
 * api-client brings i18next and the login redirect, which this page (no session) has no use for.
 * Errors keep the product's shape: the server's Spanish message and code.
 */
export class ConductorApiError extends Error {
  constructor(
    message: string,
    /** 0 when the network failed (offline): the call may be retried. */
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
    this.name = 'ConductorApiError';
  }

  /** Worth retrying later: offline, timeout, rate limit or a server fault. */
  get transient(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

function errorOf(status: number, payload: unknown): ConductorApiError {
  const error = (payload as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (typeof error?.code === 'string' && typeof error.message === 'string') {
    return new ConductorApiError(error.message, status, error.code);
  }
  return new ConductorApiError(
    `Error inesperado del servidor (${status}).`,
    status,
    `HTTP_${status}`,
  );
}

function parse(text: string): unknown {
  try {
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

const TIMEOUT_MS = 20_000;

/** Calls a JSON endpoint; a network failure rejects with status 0. */
export async function call<E extends Endpoint>(
  definition: E,
  input: EndpointInput<E>,
): Promise<ResponseOf<E>> {
  const { body } = input as { body?: unknown };
  let response: Response;
  try {
    response = await fetch(urlOf(definition, input), {
      method: definition.method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      credentials: 'omit',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new ConductorApiError('Sin conexión con el servidor.', 0, 'NETWORK');
  }
  const payload = parse(await response.text());
  if (!response.ok) throw errorOf(response.status, payload);
  return payload as ResponseOf<E>;
}

/** Uploads one file as multipart (field `file`), reporting progress (0–100). */
export function upload<E extends Endpoint>(
  definition: E,
  input: EndpointInput<E>,
  file: Blob,
  filename: string,
  onProgress?: (percent: number) => void,
): Promise<ResponseOf<E>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(definition.method, urlOf(definition, input));
    xhr.setRequestHeader('accept', 'application/json');
    xhr.timeout = 120_000;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.floor((event.loaded / event.total) * 100));
    };
    const offline = () =>
      reject(new ConductorApiError('Sin conexión con el servidor.', 0, 'NETWORK'));
    xhr.onerror = offline;
    xhr.ontimeout = offline;
    xhr.onload = () => {
      const payload = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(payload as ResponseOf<E>);
      else reject(errorOf(xhr.status, payload));
    };
    const form = new FormData();
    form.append('file', file, filename);
    xhr.send(form);
  });
}
