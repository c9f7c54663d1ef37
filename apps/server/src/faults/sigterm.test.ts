import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDatabaseHandle } from '../test/databases.js';
import {
  loginOverHttp,
  startRealServer,
  type RealServer,
  type RealSession,
} from '../test/real-server.js';

const SHUTDOWN_TIMEOUT_MS = 8000;

/** Every regular file under a directory, recursively. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** A raw HTTP/1.1 connection: what it was sent back, in full, once the server closes it. */
function rawConnection(url: string): {
  socket: Socket;
  received: Promise<string>;
  text(): string;
} {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const received = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(text));
    socket.on('error', () => undefined);
  });
  return { socket, received, text: () => text };
}

function uploadRequest(session: RealSession, subpartidaId: number, content: Buffer) {
  const boundary = `----falta${randomBytes(6).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cmr.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const head = Buffer.from(
    [
      `POST /api/proveedores/subpartidas/${subpartidaId}/cmr HTTP/1.1`,
      'Host: 127.0.0.1',
      `Cookie: ${session.cookie}`,
      `X-CSRF-Token: ${session.csrf}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      `Content-Length: ${body.length}`,
      '',
      '',
    ].join('\r\n'),
  );
  return { head, body };
}

/** Whether a new TCP connection to the server is refused (its listener closed). */
function newConnectionRefused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** A genuine PDF of about `size` bytes: one stream of random bytes, as a scanned CMR has. */
function pdfOfSize(size: number): Buffer {
  const data = randomBytes(size);
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n3 0 obj\n<< /Length ${size} >>\nstream\n`,
      'latin1',
    ),
    data,
    Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1'),
  ]);
}

const statuses = (raw: string) =>
  [...raw.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => Number(m[1]));

describe('fallos: SIGTERM con peticiones en curso (servidor real)', () => {
  let server: RealServer;
  let session: RealSession;
  let legs: number[];

  beforeAll(async () => {
    server = await startRealServer({ SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) });
    session = await loginOverHttp(server.url, 'proveedor@demo.es', 'proveedores');
    const res = await fetch(`${server.url}/api/proveedores/albaranes-pendientes`, {
      headers: { cookie: session.cookie },
    });
    const page = (await res.json()) as { items: Array<{ subpartidas: Array<{ id: number }> }> };
    legs = page.items.flatMap((item) => item.subpartidas.map((leg) => leg.id));
  }, 90_000);
  afterAll(() => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  });

  it('termina lo que está en curso, responde 503 a lo nuevo, no deja ficheros a medias y sale a tiempo', async () => {
    expect(legs.length).toBeGreaterThanOrEqual(2);
    const pdf = pdfOfSize(2 * 1024 * 1024);
    const sha256 = createHash('sha256').update(pdf).digest('hex');

    // A request still arriving: its headers are half sent when the signal comes. Connected
    // first, so the server has accepted it once it is streaming the uploads opened after it.
    const late = rawConnection(server.url);
    await once(late.socket, 'connect');
    late.socket.write(`GET /api/proveedores/transportes HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
    // An upload that will finish after the signal…
    const whole = rawConnection(server.url);
    const upload = uploadRequest(session, legs[0]!, pdf);
    whole.socket.write(upload.head);
    whole.socket.write(upload.body.subarray(0, upload.body.length / 2));
    // …and one whose client goes away mid-body after the signal.
    const cut = rawConnection(server.url);
    const cutUpload = uploadRequest(session, legs[1]!, pdf);
    cut.socket.write(cutUpload.head);
    cut.socket.write(cutUpload.body.subarray(0, cutUpload.body.length / 3));
    // Both uploads are being received: each has its temp file.
    await expect
      .poll(() => filesUnder(path.join(server.dataDir, 'tmp', 'uploads')).length, {
        timeout: 20_000,
      })
      .toBe(2);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    // New connections are refused once the listener is closed.
    await expect.poll(() => newConnectionRefused(server.url)).toBe(true);

    cut.socket.destroy();
    late.socket.write(`Cookie: ${session.cookie}\r\n\r\n`);
    const refused = await late.received;
    expect(statuses(refused)).toEqual([503]);
    expect(refused).toContain('"code":"SHUTTING_DOWN"');
    expect(refused).toContain('El servidor se está reiniciando');

    whole.socket.write(upload.body.subarray(upload.body.length / 2));
    const raw = await whole.received;
    expect(statuses(raw)).toEqual([201]);
    expect(raw).toContain(`"id":${legs[0]}`);

    expect(await server.exited, server.output()).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(SHUTDOWN_TIMEOUT_MS);

    // The finished upload is stored whole; the cut one left nothing, not even a temp file.
    const stored = filesUnder(path.join(server.dataDir, 'files'));
    const mine = stored.filter((file) => path.basename(file) === sha256);
    expect(mine).toHaveLength(1);
    expect(statSync(mine[0]!).size).toBe(pdf.length);
    expect(stored.filter((file) => file.includes(`${path.sep}.tmp${path.sep}`))).toEqual([]);
    expect(filesUnder(path.join(server.dataDir, 'tmp'))).toEqual([]);
  }, 60_000);
});

