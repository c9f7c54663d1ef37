import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginOverHttp, startRealServer, type RealServer } from '../test/real-server.js';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../..');
const LEASE_MS = 3_000;

interface Received {
  id: number;
  tipo: string;
  /** Answered 200 (the first one is never answered: the worker dies while it waits). */
  acked: boolean;
}

/** A webhook receiver on 127.0.0.1 that holds its first request until told to answer. */
async function startReceiver() {
  const received: Received[] = [];
  let firstArrived!: () => void;
  const first = new Promise<void>((resolve) => (firstArrived = resolve));
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const event = JSON.parse(body) as { id: number; tipo: string };
      const entry: Received = { id: event.id, tipo: event.tipo, acked: false };
      received.push(entry);
      if (received.length === 1) {
        firstArrived();
        return; // never answered: the sender is killed meanwhile
      }
      entry.acked = true;
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    first,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('el worker del outbox muere a mitad de una entrega', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let server: RealServer | undefined;
  const env = { OUTBOX_INTERVAL_MS: '100', OUTBOX_LEASE_MS: String(LEASE_MS) };

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await receiver.close();
  });

  it('la entrega se repite cuando vence el plazo del worker muerto y se confirma una sola vez', async () => {
    server = await startRealServer(env);
    const { dataDir } = server;
    const cliEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'fault-secret-fault-secret-fault-secret-01',
      LOG_LEVEL: 'warn',
    };
    const entregas = () => {
      const db = new Database(path.join(dataDir, 'extranet.sqlite'), { readonly: true });
      try {
        return db.prepare(`select estado, intentos from entregas where canal = 'webhook'`).all();
      } finally {
        db.close();
      }
    };
    const tsx = path.join(serverDir, '../../node_modules/.bin/tsx');
    await run(
      tsx,
      [
        '--conditions=source',
        'src/cli.ts',
        'webhook',
        'add',
        '--url',
        receiver.url,
        '--tipos',
        'sugerencia.recibida',
      ],
      { cwd: serverDir, env: cliEnv },
    );

    // A customer's suggestion records the event; the worker takes it and posts it.
    const session = await loginOverHttp(server.url, 'cliente@demo.es', 'clientes');
    const sent = await fetch(`${server.url}/api/clientes/sugerencias`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: session.cookie,
        'x-csrf-token': session.csrf,
      },
      body: JSON.stringify({ asunto: 'Prueba', texto: 'El worker se cae a mitad de la entrega.' }),
    });
    expect(sent.status).toBe(201);

    // The worker dies while the receiver holds the request: no answer was ever recorded.
    await receiver.first;
    server.child.kill('SIGKILL');
    expect(await server.exited).toBe('SIGKILL');
    expect(entregas()).toEqual([{ estado: 'pendiente', intentos: 1 }]);

    // Restarted on the same data, the worker delivers it once the dead worker's lease ends.
    server = await startRealServer({ ...env, DATA_DIR: dataDir }, []);
    const restartedAt = Date.now();
    await vi.waitUntil(() => receiver.received.some((r) => r.acked), {
      timeout: 30_000,
      interval: 100,
    });
    const acked = receiver.received.filter((r) => r.acked);
    expect(acked).toHaveLength(1);
    expect(acked[0]!.id).toBe(receiver.received[0]!.id);
    expect(acked[0]!.tipo).toBe('sugerencia.recibida');
    // Within the lease plus a few polls (generous: the machine may be busy).
    expect(Date.now() - restartedAt).toBeLessThan(LEASE_MS + 15_000);

    // Recorded as delivered (the answer is recorded just after it arrives), and never sent again:
    // a delivered row is never claimed.
    await vi.waitFor(() => expect(entregas()).toEqual([{ estado: 'entregada', intentos: 2 }]), {
      timeout: 5000,
      interval: 100,
    });
    expect(receiver.received).toHaveLength(2);
  }, 90_000);
});
