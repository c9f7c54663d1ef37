import { TIPOS_EVENTO, TIPOS_NOVEDAD } from '@extranet/contracts/integracion/tipos-evento';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { buildTestApp } from '../test/app.js';
import { testDatabases, type TestDatabaseHandle } from '../test/databases.js';

type Operation = {
  operationId?: string;
  security?: unknown[];
  tags?: string[];
  responses?: Record<string, { description?: string; content?: Record<string, unknown> }>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, Record<string, Operation & { requestBody?: unknown }>>;
  tags: { name: string; description?: string }[];
  components: { schemas: Record<string, Record<string, unknown>> };
};

/** Every operation of the document, paths and webhooks, with where it is. */
function operationsOf(doc: Document) {
  return [...Object.entries(doc.paths), ...Object.entries(doc.webhooks)].flatMap(
    ([path, byMethod]) =>
      Object.entries(byMethod).map(([method, op]) => ({ at: `${method} ${path}`, op })),
  );
}

// The document does not depend on the database: one dialect is enough.
const [sqlite] = testDatabases();

describe('documento OpenAPI', () => {
  let handle: TestDatabaseHandle;
  let app: App;
  let doc: Document;

  beforeAll(async () => {
    handle = await sqlite!.open();
    app = await buildTestApp(handle);
    doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Document>();
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await handle.dispose();
  });

  // A client generated from the document names its methods by operationId, and an ERP must
  // know how to authenticate each call (issue 16).
  it('cada operación tiene operationId único y su seguridad declarada', () => {
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(0);
    expect(operations.filter(({ op }) => !op.operationId).map(({ at }) => at)).toEqual([]);
    expect(operations.filter(({ op }) => !Array.isArray(op.security)).map(({ at }) => at)).toEqual(
      [],
    );
    const seen = new Map<string, string>();
    const duplicates = operations.flatMap(({ at, op }) => {
      const earlier = op.operationId ? seen.get(op.operationId) : undefined;
      if (op.operationId) seen.set(op.operationId, at);
      return earlier ? [`${op.operationId}: ${earlier} y ${at}`] : [];
    });
    expect(duplicates).toEqual([]);
  });

  it('cada operación tiene una respuesta 2xx y los errores son JSON, también en un CSV', () => {
    const sin2xx: string[] = [];
    const erroresNoJson: string[] = [];
    for (const { at, op } of operationsOf(doc)) {
      const statuses = Object.keys(op.responses ?? {});
      if (!statuses.some((s) => s.startsWith('2'))) sin2xx.push(at);
      for (const status of statuses.filter((s) => /^[45]\d\d$/.test(s))) {
        const content = Object.keys(op.responses![status]!.content ?? {});
        if (content.join() !== 'application/json') erroresNoJson.push(`${at} ${status}`);
      }
    }
    expect(erroresNoJson).toEqual([]);
    expect(sin2xx).toEqual([]);
    const csv = doc.paths['/api/proveedores/transportes/export.csv']!['get']!;
    expect(Object.keys(csv.responses!['200']!.content!)).toEqual(['text/csv']);
  });

  // The interactive viewer resolves the whole document before it shows anything: a shape
  // written out in each of its uses made it twice the size, and the viewer twice as slow.
  it('la forma del error y la nota del e-CMR son componentes a los que se refieren sus usos', () => {
    for (const { at, op } of operationsOf(doc)) {
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (!/^[45]\d\d$/.test(status)) continue;
        expect(response.content!['application/json'], `${at} ${status}`).toEqual({
          schema: { $ref: '#/components/schemas/ApiError' },
        });
      }
    }
    const text = JSON.stringify(doc.paths);
    expect(text).toContain('#/components/schemas/NotaEcmr"');
    expect(JSON.stringify(doc.components.schemas['NotaEcmr'])).toContain('"porteadores_sucesivos"');
  });

  it('las etiquetas usadas están declaradas con su descripción', () => {
    const declared = new Map(doc.tags.map((t) => [t.name, t.description]));
    for (const { at, op } of operationsOf(doc)) {
      for (const tag of op.tags ?? []) expect(declared.get(tag), `${at}: ${tag}`).toBeTruthy();
    }
  });

  it('cada evento es un webhook y un componente; las novedades los referencian', () => {
    expect(Object.keys(doc.webhooks)).toEqual([...TIPOS_EVENTO]);
    for (const [tipo, { post }] of Object.entries(doc.webhooks) as [
      string,
      { post: Operation & { requestBody: unknown } },
    ][]) {
      const ref = JSON.stringify(post.requestBody).match(/#\/components\/schemas\/(\w+)/)?.[1];
      const schema = doc.components.schemas[ref!];
      expect(schema, tipo).toBeDefined();
      expect(JSON.stringify(schema)).toContain(`"const":"${tipo}"`);
      expect(schema).not.toHaveProperty('$id');
    }
    const novedades = doc.paths['/api/integration/v1/novedades']!['get']!;
    expect(JSON.stringify(novedades.responses!['200'])).toContain('#/components/schemas/Novedad');
    const novedad = JSON.stringify(doc.components.schemas['Novedad']);
    expect(novedad.match(/#\/components\/schemas\/Evento\w+/g)).toHaveLength(TIPOS_NOVEDAD.length);
  });
});
