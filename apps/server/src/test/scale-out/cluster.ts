import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import S3rver from 's3rver';
import { vi } from 'vitest';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The shipped server, as production runs it (`npm run build` makes it). */
export const SERVER_ENTRY = path.join(serverDir, 'dist/server.js');
const CLI_ENTRY = path.join(serverDir, 'dist/cli.js');
export const HAPROXY = process.env['HAPROXY_BIN'] ?? '/usr/sbin/haproxy';

/** A port the OS says is free right now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Polls `check` (Vitest's waitFor) until it answers true; a throw counts as not yet. */
async function waitFor(what: string, check: () => Promise<boolean>, ms: number): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`${what}: no responde en ${ms / 1000} s`);
    },
    { timeout: ms, interval: 100 },
  );
}

/** A fresh PostgreSQL database on the TEST_DATABASE_URL server; `drop()` removes it. */
export async function createPostgresDatabase(adminUrl: string) {
  const name = `extranet_scale_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`drop database if exists "${name}" with (force)`),
  };
}

/** s3rver (an S3-compatible server the project did not write), in this process. */
export async function startS3rver(bucket: string) {
  const directory = mkdtempSync(path.join(tmpdir(), 'extranet-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export interface Delivery {
  deliveryId: number;
  eventId: number;
  tipo: string;
  at: number;
}

/** A webhook receiver on 127.0.0.1 that answers 200 at once and records every POST. */
export async function startWebhookReceiver() {
  const received: Delivery[] = [];
  const server = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const event = JSON.parse(body) as { id: number; tipo: string };
      received.push({
        deliveryId: Number(req.headers['x-extranet-delivery']),
        eventId: event.id,
        tipo: event.tipo,
        at: Date.now(),
      });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** One API instance: `node dist/server.js` on its own port and data directory. */
export class Instance {
  child: ChildProcess | undefined;
  exited: Promise<number | string> = Promise.resolve(0);
  private log = '';
  readonly dataDir = mkdtempSync(path.join(tmpdir(), 'extranet-scale-'));

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  output(): string {
    return this.log;
  }

  /** Starts the process; resolves once /readyz answers 200 (database reachable). */
  async start(args: string[] = []): Promise<void> {
    const child = spawn(process.execPath, [SERVER_ENTRY, ...args], {
      cwd: serverDir,
      env: {
        ...process.env,
        ...this.env,
        NODE_ENV: 'production',
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
    );
    await waitFor(
      `instancia ${this.name}`,
      async () => {
        if (child.exitCode !== null) throw new Error(`${this.name} terminó:\n${this.log}`);
        return (await fetch(`${this.url}/readyz`)).ok;
      },
      90_000,
    ).catch((error: unknown) => {
      child.kill('SIGKILL');
      throw new Error(`${String(error)}\n${this.log}`, { cause: error });
    });
  }

  /** SIGKILL: no shutdown handler runs, in-flight requests and claims are simply lost. */
  async kill(): Promise<number | string> {
    this.child?.kill('SIGKILL');
    return this.exited;
  }

  async stop(): Promise<void> {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGTERM');
      await this.exited;
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** Runs the shipped operator CLI (`node dist/cli.js …`) with the instances' environment. */
export async function cli(env: NodeJS.ProcessEnv, args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [CLI_ENTRY, ...args], {
    cwd: serverDir,
    env: { ...process.env, ...env },
  });
  return stdout.trim();
}

/** One line of HAProxy's log: which server answered a request, and how it ended. */
export interface ProxyLogLine {
  requestId: string;
  server: string;
  status: number;
  /** HAProxy's termination state, e.g. `--` (normal), `SH` (server aborted mid-answer). */
  termination: string;
}

/**
 * Debian's HAProxy in front of the instances, started with a generated configuration: round
 * robin, /readyz health checks every 500 ms, a connection refused is retried on another server
 * (the request never reached an instance, so nothing can be written twice), each answer marked
 * with `X-Instance`, and a log line per request with the client's `X-Request-Id`.
 */
export async function startHaproxy(backends: Array<{ name: string; port: number }>) {
  if (!existsSync(HAPROXY)) {
    throw new Error(`HAProxy no está instalado (${HAPROXY}): apt-get install -y haproxy`);
  }
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'extranet-haproxy-'));
  const config = path.join(dir, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'global',
      '  log stdout format raw local0',
      '  maxconn 512',
      'defaults',
      '  mode http',
      '  log global',
      '  timeout connect 2s',
      '  timeout client 60s',
      '  timeout server 60s',
      // No kept-alive connection to the instances: a request that arrives after an instance
      // died then meets a refused connect, which HAProxy retries on another instance (the
      // request was never sent), instead of a dead idle connection.
      '  option http-server-close',
      '  retries 3',
      '  option redispatch 1',
      'frontend api',
      `  bind 127.0.0.1:${port}`,
      '  capture request header X-Request-Id len 64',
      '  log-format "rid=%[capture.req.hdr(0)] srv=%s st=%ST ts=%tsc"',
      '  default_backend instances',
      'backend instances',
      '  balance roundrobin',
      '  option httpchk GET /readyz',
      '  http-check expect status 200',
      // A busy machine answers slowly: only a refused connection or 3 failed checks mark it down.
      '  timeout check 3s',
      '  default-server inter 500ms fall 3 rise 2',
      '  http-response set-header X-Instance %s',
      ...backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`),
      '',
    ].join('\n'),
  );
  const child = spawn(HAPROXY, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  /** When HAProxy reported each server down (first time), epoch ms. */
  const downAt = new Map<string, number>();
  const collect = (chunk: Buffer) => {
    log += chunk.toString();
    for (const match of chunk.toString().matchAll(/Server instances\/(\S+) is DOWN/g)) {
      if (!downAt.has(match[1]!)) downAt.set(match[1]!, Date.now());
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    'HAProxy',
    async () => {
      if (child.exitCode !== null) throw new Error(`HAProxy terminó:\n${log}`);
      return (await fetch(`${url}/readyz`)).ok;
    },
    20_000,
  );
  return {
    url,
    /** Parsed request lines of the log so far, by request id. */
    requests(): Map<string, ProxyLogLine> {
      const lines = new Map<string, ProxyLogLine>();
      for (const match of log.matchAll(/rid=(\S+) srv=(\S+) st=(-?\d+) ts=(\S+)/g)) {
        lines.set(match[1]!, {
          requestId: match[1]!,
          server: match[2]!,
          status: Number(match[3]),
          termination: match[4]!,
        });
      }
      return lines;
    },
    downAt,
    output: () => log,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
