// `node bench/profile.mjs [--db sqlite|postgres] [--size 10000] [--duration 10] [--port 3320]
// [--url /api/proveedores/transportes?limit=50] [--top 40]`: CPU profile of the built server
// (`node --cpu-prof`) under load on one URL with the bench carrier's session, summed by
// function (self time, and time included) and by package, over the samples taken under load
// only. Prints only; the profile file stays in a temp dir.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    size: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    port: { type: 'string', default: '3320' },
    url: { type: 'string', default: '/api/proveedores/transportes?limit=50' },
    top: { type: 'string', default: '40' },
    'admin-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    'node-flags': { type: 'string', default: '' },
  },
});
const CLAVE = 'bench-clave-1234';
const PORT = Number(values.port);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'extranet-profile-'));
const profDir = mkdtempSync(path.join(os.tmpdir(), 'extranet-cpuprof-'));
const env = { ...process.env, DATA_DIR: dataDir };
const DB_NAME = 'extranet_profile';
if (values.db === 'postgres') {
  const admin = new pg.Client({ connectionString: values['admin-url'] });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  await admin.end();
  const url = new URL(values['admin-url']);
  url.pathname = `/${DB_NAME}`;
  env.DATABASE_URL = url.toString();
}
const n = values.size;
execFileSync(
  'npm',
  ['run', 'db:bulk', '--silent', '--', '--transportes', n, '--portes', n, '--clave', CLAVE],
  { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] },
);
const { openDatabase } = await import(path.join(root, 'apps/server/dist/db/connection.js'));
const handle = openDatabase({
  databaseUrl: env.DATABASE_URL,
  sqliteFile: path.join(dataDir, 'extranet.sqlite'),
});
const { email } = await handle.db
  .selectFrom('usuarios')
  .select('email')
  .where('email', 'like', 'bench-proveedor-%@bulk.local')
  .executeTakeFirstOrThrow();
await handle.close();

const server = spawn(
  process.execPath,
  [
    '--cpu-prof',
    `--cpu-prof-dir=${profDir}`,
    ...values['node-flags'].split(' ').filter(Boolean),
    path.join(root, 'apps/server/dist/server.js'),
  ],
  {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
// Never left behind: whatever fails below, the server ends with this process.
process.on('exit', () => server.kill('SIGKILL'));
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {
    if (i > 600) throw new Error('el servidor no arranca');
  }
  await new Promise((r) => setTimeout(r, 100));
}
const jar = new Map();
const take = (res) => {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
  }
};
const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
take(await fetch(`${base}/api/auth`));
const login = await fetch(`${base}/api/proveedores/login`, {
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    cookie: cookie(),
    'x-csrf-token': jar.get('csrf-token'),
  },
  body: JSON.stringify({ usuario: email, clave: CLAVE, dregion: 'es' }),
});
if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
take(login);
// The profile's clock is the monotonic one in µs: only the samples taken under load count.
const loadStart = Number(process.hrtime.bigint() / 1000n);
const result = await autocannon({
  url: `${base}${values.url}`,
  connections: Number(values.connections),
  duration: Number(values.duration),
  headers: { cookie: cookie() },
});
const loadEnd = Number(process.hrtime.bigint() / 1000n);
console.log(`${result.requests.total} peticiones, ${result.non2xx} no 2xx`);
const exited = new Promise((r) => server.once('exit', r));
server.kill('SIGTERM');
await exited;
if (values.db === 'postgres') {
  const admin = new pg.Client({ connectionString: values['admin-url'] });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.end();
}

// ---------- summary ----------
const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
const profile = JSON.parse(readFileSync(path.join(profDir, file), 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const dt = new Map();
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  at += profile.timeDeltas[i] ?? 0;
  if (at < loadStart || at > loadEnd) continue;
  dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const total = [...dt.values()].reduce((a, b) => a + b, 0);
const idle = [...byId.values()]
  .filter((node) => node.callFrame.functionName === '(idle)')
  .reduce((a, node) => a + (dt.get(node.id) ?? 0), 0);
const busy = total - idle;
const where = (cf) => {
  const url = cf.url.replace(/^file:\/\//, '');
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.includes('/apps/server/dist/')) return `server:${url.split('/apps/server/dist/')[1]}`;
  if (url.includes('/packages/contracts/')) return 'contracts';
  return url.startsWith('node:') ? 'node' : url || cf.functionName;
};
const byFunction = new Map();
const byPackage = new Map();
for (const node of byId.values()) {
  const t = dt.get(node.id) ?? 0;
  if (!t || node.callFrame.functionName === '(idle)') continue;
  const cf = node.callFrame;
  const fnKey = `${cf.functionName || '(anónima)'} ${where(cf)}:${cf.lineNumber + 1}`;
  byFunction.set(fnKey, (byFunction.get(fnKey) ?? 0) + t);
  const pkg = where(cf).replace(/^server:([^/]+\/[^/]+|[^/]+).*/, 'server:$1');
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + t);
}
// Inclusive: each sample counted once for every distinct function on its stack.
const parent = new Map();
for (const node of byId.values())
  for (const child of node.children ?? []) parent.set(child, node.id);
const inclusive = new Map();
for (const node of byId.values()) {
  const t = dt.get(node.id) ?? 0;
  if (!t || node.callFrame.functionName === '(idle)') continue;
  const seen = new Set();
  for (let id = node.id; id !== undefined; id = parent.get(id)) {
    const cf = byId.get(id).callFrame;
    const key = `${cf.functionName || '(anónima)'} ${where(cf)}:${cf.lineNumber + 1}`;
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + t);
  }
}
const perReq = (t) => (t / result.requests.total).toFixed(1);
const pct = (t) => ((100 * t) / busy).toFixed(1);
console.log(
  `\nOcupado ${(busy / 1e6).toFixed(2)} s de ${(total / 1e6).toFixed(2)} s; ${perReq(busy)} µs por petición (perfilado)\n`,
);
console.log('Por paquete (tiempo propio):');
for (const [k, t] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(`  ${pct(t).padStart(5)}%  ${perReq(t).padStart(6)} µs  ${k}`);
console.log('\nPor función (tiempo propio):');
for (const [k, t] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top)))
  console.log(`  ${pct(t).padStart(5)}%  ${perReq(t).padStart(6)} µs  ${k}`);
console.log('\nPor función (tiempo incluido, sin las del paquete node ni anónimas):');
for (const [k, t] of [...inclusive]
  .filter(([k]) => !k.startsWith('(anónima)') && !k.startsWith('(root)'))
  .sort((a, b) => b[1] - a[1])
  .slice(0, Number(values.top)))
  console.log(`  ${pct(t).padStart(5)}%  ${perReq(t).padStart(6)} µs  ${k}`);
console.log(`\nPerfil: ${path.join(profDir, file)}`);
