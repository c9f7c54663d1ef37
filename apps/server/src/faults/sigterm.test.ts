import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loginOverHttp,
  startRealServer,
  type RealServer,
  type RealSession,
} from './real-server.js';

const SHUTDOWN_TIMEOUT_MS = 8000;

/** Every regular file under a directory, recursively. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** A raw HTTP/1.1 connection: what it was sent back, in full, once the server closes it. */
function rawConnection(url: string): { socket: Socket; received: Promise<string> } {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const received = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(text));
    socket.on('error', () => undefined);
  });
  return { socket, received };
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
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2 * 1024 * 1024)]);
    const sha256 = createHash('sha256').update(pdf).digest('hex');

    // An upload that will finish after the signal, with a request pipelined behind it…
    const whole = rawConnection(server.url);
    const upload = uploadRequest(session, legs[0]!, pdf);
    whole.socket.write(upload.head);
    whole.socket.write(upload.body.subarray(0, upload.body.length / 2));
    // …and one whose client goes away mid-body after the signal.
    const cut = rawConnection(server.url);
    const cutUpload = uploadRequest(session, legs[1]!, pdf);
    cut.socket.write(cutUpload.head);
    cut.socket.write(cutUpload.body.subarray(0, cutUpload.body.length / 3));
    // …and a request still arriving: its headers are half sent when the signal comes.
    const late = rawConnection(server.url);
    late.socket.write(`GET /api/proveedores/transportes HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    // New connections are refused once the listener is closed.
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();

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
