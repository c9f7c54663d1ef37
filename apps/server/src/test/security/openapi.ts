import type { App } from '../../app.js';
import { createApiKey } from '../../modules/api-keys/service.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One operation of the app's OpenAPI document, reduced to what the security suite needs. */
export interface Operation {
  method: Method;
  /** OpenAPI template, e.g. `/api/clientes/facturas/{id}`. */
  path: string;
  parameters: { in: string; name: string; schema?: { example?: unknown } }[];
  /** Top-level properties of a JSON request body. */
  bodyProperties: string[];
  multipart: boolean;
  /** Request body media types. */
  consumes: string[];
  produces: string[];
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema?: { example?: unknown } }[];
        requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
        responses?: Record<string, { content?: Record<string, unknown> }>;
      }
    >
  >;
}

/** Every operation of `GET /api/openapi.json` of the built app: new routes appear by themselves. */
export async function openApiOperations(app: App): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`openapi.json: ${res.statusCode}`);
  const doc = res.json<OpenApiDoc>();
  const ops: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      const content = op.requestBody?.content ?? {};
      const json = content['application/json']?.schema?.properties ?? {};
      ops.push({
        method: method.toUpperCase() as Method,
        path,
        parameters: op.parameters ?? [],
        bodyProperties: Object.keys(json),
        multipart: 'multipart/form-data' in content,
        consumes: Object.keys(content),
        produces: Object.values(op.responses ?? {}).flatMap((r) => Object.keys(r.content ?? {})),
      });
    }
  }
  return ops;
}

/** An integration API key with exactly these scopes (none: authenticated, allowed nothing). */
export async function createIntegrationKey(app: App, scopes: never[]): Promise<string> {
  const { key } = await createApiKey(app.db, { nombre: 'seguridad', scopes });
  return key;
}
