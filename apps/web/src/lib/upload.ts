import i18n from '../i18n';
import {
  ApiRequestError,
  CSRF_COOKIE_NAME,
  CSRF_HEADER_NAME,
  errorOfResponse,
  readCookie,
  redirectToLogin,
} from './api-client';

/**
 * Largest file the portal accepts by default (the server's `UPLOAD_MAX_BYTES`, 20 MB). The
 * server is the authority: a lower limit there answers 413 and its message is shown.
 */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/** Progress of an upload: bytes sent so far and the total, when the browser knows it. */
export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100, rounded down. */
  percent: number;
}

export interface UploadFileOptions {
  /** Called as the body is sent (XMLHttpRequest `upload.onprogress`). */
  onProgress?: (progress: UploadProgress) => void;
  /** Cancels the upload; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Whether a 401 sends the browser to the login page, as `apiRequest` does. Default true. */
  redirectOn401?: boolean;
}

function apiBaseUrl(): string {
  return import.meta.env.VITE_API_BASE_URL ?? '';
}

function parseJson(text: string): { json: unknown; parsed: boolean } {
  if (text === '') return { json: undefined, parsed: true };
  try {
    return { json: JSON.parse(text) as unknown, parsed: true };
  } catch {
    return { json: undefined, parsed: false };
  }
}

/**
 * POSTs a multipart form (a file and its fields) with upload progress. `fetch` cannot report
 * the progress of a request body, hence XMLHttpRequest. Same contract as `apiRequest`: the
 * CSRF header, Accept-Language, the `{ error: { code, message } }` shape as ApiRequestError,
 * and 401 → login page. No timeout: a 20 MB photo over a phone link may take minutes.
 */
export function uploadFile<T = unknown>(
  path: string,
  formData: FormData,
  options: UploadFileOptions = {},
): Promise<T> {
  const { onProgress, signal, redirectOn401 = true } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiBaseUrl()}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', i18n.language);
    const csrf = readCookie(CSRF_COOKIE_NAME);
    if (csrf) xhr.setRequestHeader(CSRF_HEADER_NAME, csrf);

    xhr.upload.onprogress = (event) => {
      if (!onProgress) return;
      const total = event.lengthComputable ? event.total : 0;
      const percent = total > 0 ? Math.min(100, Math.floor((event.loaded / total) * 100)) : 0;
      onProgress({ loaded: event.loaded, total, percent });
    };

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.onload = () => {
      done();
      const body = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        if (xhr.status === 401 && redirectOn401) redirectToLogin(path);
        reject(errorOfResponse(xhr.status, body.json));
        return;
      }
      if (!body.parsed) {
        reject(
          new ApiRequestError(i18n.t('errors.invalidResponse'), xhr.status, 'INVALID_RESPONSE'),
        );
        return;
      }
      resolve(body.json as T);
    };
    xhr.onerror = () => {
      done();
      reject(new ApiRequestError(i18n.t('errors.network'), 0, 'NETWORK_ERROR'));
    };
    xhr.onabort = () => {
      done();
      reject(abortReason(signal));
    };
    xhr.send(formData);
  });
}

/** Why the upload stopped: the signal's own reason when it is an error, else an AbortError. */
function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new DOMException('Aborted', 'AbortError');
}
