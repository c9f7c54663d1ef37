import { CertificadoCampos } from '@extranet/contracts/certificados/certificado';
import { CONTROL_CHARACTERS_MESSAGE } from '@extranet/contracts/common/text';
import { FacturaProveedorCampos } from '@extranet/contracts/facturas-proveedor/factura-proveedor';
import { apiScopes } from '@extranet/contracts/integracion/integracion';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { App } from '../app.js';
import { createApiKey } from '../modules/api-keys/service.js';
import { multipart, pdfBytes } from '../test/transportes.js';
import { demoClientesApp } from '../test/clientes.js';
import { testDatabases, type TestDatabaseHandle } from '../test/databases.js';
import { signedIn, type TestBrowser } from '../test/session.js';
import { openApiOperations } from '../test/security/openapi.js';

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

const NUL_TEXT = 'a\u0000b';

/**
 * Every string leaf of a JSON schema, as a function that builds a value holding `text` at
 * that leaf (and nothing else): `{ items: [{ referencia: text }] }`.
 */
function stringLeaves(
  schema: JsonSchema | undefined,
  doc: OpenApiDoc,
  depth = 0,
): { path: string; build: (text: string) => unknown }[] {
  if (!schema || depth > 8) return [];
  if (schema.$ref) {
    const name = schema.$ref.split('/').at(-1)!;
    return stringLeaves(doc.components?.schemas?.[name], doc, depth + 1);
  }
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  const leaves = alternatives.flatMap((alt) => stringLeaves(alt, doc, depth + 1));
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('string')) leaves.push({ path: '', build: (text) => text });
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    for (const leaf of stringLeaves(property, doc, depth + 1)) {
      leaves.push({ path: `/${key}${leaf.path}`, build: (text) => ({ [key]: leaf.build(text) }) });
    }
  }
  if (types.includes('array')) {
    for (const leaf of stringLeaves(schema.items, doc, depth + 1)) {
      leaves.push({ path: `/0${leaf.path}`, build: (text) => [leaf.build(text)] });
    }
  }
  const unique = new Map(leaves.map((leaf) => [leaf.path, leaf]));
  return [...unique.values()];
}

