import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { buildTestApp } from '../test/app.js';
import { testDatabases, type TestDatabaseHandle } from '../test/databases.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes as they are on a new connection and reads the whole answer until it closes. */
function rawRequest(port: number, request: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server closes right after its answer; a reset after it has been read is fine.
      if (error.code !== 'ECONNRESET' || chunks.length === 0) reject(error);
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const at = line.indexOf(':');
        headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.end(request);
  });
}

/** Request lines that close the connection after the answer, so `rawRequest` ends. */
const close = 'Host: 127.0.0.1\r\nConnection: close\r\n';

describe.each(testDatabases())('errores del framework y del parser HTTP en $name', ({ open }) => {
  let handle: TestDatabaseHandle;
  let app: App;
  let port: number;

  beforeAll(async () => {
    handle = await open();
    app = await buildTestApp(handle);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (typeof address !== 'object' || address === null) throw new Error('sin puerto');
    port = address.port;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.dispose();
  });

  const cases: { name: string; request: () => string; status: number; code: string }[] = [
    {
      name: 'a query string longer than the header limit',
      request: () => `GET /api/auth?q=${'a'.repeat(20_000)} HTTP/1.1\r\n${close}\r\n`,
      status: 431,
      code: 'HEADERS_TOO_LARGE',
    },
    {
      name: 'a header larger than the limit',
      request: () => `GET /api/auth HTTP/1.1\r\n${close}X-Grande: ${'a'.repeat(20_000)}\r\n\r\n`,
      status: 431,
      code: 'HEADERS_TOO_LARGE',
    },
    {
      name: 'a Content-Length that is not a number',
      request: () =>
        `POST /api/login HTTP/1.1\r\n${close}Content-Type: application/json\r\nContent-Length: abc\r\n\r\n{}`,
      status: 400,
      code: 'INVALID_CONTENT_LENGTH',
    },
    {
      name: 'Content-Length together with chunked encoding',
      request: () =>
        `POST /api/login HTTP/1.1\r\n${close}Content-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
      status: 400,
      code: 'INVALID_CONTENT_LENGTH',
    },
    {
      name: 'a broken request line',
      request: () => `GET /api/auth HTTP/9.9 extra\r\n${close}\r\n`,
      status: 400,
      code: 'BAD_REQUEST',
    },
    {
      name: 'a bad percent escape in the URL',
      request: () => `GET /api/clientes/facturas/%E0%A4%A HTTP/1.1\r\n${close}\r\n`,
      status: 400,
      code: 'BAD_URL',
    },
    {
      name: 'a path parameter longer than the router allows',
      request: () => `GET /api/clientes/facturas/${'1'.repeat(200)} HTTP/1.1\r\n${close}\r\n`,
      status: 404,
      code: 'NOT_FOUND',
    },
    {
      name: 'a route that does not exist',
      request: () => `GET /api/no-existe HTTP/1.1\r\n${close}\r\n`,
      status: 404,
      code: 'NOT_FOUND',
    },
    {
      name: 'a method the route does not have',
      request: () => `GET /api/logout HTTP/1.1\r\n${close}\r\n`,
      status: 404,
      code: 'NOT_FOUND',
    },
    {
      name: 'a body that is not JSON',
      request: () =>
        `POST /api/login HTTP/1.1\r\n${close}Content-Type: application/json\r\nContent-Length: 5\r\n\r\n{nope`,
      status: 400,
      code: 'INVALID_JSON',
    },
    {
      name: 'a media type the API does not take',
      request: () =>
        `POST /api/login HTTP/1.1\r\n${close}Content-Type: text/xml\r\nContent-Length: 4\r\n\r\n<a/>`,
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    },
    {
      name: 'a body larger than 1 MiB',
      request: () =>
        `POST /api/login HTTP/1.1\r\n${close}Content-Type: application/json\r\nContent-Length: 1100000\r\n\r\n"${'a'.repeat(1_099_998)}"`,
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
    },
  ];

  it.each(cases)(
    'answers $name with $status $code in Spanish',
    async ({ request, status, code }) => {
      const answer = await rawRequest(port, request());
      expect(answer.status).toBe(status);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      const body = JSON.parse(answer.body) as { error: { code: string; message: string } };
      expect(body).toEqual({ error: { code, message: expect.any(String) } });
      // Spanish, as every message of the product: no English framework text.
      expect(body.error.message).toMatch(/^(La|Las|El|Los|Recurso|Tipo) /);
      expect(body.error.message).not.toMatch(/\b(the|is|not|valid|exceed|Client|Error)\b/i);
    },
  );
});
