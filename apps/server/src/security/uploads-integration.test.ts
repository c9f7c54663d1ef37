import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { App } from '../app.js';
import { createApiKey } from '../modules/api-keys/service.js';
import { contentKey } from '../storage/file-storage.js';
import { clienteIdOf, demoClientesApp } from '../test/clientes.js';
import { testDatabases, type TestDatabaseHandle } from '../test/databases.js';
import {
  pdfJavaScriptInObjectStream,
  pdfJavaScriptWithEscapedNames,
} from '../test/hostile-pdfs.js';
import { SAMPLE_FILES } from '../test/multipart.js';
import { securityArea } from '../test/security/report.js';

const area = securityArea(
  'Uploads (integration API)',
  'The ERP\'s raw PDF bodies (`PUT /api/integration/v1/facturas/{serie}-{numero}/pdf`, `PUT /api/integration/v1/prevencion/documentos/{erp_id}/pdf`) with hostile files, checked like the browser uploads: magic bytes, then the same active-content scan and structural PDF check (`storage/active-content.ts`, `storage/pdf-structure.ts`). "Refused" means a 4xx JSON error with a Spanish message, no stored object and no `archivos` row, the record\'s link unchanged.',
);

const V1 = '/api/integration/v1';

/** A PDF header and `body`, different on every call (a fresh content address). */
function pdfWith(body: string): Buffer {
  return Buffer.from(`%PDF-1.7\n% ${randomBytes(8).toString('hex')}\n${body}\n%%EOF\n`, 'latin1');
}

const inObjectStream = await pdfJavaScriptInObjectStream();

const HOSTILE: { label: string; content: () => Buffer; status: number; code: string }[] = [
  {
    label: 'document-level JavaScript (/Names /JavaScript)',
    content: () =>
      pdfWith(
        '1 0 obj << /Type /Catalog /Names << /JavaScript << /Names [(x) << /S /JavaScript /JS (app.alert(1)) >>] >> >> >> endobj',
      ),
    status: 415,
    code: 'ACTIVE_CONTENT',
  },
  {
    label: '/OpenAction launching a program (/Launch)',
    content: () =>
      pdfWith('1 0 obj << /Type /Catalog /OpenAction << /S /Launch /F (cmd.exe) >> >> endobj'),
    status: 415,
    code: 'ACTIVE_CONTENT',
  },
  {
    label: 'PDF polyglot with HTML and a script after the header',
    content: () => pdfWith('<html><script>alert(1)</script></html>'),
    status: 415,
    code: 'ACTIVE_CONTENT',
  },
  {
    label: 'JavaScript OpenAction in a compressed object stream',
    content: () => inObjectStream,
    status: 415,
    code: 'ACTIVE_CONTENT',
  },
  {
    label: 'JavaScript action spelled with #xx name escapes',
    content: pdfJavaScriptWithEscapedNames,
    status: 415,
    code: 'ACTIVE_CONTENT',
  },
  {
    label: 'wrong magic bytes (Windows executable)',
    content: () => SAMPLE_FILES.exe,
    status: 415,
    code: 'UNSUPPORTED_FILE_TYPE',
  },
  { label: '0 bytes', content: () => Buffer.alloc(0), status: 400, code: 'EMPTY_FILE' },
];

describe.each(testDatabases())('subidas de la API de integración ($name)', ({ name, open }) => {
  let handle: TestDatabaseHandle;
  let app: App;
  let key: string;

  beforeAll(async () => {
    handle = await open();
    app = await demoClientesApp(handle);
    key = (
      await createApiKey(app.db, { nombre: 'ERP', scopes: ['facturas:write', 'prevencion:write'] })
    ).key;
    const clienteId = await clienteIdOf(handle, 'Conservas del Ebro S.A.');
    await handle.db
      .updateTable('clientes')
      .set({ erp_id: 'C-SEC' })
      .where('id', '=', clienteId)
      .execute();
    const write = async (url: string, items: unknown[]) => {
      const res = await app.inject({
        method: 'PUT',
        url: `${V1}${url}`,
        headers: { authorization: `Bearer ${key}` },
        payload: { items },
      });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    };
    await write('/facturas', [
      {
        serie: 'SEC',
        numero: 1,
        cliente_erp_id: 'C-SEC',
        fecha_emision: '2026-11-20',
        vto: '2026-12-20',
        base_imponible_centimos: 10000,
        iva_porcentaje: 21,
        iva_centimos: 2100,
        importe_centimos: 12100,
        pagada: false,
        lineas: [
          { concepto: 'Transporte', cantidad: 1, precio_centimos: 10000, importe_centimos: 10000 },
        ],
      },
    ]);
    await write('/prevencion/documentos', [{ erp_id: 'PRL-SEC', titulo: 'Plan de emergencia' }]);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await handle?.dispose();
  });

  const endpoints = [
    {
      label: 'ERP invoice PDF',
      url: `${V1}/facturas/SEC-1/pdf`,
      link: () =>
        handle.db
          .selectFrom('facturas')
          .select('archivo_id')
          .where('serie', '=', 'SEC')
          .where('numero', '=', 1)
          .executeTakeFirstOrThrow(),
    },
    {
      label: 'prevention document PDF',
      url: `${V1}/prevencion/documentos/PRL-SEC/pdf`,
      link: () =>
        handle.db
          .selectFrom('prevencion_documentos')
          .select('archivo_id')
          .where('erp_id', '=', 'PRL-SEC')
          .executeTakeFirstOrThrow(),
    },
  ];

  for (const endpoint of endpoints) {
    area.check(
      `${endpoint.label} refused: active content and non-PDF`,
      `raw bodies: ${HOSTILE.map((h) => h.label).join('; ')}`,
      name,
      async () => {
        const state = async () => ({
          archivos: (await handle.db.selectFrom('archivos').select('id').execute()).length,
          link: await endpoint.link(),
        });
        const before = await state();
        for (const bad of HOSTILE) {
          const content = bad.content();
          const res = await app.inject({
            method: 'PUT',
            url: endpoint.url,
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/pdf' },
            payload: content,
          });
          expect(res.statusCode, bad.label).toBe(bad.status);
          const body = res.json<{ error: { code: string; message: string } }>();
          expect(body.error.code, bad.label).toBe(bad.code);
          expect(body.error.message).toMatch(/^(El|Tipo|Suba|Envíe)\b.*[.]$/);
          if (content.length > 0) {
            const sha = createHash('sha256').update(content).digest('hex');
            expect(await app.storage.exists(contentKey(sha)), bad.label).toBe(false);
          }
          expect(await state(), bad.label).toEqual(before);
        }
        // A clean PDF still goes through.
        const ok = await app.inject({
          method: 'PUT',
          url: endpoint.url,
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/pdf' },
          payload: pdfWith('1 0 obj << /Type /Catalog >> endobj'),
        });
        expect(ok.statusCode, ok.body).toBe(200);
      },
    );
  }
});