/** Rows of the tables a refused request could have written to. */
async function rowCounts(handle: TestDatabaseHandle): Promise<Record<string, number>> {
  const tables = [
    'usuarios',
    'clientes',
    'proveedores',
    'cargas',
    'ofertas',
    'vehiculos',
    'solicitudes',
    'sugerencias',
    'archivos',
    'certificados',
    'facturas_proveedor',
    'transportes',
    'eventos',
    'entregas',
    'password_resets',
    'push_subscriptions',
    'portes',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(
      table,
    )}`.execute(handle.db);
    counts[table] = Number(rows[0]!.n);
  }
  return counts;
}

/**
 * A 400 for the control character. The integration API wraps it in its batch answer ("El lote
 * no es válido…", the record's index in `details`); the portal answers with the message itself.
 */
function expectRefused(res: LightMyRequestResponse, what: string) {
  const body = res.json<{ error: { code: string; message: string; details?: unknown } }>();
  expect({ what, status: res.statusCode, code: body.error.code }).toEqual({
    what,
    status: 400,
    code: 'VALIDATION_ERROR',
  });
  expect(body.error.details, what).toContainEqual(
    expect.objectContaining({ message: CONTROL_CHARACTERS_MESSAGE }),
  );
  if (!what.includes('/api/integration/')) {
    expect(body.error.message, what).toBe(CONTROL_CHARACTERS_MESSAGE);
  }
}

describe.each(testDatabases())('caracteres de control en las peticiones en $name', ({ open }) => {
  let handle: TestDatabaseHandle;
  let app: App;
  let cliente: TestBrowser;
  let proveedor: TestBrowser;
  let apiKey: string;
  let doc: OpenApiDoc;

  beforeAll(async () => {
    handle = await open();
    app = await demoClientesApp(handle);
    cliente = await signedIn(app, 'cliente@demo.es');
    proveedor = await signedIn(app, 'proveedor@demo.es', { portal: 'proveedores' });
    apiKey = (await createApiKey(app.db, { nombre: 'control', scopes: [...apiScopes] })).key;
    doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDoc>();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.dispose();
  });

  /** Sends as whoever may reach the route's validation: a portal user or an ERP key. */
  function send(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> {
    if (url.startsWith('/api/integration/')) {
      return app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${apiKey}` },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    }
    const browser = url.startsWith('/api/proveedores/') ? proveedor : cliente;
    return browser.request(method, url, { payload });
  }

  it('refuses a NUL in every string of every JSON body, query and path of OpenAPI, storing nothing', async () => {
    const before = await rowCounts(handle);
    const operations = await openApiOperations(app);
    let tried = 0;
    for (const op of operations) {
      const concrete = op.path.replace(/\{[^}]+\}/g, '1');
      for (const parameter of op.parameters) {
        if (parameter.in === 'path') {
          const url = op.path.replace(`{${parameter.name}}`, 'a%00b').replace(/\{[^}]+\}/g, '1');
          expectRefused(await send(op.method, url), `${op.method} ${op.path} {${parameter.name}}`);
          tried += 1;
        } else if (parameter.in === 'query') {
          const url = `${concrete}?${parameter.name}=a%00b`;
          expectRefused(await send(op.method, url), `${op.method} ${op.path}?${parameter.name}`);
          tried += 1;
        }
      }
      const body = doc.paths[op.path]?.[op.method.toLowerCase()]?.requestBody;
      const schema = body?.content?.['application/json']?.schema;
      for (const leaf of stringLeaves(schema, doc)) {
        expectRefused(
          await send(op.method, concrete, leaf.build(NUL_TEXT)),
          `${op.method} ${op.path} body${leaf.path}`,
        );
        tried += 1;
      }
    }
    // The sweep covers the whole API, not a handful of fields (one per string leaf above).
    expect(tried).toBeGreaterThan(150);
    expect(await rowCounts(handle)).toEqual(before);
  });

  it('refuses the control characters of the login without touching the database', async () => {
    const before = await rowCounts(handle);
    for (const text of ['cliente@demo.es\u0000', 'cliente@demo.es\u0007', 'a\nb@demo.es']) {
      const res = await cliente.request('POST', '/api/login', {
        payload: { usuario: text, clave: 'demo1234', dregion: 'es' },
      });
      expectRefused(res, JSON.stringify(text));
    }
    const clave = await cliente.request('POST', '/api/proveedores/login', {
      payload: { usuario: 'proveedor@demo.es', clave: 'demo\u00001234', dregion: 'es' },
    });
    expectRefused(clave, 'clave');
    expect(await rowCounts(handle)).toEqual(before);
  });

  it('allows tab and line breaks in multi-line text and refuses them in single-line text', async () => {
    const ok = await cliente.request('POST', '/api/clientes/sugerencias', {
      payload: { asunto: 'Horarios', texto: 'Primera línea\r\nsegunda\tlínea' },
    });
    expect(ok.statusCode).toBe(201);
    const asunto = await cliente.request('POST', '/api/clientes/sugerencias', {
      payload: { asunto: 'Dos\nlíneas', texto: 'Una sugerencia cualquiera' },
    });
    expectRefused(asunto, 'asunto');
    const nul = await cliente.request('POST', '/api/clientes/sugerencias', {
      payload: { texto: 'Una sugerencia\u0000 con nulo' },
    });
    expectRefused(nul, 'texto');
  });

  it('refuses a NUL in every text field of the multipart uploads, keeping no file', async () => {
    const before = await rowCounts(handle);
    const uploads = [
      { url: '/api/proveedores/certificados', schema: CertificadoCampos },
      { url: '/api/proveedores/facturas', schema: FacturaProveedorCampos },
    ];
    let tried = 0;
    for (const { url, schema } of uploads) {
      const fields = Object.keys(z.toJSONSchema(schema, { io: 'input' }).properties ?? {});
      expect(fields.length).toBeGreaterThan(1);
      for (const field of fields) {
        const form = multipart({ [field]: NUL_TEXT }, { filename: 'doc.pdf', content: pdfBytes() });
        const res = await proveedor.request('POST', url, {
          payload: form.payload,
          headers: form.headers,
        });
        expectRefused(res, `${url} ${field}`);
        tried += 1;
      }
    }
    expect(tried).toBeGreaterThan(5);
    expect(await rowCounts(handle)).toEqual(before);
  });
});
