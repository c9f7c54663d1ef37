import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';
import { DEMO_PASSWORD } from '../db/seed/demo.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A port the OS says is free right now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface RealServer {
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
  output(): string;
}

/**
 * The real server (src/server.ts with tsx's loader, as `npm run dev` without watch) in its own
 * process on a free port, with a temporary data directory; resolves once /healthz answers.
 */
export async function startRealServer(
  env: NodeJS.ProcessEnv = {},
  args: string[] = ['--demo'],
): Promise<RealServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'extranet-fault-'));
  // One process, node with tsx's loader: through the `tsx` command the server would be its
  // child, and a SIGKILL would kill the command and leave the server running.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', 'src/server.ts', ...args],
    {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SESSION_SECRET: 'fault-secret-fault-secret-fault-secret-01',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const url = `http://127.0.0.1:${port}`;
  // A refused connection means it is not listening yet.
  const ready = () =>
    fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
  try {
    await vi.waitUntil(async () => child.exitCode !== null || (await ready()), {
      timeout: 60_000,
      interval: 100,
    });
  } catch {
    child.kill('SIGKILL');
    throw new Error(`el servidor no arrancó en 60 s:\n${output}`);
  }
  if (child.exitCode !== null) throw new Error(`el servidor terminó al arrancar:\n${output}`);
  return { url, dataDir, child, exited, output: () => output };
}

/** Cookies and CSRF token of a real-HTTP login, to send on later requests. */
export interface RealSession {
  cookie: string;
  csrf: string;
}

function mergeCookies(jar: Map<string, string>, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
  }
}

/** Logs in through the API as a browser would: GET /api/auth for the CSRF cookie, then POST. */
export async function loginOverHttp(
  url: string,
  email: string,
  portal: 'clientes' | 'proveedores',
  clave = DEMO_PASSWORD,
): Promise<RealSession> {
  const jar = new Map<string, string>();
  const header = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  mergeCookies(jar, await fetch(`${url}/api/auth`));
  const res = await fetch(
    `${url}${portal === 'proveedores' ? '/api/proveedores/login' : '/api/login'}`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: header(),
        'x-csrf-token': jar.get('csrf-token') ?? '',
      },
      body: JSON.stringify({ usuario: email, clave, dregion: 'es' }),
    },
  );
  if (res.status !== 200) throw new Error(`login de ${email}: ${res.status} ${await res.text()}`);
  mergeCookies(jar, res);
  return { cookie: header(), csrf: jar.get('csrf-token') ?? '' };
}
