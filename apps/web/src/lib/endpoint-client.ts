import {
  type Endpoint,
  type EndpointInput,
  keyOf,
  type QueryOut,
  type ResponseOf,
  urlOf,
} from '@extranet/contracts/common/endpoint';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest, type ApiRequestOptions } from './api-client';
import type { UploadFileOptions } from './upload';

/**
 * The web's side of the shared endpoint definitions (`@extranet/contracts/<feature>/endpoints`):
 * every call, query key and download URL is built from one. Responses are checked against the
 * contract's schema in development and tests (the schema module loads while the request is in
 * flight); production builds never load zod for it.
 */
const CHECK_RESPONSES = import.meta.env.DEV;

type CallOptions = Pick<ApiRequestOptions<unknown>, 'signal' | 'timeoutMs' | 'redirectOn401'>;

function responseSchema(definition: Endpoint) {
  return async () => {
    const { response } = await definition.schemas();
    if (!response) throw new Error(`${definition.operationId} no tiene esquema de respuesta`);
    return response;
  };
}

/** Calls an endpoint: its path filled, its query string, its JSON body. */
export function callEndpoint<E extends Endpoint>(
  definition: E,
  input: EndpointInput<E>,
  options: CallOptions = {},
): Promise<ResponseOf<E>> {
  const { body: given } = input as { body?: unknown };
  // A write without a body still sends `{}`: the client always declares JSON, and the server
  // refuses an empty JSON body (a POST that creates from its path alone, a DELETE).
  const body = given === undefined && definition.method !== 'GET' ? {} : given;
  const check = CHECK_RESPONSES && definition.status !== 204;
  return apiRequest<ResponseOf<E>>(definition.method, urlOf(definition, input), {
    ...options,
    ...(body === undefined ? {} : { body }),
    ...(check ? { schema: responseSchema(definition) as never } : {}),
  });
}

/** The URL of an endpoint the browser opens itself (a CSV export, a file download). */
export function endpointUrl<E extends Endpoint>(definition: E, input: EndpointInput<E>): string {
  return urlOf(definition, input);
}

/** The query key of a read, or of a family of reads without input (to invalidate them all). */
export function endpointKey<E extends Endpoint>(
  definition: E,
  input?: Partial<EndpointInput<E>>,
): readonly unknown[] {
  return keyOf(definition, input);
}

/** TanStack Query options of a read. */
export function endpointQuery<E extends Endpoint>(
  definition: E,
  input: EndpointInput<E>,
  options: Omit<CallOptions, 'signal'> = {},
) {
  return queryOptions({
    queryKey: endpointKey(definition, input),
    queryFn: ({ signal }) => callEndpoint(definition, input, { ...options, signal }),
  });
}

/** The query of a keyset-paged list without its `cursor` (the page parameter supplies it). */
type PagedQuery<E> = Omit<NonNullable<QueryOut<E>>, 'cursor'>;

/** TanStack Query options of a keyset-paged list: page after page, following `nextCursor`. */
export function endpointPages<E extends Endpoint>(
  definition: E,
  input: Omit<EndpointInput<E>, 'query'> & { query: PagedQuery<E> },
  options: Omit<CallOptions, 'signal'> = {},
) {
  return infiniteQueryOptions({
    // Its own key: an infinite query's cache holds pages, not one answer (never share a key
    // with `endpointQuery`); still under the endpoint's prefix, so invalidations reach it.
    queryKey: [...endpointKey(definition, input as Partial<EndpointInput<E>>), 'pages'],
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(
        definition,
        { ...input, query: { ...input.query, cursor: pageParam } } as EndpointInput<E>,
        { ...options, signal },
      ) as Promise<ResponseOf<E> & { nextCursor: string | null }>,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * Sends a multipart form to an upload endpoint, with progress. The uploader loads with the
 * first upload: the sign-in pages never send a file.
 */
export async function uploadToEndpoint<E extends Endpoint>(
  definition: E,
  input: EndpointInput<E>,
  form: FormData,
  options: UploadFileOptions = {},
): Promise<ResponseOf<E>> {
  const { uploadFile } = await import('./upload');
  return uploadFile<ResponseOf<E>>(urlOf(definition, input), form, options);
}
