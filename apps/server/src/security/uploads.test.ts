import { connect, type Socket } from 'node:net';
import { describe, expect, test, vi } from 'vitest';
import {
  useDemoCarrier,
  filesUnder,
  multipart,
  pdfBytes,
  postMultipart,
} from '../test/transportes.js';
import { ActiveContentScanner } from '../storage/active-content.js';
import { testDatabases } from '../test/databases.js';
import {
  pdfJavaScriptInObjectStream,
  pdfJavaScriptWithEscapedNames,
  utf16Html,
} from '../test/hostile-pdfs.js';
import { SAMPLE_FILES } from '../test/multipart.js';
import { securityArea } from '../test/security/report.js';

const area = securityArea(
  'Uploads (carrier portal)',
  'CMR uploads (`POST /api/proveedores/subpartidas/{id}/cmr`: PDF, JPEG, PNG) and invoice uploads (`POST /api/proveedores/facturas`: PDF) with hostile files. "Refused" means a 4xx JSON error with a Spanish message, no stored object, no temp file and no database change. Polyglots (a genuine PDF/JPEG header with HTML or JavaScript inside or after it, also in UTF-16) are refused as `ACTIVE_CONTENT`, and so are PDFs whose parsed structure holds active content (compressed object streams, `#xx` name escapes); names with `../` or control characters are not refused but reduced to a safe display name: the name never reaches the file system (objects are stored under their SHA-256).',
);

const MAX = 64 * 1024;

const HOSTILE: {
  label: string;
  content: Buffer;
  filename: string;
  status: number;
  code: string;
}[] = [
  {
    label: 'wrong magic bytes (Windows executable named .pdf)',
    content: SAMPLE_FILES.exe,
    filename: 'cmr.pdf',
    status: 415,
    code: 'UNSUPPORTED_FILE_TYPE',
  },
  {
    label: 'PDF polyglot (PDF header, JavaScript action and HTML inside)',
    content: Buffer.from(
      '%PDF-1.4\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>\nendobj\n<html><script>alert(1)</script></html>\n%%EOF\n',
      'latin1',
    ),
    filename: 'cmr.pdf',
    status: 415,
    code: 'ACTIVE_CONTENT',
  },
  {
    label: 'JPEG with a script tail after the image',
    content: Buffer.concat([SAMPLE_FILES.jpeg, Buffer.from('<script>fetch("/api/auth")</script>')]),
    filename: 'foto.jpg',
    status: 415,
    code: 'ACTIVE_CONTENT',
  },
  {
    label: 'PDF with JavaScript in a compressed object stream (OpenAction)',
    content: await pdfJavaScriptInObjectStream(),
    filename: 'cmr.pdf',
    status: 415,
    code: 'ACTIVE_CONTENT',
  },
  {
    label: 'PDF with a JavaScript action spelled with #xx name escapes',
    content: pdfJavaScriptWithEscapedNames(),
    filename: 'cmr.pdf',
    status: 415,
    code: 'ACTIVE_CONTENT',
  },
  {
    label: 'JPEG with UTF-16LE HTML and a script after the image (BOM)',
    content: Buffer.concat([SAMPLE_FILES.jpeg, utf16Html('le')]),
    filename: 'foto.jpg',
    status: 415,
    code: 'ACTIVE_CONTENT',
  },
  {
    label: 'PNG with UTF-16BE HTML after the image (no BOM)',
    content: Buffer.concat([SAMPLE_FILES.png, utf16Html('be')]),
    filename: 'foto.png',
    status: 415,
    code: 'ACTIVE_CONTENT',
  },
  {
    label: 'JPEG with an event-handler attribute (onload=)',
    content: Buffer.concat([SAMPLE_FILES.jpeg, Buffer.from('<x onload = "alert(1)">')]),
    filename: 'foto.jpg',
    status: 415,
    code: 'ACTIVE_CONTENT',
  },
  {
    label: 'HTML first, PDF after it',
    content: SAMPLE_FILES.polyglot,
    filename: 'cmr.pdf',
    status: 415,
    code: 'UNSUPPORTED_FILE_TYPE',
  },
  {
    label: 'SVG with a script',
    content: SAMPLE_FILES.svg,
    filename: 'cmr.svg',
    status: 415,
    code: 'UNSUPPORTED_FILE_TYPE',
  },
  {
    label: '0 bytes',
    content: Buffer.alloc(0),
    filename: 'vacio.pdf',
    status: 400,
    code: 'EMPTY_FILE',
  },
  {
    label: 'over the size limit',
    content: Buffer.concat([pdfBytes(), Buffer.alloc(MAX + 1024, 0x20)]),
    filename: 'grande.pdf',
    status: 413,
    code: 'FILE_TOO_LARGE',
  },
];

