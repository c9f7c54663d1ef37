import type { z } from 'zod';

/**
 * One HTTP endpoint, defined once: the server registers its route from it (`lib/endpoint-route.ts`),
 * the OpenAPI document describes it, and the web builds its fetcher and query key from it
 * (`lib/endpoint-client.ts`). This module and the `endpoints.ts` files are free of zod at run
 * time: the schemas are behind `schemas()`, a dynamic import, so a page that calls an endpoint
 * ships its path and method but not zod (the browser loads the schemas only to check responses
 * in development and tests; the server loads them when it registers the route).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call it: `session` (the portal's cookie; writes also need the CSRF header),
 * `apiKey` (the ERP's `Authorization: Bearer ext_…`), `public` (no credentials: login, health,
 * capability links whose token is in the path).
 */
export type Security = 'session' | 'apiKey' | 'public';

/** Error statuses an endpoint may answer beyond the ones its security and input imply. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

/** The zod schemas of an endpoint; each is optional (a CSV or file answer has no `response`). */
export interface EndpointSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  /** Request headers the endpoint reads (an `Idempotency-Key`), for validation and the document. */
  headers?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
}

export interface Endpoint<S extends EndpointSchemas = EndpointSchemas> {
  /** Unique across the API; the method name of a generated client (camelCase, English verb). */
  readonly operationId: string;
  readonly method: HttpMethod;
  /** Fastify-style path: `/api/proveedores/transportes/:id`. */
  readonly path: string;
  readonly security: Security;
  /** OpenAPI tag: the feature it belongs to. */
  readonly tag: string;
  /** One line in Spanish for the OpenAPI document. */
  readonly summary: string;
  /** Longer explanation in Spanish (Markdown) when the summary is not enough. */
  readonly description?: string;
  /** Loads the schemas (dynamic import of the feature's schema module). */
  readonly schemas: () => Promise<S>;
  /** Status of a success: 200 unless said (201 created, 204 no content). */
  readonly status?: 200 | 201 | 202 | 204;
  /** Error statuses beyond 400 (input), 401/403 (session) and 429/503 (always possible). */
  readonly errors?: readonly ErrorStatus[];
  /** Body media type when not JSON (a form with a file, a form post, or the raw bytes of a PDF). */
  readonly consumes?:
    'multipart/form-data' | 'application/x-www-form-urlencoded' | 'application/pdf';
  /** Answer media type(s) when not JSON (a CSV export, a stored file of one of several types). */
  readonly produces?: string | readonly string[];
  /** Left out of the OpenAPI document (a demo page, not part of the API). */
  readonly hidden?: boolean;
  /**
   * A session read answered with an `ETag` and `Cache-Control: private, no-cache`: a refresh
   * with `If-None-Match` gets 304 without the body being built (decision 014). Only for reads
   * whose every input has a change counter; the server refuses to register one without.
   */
  readonly conditional?: boolean;
}

/** What the caller sends and the server receives, before parsing (strings in a query, etc.). */
type In<T> = T extends z.ZodType ? z.input<T> : undefined;
/** What the server handler gets, after parsing (defaults applied, coerced). */
type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export type ParamsIn<E> = E extends Endpoint<infer S> ? In<S['params']> : never;
export type QueryIn<E> = E extends Endpoint<infer S> ? In<S['query']> : never;
export type BodyIn<E> = E extends Endpoint<infer S> ? In<S['body']> : never;
export type ParamsOut<E> = E extends Endpoint<infer S> ? Out<S['params']> : never;
export type QueryOut<E> = E extends Endpoint<infer S> ? Out<S['query']> : never;
export type BodyOut<E> = E extends Endpoint<infer S> ? Out<S['body']> : never;
export type HeadersOut<E> = E extends Endpoint<infer S> ? Out<S['headers']> : never;
/** The parsed success answer (what the web gets back, what the handler returns). */
export type ResponseOf<E> = E extends Endpoint<infer S> ? Out<S['response']> : never;

/**
 * The input of a call, with only the parts the endpoint has. Params and query are typed as the
 * server will see them after parsing (a coerced `id` is a number, not `unknown`); the body as
 * the JSON the client sends.
 */
export type EndpointInput<E> = (ParamsOut<E> extends undefined
  ? { params?: undefined }
  : { params: ParamsOut<E> }) &
  (QueryOut<E> extends undefined ? { query?: undefined } : { query: QueryOut<E> }) &
  (BodyIn<E> extends undefined ? { body?: undefined } : { body: BodyIn<E> });

/** Declares an endpoint; the identity function, there for inference and one place to read. */
export /* @__NO_SIDE_EFFECTS__ */ function endpoint<S extends EndpointSchemas>(
  definition: Endpoint<S>,
): Endpoint<S> {
  return definition;
}

/** The path with its `:name` parameters filled in (URL-encoded). */
export function pathOf(definition: Endpoint, params: Record<string, unknown> | undefined): string {
  return definition.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = paramText(params?.[name]);
    if (value === '') {
      throw new Error(`${definition.operationId}: falta el parámetro ${name}`);
    }
    return encodeURIComponent(value);
  });
}

/** A path parameter as text: parameters are scalars (ids, codes); anything else is missing. */
function paramText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    return String(value);
  }
  return '';
}

/**
 * A query object as a query string: empty values (undefined, null, '') left out, arrays as
 * repeated keys, keys in the object's order. '' when nothing remains.
 */
export function queryStringOf(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null || item === '') continue;
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`);
    }
  }
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}

/** The URL of a call: filled path and query string. */
export function urlOf(
  definition: Endpoint,
  input: { params?: unknown; query?: unknown } = {},
): string {
  return (
    pathOf(definition, input.params as Record<string, unknown> | undefined) +
    queryStringOf(input.query as Record<string, unknown> | undefined)
  );
}

/**
 * The TanStack Query key of a read: the path's segments after `/api` with the parameters
 * filled in, then the query. Hierarchical, so invalidating `keyOf(listTransportes)` (no
 * input) refreshes the list, every page of it, and the details under the same path.
 */
export function keyOf(
  definition: Endpoint,
  input?: { params?: unknown; query?: unknown },
): readonly unknown[] {
  const params = input?.params as Record<string, unknown> | undefined;
  const segments = definition.path
    .replace(/^\/api\//, '')
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => (segment.startsWith(':') ? paramText(params?.[segment.slice(1)]) : segment));
  // Without input: the prefix up to the first unfilled parameter, to invalidate a family.
  const end = segments.indexOf('');
  const key: unknown[] = end === -1 ? segments : segments.slice(0, end);
  if (input?.query !== undefined && end === -1) key.push(input.query);
  return key;
}