describe.each(testDatabases())(
  'fallos: SIGTERM durante una subida lenta ($name, servidor real)',
  ({ name, open }) => {
    let server: RealServer;
    let session: RealSession;
    let leg: number;
    let handle: TestDatabaseHandle | undefined;

    beforeAll(async () => {
      const env: NodeJS.ProcessEnv = { SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) };
      if (name === 'postgres') {
        // A fresh database of the test server; the real server migrates and seeds it.
        handle = await open();
        const { rows } = await sql<{ db: string }>`select current_database() as db`.execute(
          handle.db,
        );
        const url = new URL(process.env['TEST_DATABASE_URL']!);
        url.pathname = `/${rows[0]!.db}`;
        env['DATABASE_URL'] = url.toString();
      }
      server = await startRealServer(env);
      session = await loginOverHttp(server.url, 'proveedor@demo.es', 'proveedores');
      const res = await fetch(`${server.url}/api/proveedores/albaranes-pendientes`, {
        headers: { cookie: session.cookie },
      });
      const page = (await res.json()) as { items: Array<{ subpartidas: Array<{ id: number }> }> };
      leg = page.items[0]!.subpartidas[0]!.id;
    }, 90_000);
    afterAll(async () => {
      if (server?.child.exitCode === null) server.child.kill('SIGKILL');
      await handle?.dispose();
    });

    it('aborta la subida y borra su temporal, responde 503 en conexiones abiertas y sale con 0 a tiempo', async () => {
      const tempDir = path.join(server.dataDir, 'tmp', 'uploads');
      // A kept-alive connection that has already been used once, idle when the signal comes.
      const kept = rawConnection(server.url);
      kept.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await expect.poll(() => statuses(kept.text())).toEqual([200]);
      const answered = kept.text().length;

      // An upload whose client sends a little every 100 ms and would take minutes to finish.
      const slow = rawConnection(server.url);
      const pdf = pdfOfSize(8 * 1024 * 1024);
      const upload = uploadRequest(session, leg, pdf);
      slow.socket.write(upload.head);
      let sent = 64 * 1024;
      slow.socket.write(upload.body.subarray(0, sent));
      const trickle = setInterval(() => {
        if (slow.socket.destroyed) return;
        slow.socket.write(upload.body.subarray(sent, sent + 1024));
        sent += 1024;
      }, 100);
      try {
        await expect.poll(() => filesUnder(tempDir).length, { timeout: 20_000 }).toBe(1);

        const signalled = Date.now();
        server.child.kill('SIGTERM');
        await expect.poll(() => newConnectionRefused(server.url)).toBe(true);

        // A request on the kept-alive connection while the server drains: 503, closed after it.
        kept.socket.write(
          `GET /api/proveedores/transportes HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${session.cookie}\r\n\r\n`,
        );
        const refused = (await kept.received).slice(answered);
        expect(statuses(refused)).toEqual([503]);
        expect(refused).toMatch(/^connection: close$/im);
        const json = JSON.parse(refused.slice(refused.indexOf('\r\n\r\n') + 4)) as unknown;
        expect(json).toEqual({
          error: {
            code: 'SHUTTING_DOWN',
            message: 'El servidor se está reiniciando. Vuelva a intentarlo en unos segundos.',
          },
        });

        // The slow upload is aborted with the same answer, and its temp file is gone.
        const aborted = await slow.received;
        expect(statuses(aborted)).toEqual([503]);
        expect(aborted).toContain('"code":"SHUTTING_DOWN"');
        expect(await server.exited, server.output()).toBe(0);
        expect(Date.now() - signalled).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
        expect(filesUnder(tempDir)).toEqual([]);
        expect(filesUnder(path.join(server.dataDir, 'files', '.tmp'))).toEqual([]);
      } finally {
        clearInterval(trickle);
        kept.socket.destroy();
        slow.socket.destroy();
      }
    }, 60_000);
  },
);