describe('ActiveContentScanner', () => {
  test('finds a marker split across chunks, case-insensitively', () => {
    const scanner = new ActiveContentScanner();
    expect(scanner.push(Buffer.from('%PDF-1.4 ... <SCR'))).toBeUndefined();
    expect(scanner.push(Buffer.from('IPT>alert(1)'))).toBe('<script');
    expect(new ActiveContentScanner().push(pdfBytes())).toBeUndefined();
  });

  test('finds markup in UTF-16 (either byte order, BOM or not) and event-handler attributes', () => {
    expect(new ActiveContentScanner().push(utf16Html('le'))).toBe('<script');
    expect(new ActiveContentScanner().push(utf16Html('be'))).toBe('<script');
    const split = new ActiveContentScanner();
    const html = utf16Html('be');
    expect(split.push(html.subarray(0, 3))).toBeUndefined();
    expect(split.push(html.subarray(3))).toBe('<script');
    expect(new ActiveContentScanner().push(Buffer.from('<svg/ONLOAD=alert(1)>'))).toBe('<svg');
    expect(new ActiveContentScanner().push(Buffer.from('<x onerror  =1>'))).toBe('onerror  =');
  });
});

describe.each(testDatabases())('subidas ($name)', ({ name, open }) => {
  const demo = useDemoCarrier(open, { UPLOAD_MAX_BYTES: String(MAX) });

  /** A leg awaiting its CMR, as the carrier's own list shows it. */
  async function pendingLeg(): Promise<number> {
    const res = await demo.browser.get('/api/proveedores/albaranes-pendientes');
    const page = res.json<{ items: { subpartidas: { id: number }[] }[] }>();
    const id = page.items[0]?.subpartidas[0]?.id;
    if (id === undefined) throw new Error(`sin albaranes pendientes: ${res.body.slice(0, 200)}`);
    return id;
  }

  async function state(leg: number) {
    const count = async (table: 'archivos' | 'facturas_proveedor') =>
      Number(
        (
          await demo.handle.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      files: (await demo.stored()).length,
      archivos: await count('archivos'),
      facturas: await count('facturas_proveedor'),
      leg: await demo.handle.db
        .selectFrom('subpartidas')
        .selectAll()
        .where('id', '=', leg)
        .executeTakeFirst(),
    };
  }

  function expectSpanishError(
    res: { statusCode: number; json: () => unknown },
    status: number,
    code: string,
  ) {
    expect(res.statusCode).toBe(status);
    const body = res.json() as { error: { code: string; message: string } };
    expect(body.error.code).toBe(code);
    // One of the catalogue's Spanish sentences, not a parser's English text.
    expect(body.error.message).toMatch(/^(El|Tipo|Suba|Envíe)\b.*[.]$/);
  }

  for (const bad of HOSTILE) {
    area.check(
      `CMR upload refused: ${bad.label}`,
      `${bad.filename}, ${bad.content.length} bytes`,
      name,
      async () => {
        const leg = await pendingLeg();
        const before = await state(leg);
        const res = await postMultipart(
          demo.browser,
          `/api/proveedores/subpartidas/${leg}/cmr`,
          multipart({}, { filename: bad.filename, content: bad.content }),
        );
        expectSpanishError(res, bad.status, bad.code);
        expect(await state(leg)).toEqual(before);
      },
    );
  }

  area.check(
    'invoice upload refused: polyglot and non-PDF',
    'a PDF polyglot and a genuine PNG as the invoice of a delivered transport',
    name,
    async () => {
      const leg = await pendingLeg();
      const transporte = await demo.handle.db
        .selectFrom('transportes')
        .select('id')
        .where('proveedor_id', '=', demo.proveedorId)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const fields = {
        numero: 'F-POLI-1',
        fecha_emision: '2026-11-20',
        base_imponible_centimos: '1000',
        iva_centimos: '210',
        importe_centimos: '1210',
        transporteIds: String(transporte.id),
      };
      for (const [content, code] of [
        [HOSTILE[1]!.content, 'ACTIVE_CONTENT'],
        [SAMPLE_FILES.png, 'UNSUPPORTED_FILE_TYPE'],
      ] as const) {
        const before = await state(leg);
        const res = await postMultipart(
          demo.browser,
          '/api/proveedores/facturas',
          multipart(fields, { filename: 'factura.pdf', content }),
        );
        expectSpanishError(res, 415, code);
        expect(await state(leg)).toEqual(before);
      }
    },
  );

  area.check(
    'file names with ../ and control characters are neutralised',
    'CMR named "../../etc/passwd.pdf" and one with NUL, ESC and a right-to-left override',
    name,
    async () => {
      for (const [filename, expected] of [
        ['../../etc/passwd.pdf', 'passwd.pdf'],
        ['..\\..\\fac\u0000tu\u001bra\u202egpj.pdf', 'factura.pdf'.replace('.pdf', 'gpj.pdf')],
      ] as const) {
        const leg = await pendingLeg();
        const res = await postMultipart(
          demo.browser,
          `/api/proveedores/subpartidas/${leg}/cmr`,
          multipart({}, { filename, content: pdfBytes(filename) }),
        );
        expect(res.statusCode, res.body).toBe(201);
        const archivo = await demo.handle.db
          .selectFrom('archivos')
          .select(['nombre', 'storage_key'])
          .where('id', '=', res.json<{ cmr_archivo_id: number }>().cmr_archivo_id)
          .executeTakeFirstOrThrow();
        expect(archivo.nombre).toBe(expected);
        expect(archivo.storage_key).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}$/);
        expect(
          (await demo.stored()).every((file) => file.startsWith(demo.app.config.dataDir)),
        ).toBe(true);
      }
    },
  );

  area.check(
    'connection cut at 50% leaves nothing',
    'a real socket sending half of a CMR upload with the full Content-Length, then closing',
    name,
    async () => {
      const leg = await pendingLeg();
      const before = await state(leg);
      const address = await demo.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = new URL(address);
      const body = multipart(
        {},
        {
          filename: 'cortado.pdf',
          content: Buffer.concat([pdfBytes(), Buffer.alloc(40_000, 0x41)]),
        },
      );
      const cookies = [...demo.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const head = [
        `POST /api/proveedores/subpartidas/${leg}/cmr HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        `Content-Type: ${body.headers['content-type']}`,
        `Content-Length: ${body.payload.length}`,
        `Cookie: ${cookies}`,
        `X-CSRF-Token: ${demo.browser.cookies.get('csrf-token') ?? ''}`,
        '',
        '',
      ].join('\r\n');
      const socket = await new Promise<Socket>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(head);
          socket.write(body.payload.subarray(0, Math.floor(body.payload.length / 2)), () =>
            resolve(socket),
          );
        });
        socket.on('error', reject);
      });
      // Cut only once the server is streaming the upload into its temp file.
      await vi.waitFor(() => expect(filesUnder(`${demo.app.config.dataDir}/tmp`)).toHaveLength(1), {
        timeout: 3000,
        interval: 20,
      });
      socket.destroy();
      // The server notices the cut and cleans up on its own; give it a moment.
      await vi.waitFor(async () => expect(await state(leg)).toEqual(before), {
        timeout: 3000,
        interval: 50,
      });
      expect(filesUnder(`${demo.app.config.dataDir}/tmp`)).toEqual([]);
    },
  );
});
