// `npm run bench [-- --sizes 10k,1m --db sqlite,postgres --duration 10 --escenarios api,pings,condicionales,pares --write]`
// (pings: `--enlaces 2000 --perfil <folder>`; pares and pings: `--rondas 3`):
// benchmarks against the built server (run `npm run build` first). With --write, writes its
// sections of docs/benchmarks.md (api, pings, condicionales); without it, only prints them.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDist = path.join(root, 'apps/server/dist');
const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10k,1m' },
    db: { type: 'string', default: 'sqlite,postgres' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'admin-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    port: { type: 'string', default: '3310' },
    // api: lists, pages and uploads; pings: the driver's position batches (issue 17).
    // pares: the product against hand-written peers (issue 21), CPU per request by rounds.
    escenarios: { type: 'string', default: 'api,pings,condicionales,pares' },
    rondas: { type: 'string', default: '3' },
    // pares: more product processes to compare, `;`-separated: node flags and VAR=value.
    variantes: { type: 'string', default: '' },
    enlaces: { type: 'string', default: '2000' },
    // pings: the server writes a CPU profile (node --cpu-prof) into this folder, to read in
    // Chrome DevTools or with bench/profile.mjs's summary.
    perfil: { type: 'string' },
    // Writes the sections into docs/benchmarks.md (the only way that file is generated).
    write: { type: 'boolean', default: false },
  },
});
const SCENARIOS = new Set(values.escenarios.split(',').map((s) => s.trim()));
const SIZES = values.sizes.split(',').map((s) => {
  const m = /^(\d+)(k|m)?$/i.exec(s.trim());
  if (!m) throw new Error(`--sizes: ${s} no es un tamaño (10k, 1m, 5000)`);
  return { label: s.trim(), n: Number(m[1]) * ({ k: 1e3, m: 1e6 }[m[2]?.toLowerCase()] ?? 1) };
});
const DBS = values.db.split(',').map((s) => s.trim());
const DURATION = Number(values.duration);
// Measured rounds per case (pares, pings): the median is reported, with the spread.
const RONDAS = Number(values.rondas);
const CONNECTIONS = Number(values.connections);
const PORT = Number(values.port);
const CLAVE = 'bench-clave-1234';
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
/** A figure for the tables, in Spanish (`1.234,5`), with `d` decimals. */
const fmtN = (n, d = 0) =>
  n.toLocaleString('es', { maximumFractionDigits: d, minimumFractionDigits: d });
/** The spread of the rounds' figures: `mín.–máx.`. */
const fmtRange = (xs, d = 0) => `${fmtN(Math.min(...xs), d)}–${fmtN(Math.max(...xs), d)}`;
/** The rounds' median and spread: `mediana (mín.–máx.)`. */
const fmtMedianRange = (xs, d = 0) => `${fmtN(median(xs), d)} (${fmtRange(xs, d)})`;
const DEEP_ROWS = 20_000;
// The page size the web app requests (the targets are about the UI's real request, not the
// API's maximum of 200): read from its source so the two cannot drift apart.
const PAGE = Number(
  /TRANSPORTES_PAGE_SIZE = (\d+)/.exec(
    readFileSync(
      path.join(root, 'apps/web/src/features/transportes/api/get-transportes.ts'),
      'utf8',
    ),
  )?.[1],
);
const HISTORICO_PAGE = Number(
  /HISTORICO_PAGE_SIZE = (\d+)/.exec(
    readFileSync(path.join(root, 'apps/web/src/features/portes/api/get-historico.ts'), 'utf8'),
  )?.[1],
);
if (!(PAGE > 0 && HISTORICO_PAGE > 0))
  throw new Error('No se encuentra el tamaño de página de la web');

// Targets (issue 7). Each check below compares measured values against these.
const TARGET = {
  listRatio: 0.25,
  listP99Ms: 50,
  authRatio: 0.5,
  deepVsFirst: 1.2,
  bigVsSmall: 1.5,
  uploadRssMb: 30,
};

if (!existsSync(path.join(serverDist, 'server.js'))) {
  console.error('Falta apps/server/dist/server.js: ejecute antes `npm run build`.');
  process.exit(1);
}
const { openDatabase } = await import(path.join(serverDist, 'db/connection.js'));
const { historialQuery } = await import(path.join(serverDist, 'modules/transportes/repository.js'));
const { historicoQuery } = await import(path.join(serverDist, 'modules/portes/repository.js'));
const { createEnlaceConductor } = await import(
  path.join(serverDist, 'modules/conductor/service.js')
);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (...args) => console.log(...args);

async function waitHttp(url, child) {
  // Up to 3 min: on a loaded shared machine a server can take a minute to start.
  for (let i = 0; i < 1800; i++) {
    if (child.exitCode !== null) throw new Error(`el proceso terminó al arrancar (${url})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${url} no responde`);
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

/** CPU time (user + system) a process has used so far, in ms (Linux, 100 ticks/s). */
function cpuMs(pid) {
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Load on one URL; `expected` is the status family (or exact status) a success answers. With
 * `pid`, also the server's CPU time per request: what a request costs whatever else the
 * machine runs (req/s on a shared machine measures the neighbours too).
 */
async function measure(url, headers = {}, expected = '2', pid = undefined) {
  const cpuBefore = pid ? cpuMs(pid) : 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
  });
  // What the errors were: HTTP statuses other than the expected, timeouts, socket errors.
  const unexpected = Object.entries(result.statusCodeStats ?? {}).filter(
    ([code]) => !code.startsWith(expected),
  );
  const errors =
    result.errors + result.timeouts + unexpected.reduce((n, [, { count }]) => n + count, 0);
  const causes = unexpected.map(([code, { count }]) => `HTTP ${code} ×${count}`);
  if (result.timeouts) causes.push(`tiempo agotado ×${result.timeouts}`);
  if (result.errors > result.timeouts) causes.push(`socket ×${result.errors - result.timeouts}`);
  return {
    ...(pid ? { cpuUsPerReq: ((cpuMs(pid) - cpuBefore) * 1000) / result.requests.total } : {}),
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
    causes: causes.join(', '),
  };
}

// ---------- data ----------

async function adminQuery(text) {
  const client = new pg.Client({ connectionString: values['admin-url'] });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

function pgUrl(name) {
  const url = new URL(values['admin-url']);
  url.pathname = `/${name}`;
  return url.toString();
}

async function prepare(dbName, size, extra = []) {
  const env = { ...process.env };
  let dataDir = mkdtempSync(path.join(os.tmpdir(), 'extranet-bench-'));
  if (dbName === 'postgres') {
    await adminQuery('drop database if exists extranet_bench with (force)');
    await adminQuery('create database extranet_bench');
    env.DATABASE_URL = pgUrl('extranet_bench');
  }
  env.DATA_DIR = dataDir;
  const started = Date.now();
  execFileSync(
    'npm',
    [
      'run',
      'db:bulk',
      '--silent',
      '--',
      '--transportes',
      String(size.n),
      '--portes',
      String(size.n),
      '--facturas',
      String(Math.ceil(size.n / 2)),
      '--clave',
      CLAVE,
      ...extra,
    ],
    { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const seconds = (Date.now() - started) / 1000;
  const handle = openDatabase({
    databaseUrl: env.DATABASE_URL,
    sqliteFile: path.join(dataDir, 'extranet.sqlite'),
  });
  const users = await handle.db
    .selectFrom('usuarios as u')
    .leftJoin('usuarios_proveedores as up', 'up.usuario_id', 'u.id')
    .leftJoin('usuarios_clientes as uc', 'uc.usuario_id', 'u.id')
    .select(['u.email', 'up.proveedor_id', 'uc.cliente_id'])
    .where('u.email', 'like', 'bench-%@bulk.local')
    .execute();
  return {
    env,
    dataDir,
    handle,
    seconds,
    proveedor: users.find((u) => u.proveedor_id !== null),
    cliente: users.find((u) => u.cliente_id !== null),
  };
}

// ---------- HTTP ----------

async function login(base, email, portal) {
  const jar = new Map();
  const take = (res) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  take(await fetch(`${base}/api/auth`));
  const res = await fetch(
    `${base}${portal === 'proveedores' ? '/api/proveedores/login' : '/api/login'}`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: cookie(),
        'x-csrf-token': jar.get('csrf-token'),
      },
      body: JSON.stringify({ usuario: email, clave: CLAVE, dregion: 'es' }),
    },
  );
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  take(res);
  return { cookie: cookie(), csrf: jar.get('csrf-token') };
}

async function getJson(url, session) {
  const res = await fetch(url, { headers: { cookie: session.cookie } });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * Follows the real keyset cursor DEEP_ROWS rows down, or to the last page when the list is
 * shorter; returns that page's cursor and how many rows lie above it. A list of one page has
 * no cursor at all (the old `cursor=undefined` was a 400 on every request of the run).
 */
async function deepCursor(base, pathAndQuery, session) {
  let cursor;
  let rows = 0;
  for (;;) {
    const sep = pathAndQuery.includes('?') ? '&' : '?';
    const page = await getJson(
      `${base}${pathAndQuery}${sep}limit=${PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      session,
    );
    if (!page.nextCursor) return { cursor, rows };
    rows += page.items.length;
    cursor = page.nextCursor;
    if (rows >= DEEP_ROWS) return { cursor, rows };
  }
}

/** `&cursor=…`, or nothing for a list whose "deep" page is its first. */
const cursorParam = (cursor) => (cursor ? `&cursor=${encodeURIComponent(cursor)}` : '');

async function uploadRss(base, session, pid) {
  const pending = await getJson(`${base}/api/proveedores/albaranes-pendientes?limit=1`, session);
  const leg = pending.items[0]?.subpartidas[0]?.id;
  if (!leg) return undefined;
  const content = Buffer.alloc(20 * 1024 * 1024 - 64, 0x20);
  Buffer.from('%PDF-1.4\n').copy(content);
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'application/pdf' }), 'cmr-20mb.pdf');
  const before = rssMb(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const started = performance.now();
  const res = await fetch(`${base}/api/proveedores/subpartidas/${leg}/cmr`, {
    method: 'POST',
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
    body: form,
  });
  const ms = performance.now() - started;
  clearInterval(timer);
  peak = Math.max(peak, rssMb(pid));
  return { status: res.status, ms, growthMb: peak - before };
}

// ---------- plans ----------

async function plans(dbName, prep) {
  const db = prep.handle.db;
  const today = new Date().toISOString().slice(0, 10);
  const year = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const queries = {
    'transportes (primera página)': historialQuery(
      db,
      prep.proveedor.proveedor_id,
      {},
      undefined,
      PAGE,
    ),
    'transportes (cursor, fechas y estado)': historialQuery(
      db,
      prep.proveedor.proveedor_id,
      { fechaDesde: year, fechaHasta: today, estado: 'entregado' },
      [year, 1_000_000_000],
      PAGE,
    ),
    'histórico de portes (fechas)': historicoQuery(
      db,
      prep.cliente.cliente_id,
      { fechaDesde: year, fechaHasta: today },
      undefined,
      HISTORICO_PAGE,
    ),
  };
  const out = [];
  for (const [name, query] of Object.entries(queries)) {
    const { sql, parameters } = query.compile();
    let plan;
    if (dbName === 'sqlite') {
      const { rows } = await db.executeQuery({
        sql: `explain query plan ${sql}`,
        parameters,
        query: { kind: 'RawNode' },
      });
      plan = rows.map((r) => `${r.id}|${r.parent} ${r.detail}`).join('\n');
    } else {
      const { rows } = await db.executeQuery({
        sql: `explain ${sql}`,
        parameters,
        query: { kind: 'RawNode' },
      });
      plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    }
    // The issue's rule: the rows come through an index, and the whole table is never sorted (a
    // sort above a sequential scan, or SQLite's temporary B-tree over a full SCAN). A sort of
    // the rows the index found (one carrier's, when the planner expects few) is reported.
    const usesIndex =
      dbName === 'sqlite'
        ? /USING (COVERING )?INDEX/.test(plan)
        : /Index (Only )?Scan|Bitmap Index Scan/.test(plan);
    const sorts =
      dbName === 'sqlite' ? /TEMP B-TREE FOR ORDER BY/.test(plan) : /\bSort\b/.test(plan);
    const fullSort =
      sorts && (dbName === 'sqlite' ? /^\S+ SCAN /m.test(plan) : /Seq Scan/.test(plan));
    const sortedRows = /Sort\s+\(cost=\S+ rows=(\d+)/.exec(plan)?.[1];
    out.push({ name, plan, usesIndex, fullSort, sorts, sortedRows });
  }
  return out;
}

// ---------- database floor ----------

const FLOOR_RUNS = 2000;

/**
 * Each list's page query alone, run one after another in this process through the server's own
 * repository code: what the database needs per page before HTTP, the session and JSON. A
 * server doing nothing else could answer at most 1e6 / µs pages a second: the ceiling that the
 * endpoint's ratio to the baseline cannot pass.
 */
async function databaseFloor(prep) {
  const db = prep.handle.db;
  const year = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  const queries = {
    'transportes, 1.ª página': () =>
      historialQuery(db, prep.proveedor.proveedor_id, {}, undefined, PAGE + 1).execute(),
    'histórico cliente con fechas': () =>
      historicoQuery(
        db,
        prep.cliente.cliente_id,
        { fechaDesde: year, fechaHasta: today },
        undefined,
        HISTORICO_PAGE + 1,
      ).execute(),
  };
  const out = [];
  for (const [name, run] of Object.entries(queries)) {
    for (let i = 0; i < FLOOR_RUNS / 10; i++) await run();
    const started = performance.now();
    for (let i = 0; i < FLOOR_RUNS; i++) await run();
    const us = ((performance.now() - started) * 1000) / FLOOR_RUNS;
    out.push({ name, us, maxRps: 1e6 / us });
  }
  return out;
}

// ---------- run ----------

function startServer(env, { port = PORT, nodeFlags = [] } = {}) {
  const child = spawn(process.execPath, [...nodeFlags, path.join(serverDist, 'server.js')], {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

// ---------- driver pings (issue 17) ----------

// "A few thousand pings/s on one instance" (issue 17, done when).
const TARGET_PINGS_POR_SEGUNDO = 3000;
const PINGS_POR_LOTE = 10;

/**
 * Live transports of the bench carrier, each with one shipment (Madrid → Zaragoza, with
 * coordinates, so every batch recomputes a real ETA) and a driver link made by the server's
 * own service; returns the links' tokens.
 */
async function driverLinks(prep, count) {
  const db = prep.handle.db;
  const hoy = new Date().toISOString().slice(0, 10);
  const manana = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const lugares = {
    origen_poblacion: 'Madrid',
    origen_cp: '28021',
    origen_pais_iso: 'ES',
    destino_poblacion: 'Zaragoza',
    destino_cp: '50197',
    destino_pais_iso: 'ES',
  };
  const tokens = [];
  for (let i = 0; i < count; i++) {
    const porte = await db
      .insertInto('portes')
      .values({
        ...lugares,
        partida: `BENCH-PING-${i}`,
        cliente_id: prep.cliente.cliente_id,
        origen_lat: 40.4168,
        origen_lng: -3.7038,
        destino_lat: 41.6488,
        destino_lng: -0.8891,
        fecha_carga_prevista: hoy,
        fecha_entrega_prevista: manana,
        bultos: 10,
        peso_kg: 5000,
        p_facturable_kg: 5000,
        estado: 'en_transito',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const t = await db
      .insertInto('transportes')
      .values({
        ...lugares,
        proveedor_id: prep.proveedor.proveedor_id,
        referencia: `BENCH-PING-${i}`,
        matricula: '0000BCH',
        conductor: 'Bench',
        fecha_carga: hoy,
        fecha_descarga: manana,
        importe_centimos: 50_000,
        estado: 'en_transito',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('subpartidas')
      .values({
        transporte_id: t.id,
        numero: 1,
        porte_id: porte.id,
        origen_poblacion: 'Madrid',
        destino_poblacion: 'Zaragoza',
        bultos: 10,
        peso_kg: 5000,
      })
      .execute();
    const enlace = await createEnlaceConductor(
      db,
      { publicUrl: 'http://bench.invalid' },
      { proveedorId: prep.proveedor.proveedor_id, usuarioId: null, ip: '127.0.0.1' },
      t.id,
    );
    tokens.push(new URL(enlace.url).pathname.split('/').at(-1));
  }
  return tokens;
}

/**
 * POST /api/conductor/:token/posiciones with batches of PINGS_POR_LOTE fresh pings, round robin
 * over the links, each link from its own address (X-Forwarded-For behind TRUST_PROXY: phones
 * do not share one, and the per-address limit of 60 calls a minute stays out of the way), for
 * DURATION or `amount` batches; `seq` carries the round on from an earlier call.
 */
async function measurePings(base, tokens, { seq = { n: 0 }, amount } = {}) {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    ...(amount ? { amount } : { duration: DURATION }),
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const n = seq.n++;
          const k = n % tokens.length;
          const vuelta = Math.floor(n / tokens.length);
          const now = Date.now();
          const posiciones = Array.from({ length: PINGS_POR_LOTE }, (_, j) => ({
            id: `${n}-${j}`,
            // A truck creeping north-east of Madrid: metres between pings, never a jump.
            lat: 40.4168 + vuelta * 0.001 + j * 0.0001,
            lng: -3.7038 + vuelta * 0.001 + j * 0.0001,
            precision_m: 10,
            tomada_at: new Date(now - (PINGS_POR_LOTE - 1 - j) * 1000).toISOString(),
          }));
          return {
            ...req,
            path: `/api/conductor/${tokens[k]}/posiciones`,
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`,
            },
            body: JSON.stringify({ posiciones }),
          };
        },
      },
    ],
  });
  return {
    ok: result['2xx'],
    seconds: result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    statuses: Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, { count }]) => `HTTP ${code} ×${count}`)
      .join(', '),
  };
}

/** Pings stored so far. */
async function pingsGuardados(db) {
  const row = await db
    .selectFrom('posiciones_conductor')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function pingScenario() {
  const started = Date.now();
  const enlaces = Number(values.enlaces);
  const rows = [];
  const checks = [];
  try {
    for (const dbName of DBS) {
      log(`\n== posiciones ${dbName}: ${enlaces} enlaces del conductor…`);
      const prep = await prepare(dbName, { label: '10k', n: 10_000 });
      const server = startServer(
        { ...prep.env, TRUST_PROXY: 'true' },
        { nodeFlags: values.perfil ? ['--cpu-prof', `--cpu-prof-dir=${values.perfil}`] : [] },
      );
      try {
        const tokens = await driverLinks(prep, enlaces);
        await waitHttp(`http://127.0.0.1:${PORT}/healthz`, server);
        // Trucks already on the road: each link's first batch (its first ETA, a status
        // change told to the ERP) is sent before the measurement, which sees the steady state.
        const seq = { n: 0 };
        await measurePings(`http://127.0.0.1:${PORT}`, tokens, { seq, amount: tokens.length });
        // The freshly loaded tables analysed and flushed first: autovacuum and a checkpoint of
        // the bulk load would otherwise land inside one round and not another.
        if (dbName === 'postgres') {
          await prep.handle.pool.query('vacuum analyze');
          await prep.handle.pool.query('checkpoint');
        }
        const rondas = [];
        for (let i = 0; i < RONDAS; i++) {
          const before = await pingsGuardados(prep.handle.db);
          const r = await measurePings(`http://127.0.0.1:${PORT}`, tokens, { seq });
          const guardadas = (await pingsGuardados(prep.handle.db)) - before;
          rondas.push({ ...r, guardadas, porSegundo: guardadas / r.seconds });
        }
        const porSegundo = median(rondas.map((r) => r.porSegundo));
        const errors = rondas.reduce((n, r) => n + r.errors, 0);
        const statuses = rondas
          .map((r) => r.statuses)
          .filter(Boolean)
          .join(', ');
        rows.push({ dbName, rondas, porSegundo, errors, statuses });
        const contestadas = rondas.reduce((n, r) => n + r.ok * PINGS_POR_LOTE, 0);
        const guardadas = rondas.reduce((n, r) => n + r.guardadas, 0);
        checks.push(
          {
            ok: porSegundo >= TARGET_PINGS_POR_SEGUNDO,
            what: `${dbName}: ≥ ${fmtN(TARGET_PINGS_POR_SEGUNDO)} posiciones/s en una instancia (mediana de ${RONDAS} rondas: ${fmtN(porSegundo)})`,
          },
          {
            ok: errors === 0,
            what: `${dbName}: sin errores${statuses ? ` (${statuses})` : ''}`,
          },
          {
            // Batches still in flight when autocannon stops a round are stored but not counted
            // by it: in that round's rows or the next's, at most CONNECTIONS per round.
            ok:
              guardadas >= contestadas &&
              guardadas <= contestadas + RONDAS * CONNECTIONS * PINGS_POR_LOTE,
            what: `${dbName}: las ${fmtN(contestadas)} posiciones de los lotes contestados, guardadas (${fmtN(guardadas)} filas nuevas; ninguna rechazada)`,
          },
        );
      } finally {
        await stop(server);
        await prep.handle.close();
        rmSync(prep.dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    if (DBS.includes('postgres'))
      await adminQuery('drop database if exists extranet_bench with (force)').catch(
        () => undefined,
      );
  }
  const section = [
    '## Posiciones del conductor',
    '',
    ...benchHeader(
      started,
      `autocannon, ${CONNECTIONS} conexiones, ${RONDAS} rondas de ${DURATION} s por base de datos`,
    ),
    `- Carga: ${fmtN(enlaces)} transportes en ruta, cada uno con su enlace del conductor (creado por el servicio del servidor) y un porte con coordenadas, en una base con los 10.000 transportes y portes de \`db:bulk\`; \`POST /api/conductor/:token/posiciones\` con lotes de ${PINGS_POR_LOTE} posiciones nuevas, por turno entre los enlaces (antes de medir, un lote por enlace: camiones ya en ruta; en PostgreSQL, después, \`vacuum analyze\` y \`checkpoint\` de la carga), cada enlace desde su propia dirección (\`X-Forwarded-For\` con \`TRUST_PROXY=true\`, como móviles distintos). Cada lote se valida, se guarda y recalcula la ETA del transporte. Posiciones/s = filas nuevas en \`posiciones_conductor\` ÷ duración.`,
    '',
    `| Base de datos | posiciones guardadas/s (mediana) | mín.–máx. | lotes/s (mediana) | p50 ms (mediana) | p99 ms (máx.) | errores |`,
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => {
      const por = r.rondas.map((x) => x.porSegundo);
      return `| ${r.dbName} | ${fmtN(r.porSegundo)} | ${fmtRange(por)} | ${fmtN(median(r.rondas.map((x) => x.ok / x.seconds)))} | ${fmtN(median(r.rondas.map((x) => x.p50)))} | ${fmtN(Math.max(...r.rondas.map((x) => x.p99)))} | ${r.errors}${r.statuses ? ` (${r.statuses})` : ''} |`;
    }),
    '',
    '### Objetivos',
    '',
    ...checks.map((c) => `- ${c.ok ? '✅' : '❌'} ${c.what}`),
    '',
  ].join('\n');
  writeDocSection('pings', section);
  log(`\n${section}`);
  log(`${checks.filter((c) => !c.ok).length} objetivos sin cumplir.`);
}

/** The first lines of a section: date, commit, machine, command. */
function benchHeader(started, how) {
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root })
    .toString()
    .trim();
  const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: root }).toString().trim()
    ? ' (con cambios sin confirmar)'
    : '';
  const command = `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim();
  const es = (n, d) =>
    n.toLocaleString('es', { maximumFractionDigits: d, minimumFractionDigits: d });
  return [
    `- Fecha: ${new Date().toISOString()}; commit ${commit}${dirty}; duración total ${es((Date.now() - started) / 60_000, 1)} min.`,
    // The load average tells whether the machine was shared while the figures were taken.
    `- Máquina: ${os.cpus()[0]?.model ?? '?'} × ${os.cpus().length}, ${es(os.totalmem() / 2 ** 30, 1)} GB, ${os.platform()} ${os.release()}, Node ${process.version}; carga media al terminar ${os
      .loadavg()
      .map((l) => es(l, 1))
      .join(' / ')} (1, 5, 15 min).`,
    `- Orden: \`${command}\` (tras \`npm run build\`); ${how}; servidor real (\`apps/server/dist/server.js\`, LOG_LEVEL info) en 127.0.0.1.`,
  ];
}

/** Replaces a generated section between its markers in docs/benchmarks.md (or appends it). */
function writeDocSection(name, section) {
  const docPath = path.join(root, 'docs/benchmarks.md');
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  let doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Benchmarks\n';
  if (doc.includes(start) && doc.includes(end)) {
    doc =
      doc.slice(0, doc.indexOf(start) + start.length) +
      '\n' +
      section +
      doc.slice(doc.indexOf(end));
  } else {
    doc = `${doc.trimEnd()}\n\n${start}\n${section}${end}\n`;
  }
  if (!values.write) {
    log(`(sin --write: docs/benchmarks.md no se toca; sección «${name}» arriba)`);
    return;
  }
  writeFileSync(docPath, doc);
  // The generated tables pass `npm run lint` (prettier --check .) as they are written.
  execFileSync('npx', ['prettier', '--write', docPath], { cwd: root, stdio: 'ignore' });
  log(`docs/benchmarks.md: sección «${name}» actualizada.`);
}

/** Target of issue 21 point 4: a 304 costs at most this fraction of the full read. */
const TARGET_304_COST = 0.3;

/**
 * Conditional reads (issue 21 point 4, decision 014): each conditional endpoint read in full
 * and revalidated with its ETag (If-None-Match → 304), on each database. Cost of a 304 against
 * the full read = full req/s ÷ 304 req/s (the time a request holds the server).
 */
async function conditionalScenario() {
  const started = Date.now();
  const rows = [];
  const checks = [];
  const cargasPage = Number(
    /CARGAS_PAGE_SIZE = (\d+)/.exec(
      readFileSync(path.join(root, 'apps/web/src/features/cargas/api/get-cargas.ts'), 'utf8'),
    )?.[1],
  );
  const enCurso = Number(
    /EN_CURSO_MAX = (\d+)/.exec(
      readFileSync(path.join(root, 'apps/web/src/features/tracking/api/get-en-curso.ts'), 'utf8'),
    )?.[1],
  );
  try {
    for (const dbName of DBS) {
      for (const size of SIZES) {
        log(`\n== condicionales ${dbName} ${size.label}: generando datos…`);
        const prep = await prepare(dbName, size, ['--cargas', String(size.n)]);
        const server = startServer(prep.env);
        const base = `http://127.0.0.1:${PORT}`;
        try {
          await waitHttp(`${base}/healthz`, server);
          const carrier = await login(base, prep.proveedor.email, 'proveedores');
          const customer = await login(base, prep.cliente.email, 'clientes');
          const portesUrl = `${base}/api/clientes/portes?orden=fecha_carga_prevista_asc&limit=${enCurso}`;
          const portes = await getJson(portesUrl, customer);
          const partida = portes.items[0]?.partida;
          const reads = [
            ['listado de cargas', `${base}/api/proveedores/cargas?limit=${cargasPage}`, carrier],
            ['portes en curso (tracking)', portesUrl, customer],
            ...(partida
              ? [
                  [
                    'seguimiento de un porte',
                    `${base}/api/clientes/portes/${encodeURIComponent(partida)}/tracking`,
                    customer,
                  ],
                ]
              : []),
          ];
          for (const [name, url, session] of reads) {
            const first = await fetch(url, { headers: { cookie: session.cookie } });
            const etag = first.headers.get('etag');
            await first.arrayBuffer();
            if (!etag) throw new Error(`${url}: sin ETag`);
            log(`  ${name}…`);
            const full = await measure(url, { cookie: session.cookie }, '2', server.pid);
            const notModified = await measure(
              url,
              { cookie: session.cookie, 'if-none-match': etag },
              '304',
              server.pid,
            );
            const cost = notModified.cpuUsPerReq / full.cpuUsPerReq;
            rows.push({ dbName, size: size.label, name, full, notModified, cost });
            checks.push({
              what: `${dbName} ${size.label}: «${name}», un 304 cuesta ≤ ${fmtN(TARGET_304_COST, 1)}× la lectura completa (${fmtN(cost, 2)}×)`,
              ok: cost <= TARGET_304_COST,
            });
            checks.push({
              what: `${dbName} ${size.label}: «${name}» sin errores`,
              ok: full.errors === 0 && notModified.errors === 0,
            });
          }
        } finally {
          await stop(server);
          await prep.handle.close();
          rmSync(prep.dataDir, { recursive: true, force: true });
        }
      }
    }
  } finally {
    if (DBS.includes('postgres'))
      await adminQuery('drop database if exists extranet_bench with (force)').catch(
        () => undefined,
      );
  }
  const section = [
    '## Lecturas condicionales (ETag y 304)',
    '',
    ...benchHeader(started, `autocannon, ${CONNECTIONS} conexiones, ${DURATION} s por fila`),
    `- Datos de \`db:bulk\` (transportes, portes y cargas del tamaño indicado). Cada lectura, completa (200 con su cuerpo) y revalidada con su ETag (\`If-None-Match\` → 304, sin cuerpo: sesión, sección y una lectura de \`versiones\` por clave). Coste = CPU del proceso del servidor por petición (µs; en PostgreSQL sin la CPU del propio PostgreSQL); coste del 304 = su CPU por petición ÷ la de la lectura completa (decision 014). Las req/s dependen de lo que la máquina ejecute a la vez (véase la carga media).`,
    '',
    '| Base de datos | Tamaño | Lectura | completa: µs CPU/pet. | req/s | p50 ms | 304: µs CPU/pet. | req/s | p50 ms | coste del 304 | errores |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.dbName} | ${r.size} | ${r.name} | ${fmtN(r.full.cpuUsPerReq)} | ${fmtN(r.full.rps)} | ${r.full.p50} | ${fmtN(r.notModified.cpuUsPerReq)} | ${fmtN(r.notModified.rps)} | ${r.notModified.p50} | ${fmtN(r.cost, 2)}× | ${r.full.errors + r.notModified.errors}${r.full.causes || r.notModified.causes ? ` (${[r.full.causes, r.notModified.causes].filter(Boolean).join(', ')})` : ''} |`,
    ),
    '',
    '### Objetivos',
    '',
    ...checks.map((c) => `- ${c.ok ? '✅' : '❌'} ${c.what}`),
    '',
  ].join('\n');
  writeDocSection('condicionales', section);
  log(`\n${section}`);
}

// ---------- the hand-written peers (issue 21, points 1, 3 and 5) ----------

const { findSesion } = await import(path.join(serverDist, 'modules/sesiones/repository.js'));
const { hasRecurso } = await import(path.join(serverDist, 'modules/menus/repository.js'));
const { supplierResources } = await import(
  path.join(root, 'packages/contracts/dist/menus/menu.js')
);

/** Targets of issue 21 (ratios of CPU per request in one interleaved run). */
const TARGET_PEER = { listVsArrays: 1.0, authVsHealthz: 0.5, healthzVsHello: 0.6 };

/**
 * The SQL texts the server runs for the transport history page 1, taken from its own code: the
 * session and resource reads through a database whose `executeQuery` records what it is given,
 * the page from the repository's query builder. The peers run exactly these texts.
 */
async function productSql(prep) {
  const seen = [];
  const real = prep.handle.db;
  const recording = new Proxy(real, {
    get(target, prop) {
      if (prop === 'executeQuery') {
        return async (query) => {
          seen.push({ sql: query.sql, parameters: query.parameters });
          return { rows: [] };
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  await findSesion(recording, 'clave');
  await hasRecurso(recording, 7, 'proveedores', supplierResources.transportes);
  const page = historialQuery(real, 3, {}, undefined, PAGE + 1).compile();
  const [session, recurso] = seen;
  // The peers bind these parameters in this order; a change in the server's queries stops here.
  const expect = (what, actual, wanted) => {
    if (JSON.stringify(actual) !== JSON.stringify(wanted))
      throw new Error(
        `${what}: parámetros ${JSON.stringify(actual)}, el par espera ${JSON.stringify(wanted)}`,
      );
  };
  expect('sesión', session?.parameters, ['clave']);
  expect('recurso', recurso?.parameters, [7, 'proveedores', supplierResources.transportes, 1]);
  expect('página', page.parameters, [3, PAGE + 1]);
  return { session: session.sql, recurso: recurso.sql, page: page.sql };
}

function startPeer(prep, sql, port, mode) {
  return spawn(process.execPath, [path.join(root, 'bench/peer.mjs'), String(port), mode], {
    cwd: root,
    env: {
      ...prep.env,
      PEER_SQL: JSON.stringify(sql),
      PEER_RECURSO: supplierResources.transportes,
      PEER_SQLITE_FILE: path.join(prep.dataDir, 'extranet.sqlite'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Extra product processes (`--variantes "--max-semi-space-size=32;LOG_LEVEL=warn"`). */
const VARIANTS = (values.variantes ?? '')
  .split(';')
  .map((v) => v.trim())
  .filter(Boolean)
  .map((spec) => {
    const tokens = spec.split(/\s+/);
    const env = Object.fromEntries(
      tokens.filter((t) => /^[A-Z_]+=/.test(t)).map((t) => t.split(/=(.*)/s).slice(0, 2)),
    );
    return { spec, env, nodeFlags: tokens.filter((t) => !/^[A-Z_]+=/.test(t)) };
  });

/**
 * Product against the hand-written peers on the same database: rounds of every row in turn,
 * the order rotated each round, the CPU per request of the process that answered (utime +
 * stime from /proc ÷ requests), medians and spread.
 */
/**
 * CPU ms this process needs for a fixed loop: compared between runs, how much slower the machine
 * ran while the figures were taken (a shared virtual machine's /proc counts the time its CPUs
 * were given to others as the process's own).
 */
function calibrationMs() {
  const before = process.cpuUsage();
  let x = 0;
  for (let i = 0; i < 5e7; i++) x = (x + i) % 1_000_003;
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 + (x < 0 ? 1 : 0);
}

async function peerScenario() {
  const started = Date.now();
  const calibration = [calibrationMs()];
  const rounds = RONDAS;
  const tables = [];
  const checks = [];
  try {
    for (const dbName of DBS) {
      for (const size of SIZES) {
        log(`\n== pares ${dbName} ${size.label}: generando datos…`);
        const prep = await prepare(dbName, size);
        const sql = await productSql(prep);
        const ports = { product: PORT, hello: PORT + 1, objects: PORT + 2, arrays: PORT + 3 };
        const children = [];
        try {
          // One server starting at a time: several at once on a loaded machine start slowly.
          const product = startServer(prep.env);
          children.push(product);
          await waitHttp(`http://127.0.0.1:${ports.product}/healthz`, product);
          const objects = startPeer(prep, sql, ports.objects, 'objects');
          children.push(objects);
          const arrays = startPeer(prep, sql, ports.arrays, 'arrays');
          children.push(arrays);
          const hello = spawn(
            process.execPath,
            [path.join(root, 'bench/hello.mjs'), String(ports.hello)],
            {
              stdio: 'inherit',
            },
          );
          children.push(hello);
          const url = (port, p) => `http://127.0.0.1:${port}${p}`;
          await waitHttp(url(ports.objects, '/healthz'), objects);
          await waitHttp(url(ports.arrays, '/healthz'), arrays);
          await waitHttp(url(ports.hello, '/hello'), hello);
          const variants = [];
          for (const [i, v] of VARIANTS.entries()) {
            const child = startServer(
              { ...prep.env, ...v.env },
              { port: PORT + 4 + i, nodeFlags: v.nodeFlags },
            );
            children.push(child);
            const base = `http://127.0.0.1:${PORT + 4 + i}`;
            await waitHttp(`${base}/healthz`, child);
            variants.push({ ...v, child, base });
          }
          const carrier = await login(url(ports.product, ''), prep.proveedor.email, 'proveedores');
          const list = `/api/proveedores/transportes?limit=${PAGE}`;
          const headers = { cookie: carrier.cookie };
          // Same request, same bytes: the peers must answer exactly the product's body, and
          // refuse a request without the session as the product does.
          const body = async (u, h) => {
            const res = await fetch(u, { headers: h });
            return { status: res.status, text: await res.text() };
          };
          const expected = await body(url(ports.product, list), headers);
          if (expected.status !== 200 || JSON.parse(expected.text).items.length !== PAGE)
            throw new Error(`producto: ${expected.status} ${expected.text.slice(0, 200)}`);
          for (const [name, port] of [
            ['par (objetos)', ports.objects],
            ['par (arrays)', ports.arrays],
            ...variants.map((v) => [`producto ${v.spec}`, Number(new URL(v.base).port)]),
          ]) {
            const got = await body(url(port, list), headers);
            if (got.status !== 200 || got.text !== expected.text) {
              const at = [...got.text].findIndex((ch, i) => ch !== expected.text[i]);
              throw new Error(
                `${name}: la respuesta no es la del producto (HTTP ${got.status}; difiere en el carácter ${at}: «${got.text.slice(Math.max(0, at - 60), at + 60)}» frente a «${expected.text.slice(Math.max(0, at - 60), at + 60)}»)`,
              );
            }
            const anonymous = await body(url(port, list), {});
            if (anonymous.status !== 401)
              throw new Error(`${name}: sin sesión contesta ${anonymous.status}, no 401`);
          }
          const rows = [
            {
              key: 'product',
              name: 'producto: transportes, 1.ª página',
              pid: product.pid,
              url: url(ports.product, list),
              headers,
            },
            {
              key: 'objects',
              name: 'par a mano, filas como objetos',
              pid: objects.pid,
              url: url(ports.objects, list),
              headers,
            },
            {
              key: 'arrays',
              name: 'par a mano, filas como arrays',
              pid: arrays.pid,
              url: url(ports.arrays, list),
              headers,
            },
            {
              key: 'healthz',
              name: 'producto: GET /healthz',
              pid: product.pid,
              url: url(ports.product, '/healthz'),
              headers: {},
            },
            {
              key: 'auth',
              name: 'producto: GET /api/auth (con sesión)',
              pid: product.pid,
              url: url(ports.product, '/api/auth'),
              headers,
            },
            {
              key: 'hello',
              name: 'Fastify «hello» (bench/hello.mjs)',
              pid: hello.pid,
              url: url(ports.hello, '/hello'),
              headers: {},
            },
            ...variants.map((v) => ({
              key: `variant:${v.spec}`,
              name: `producto \`${v.spec}\`: transportes, 1.ª página`,
              pid: v.child.pid,
              url: `${v.base}${list}`,
              headers,
            })),
          ].map((r) => ({ ...r, cpu: [], rps: [], errors: 0, causes: new Set() }));
          for (let round = 0; round < rounds; round++) {
            const order = [
              ...rows.slice(round % rows.length),
              ...rows.slice(0, round % rows.length),
            ];
            log(`  ronda ${round + 1}/${rounds}: ${order.map((r) => r.key).join(', ')}`);
            for (const row of order) {
              const m = await measure(row.url, row.headers, '2', row.pid);
              row.cpu.push(m.cpuUsPerReq);
              row.rps.push(m.rps);
              row.errors += m.errors;
              if (m.causes) row.causes.add(m.causes);
            }
          }
          const by = Object.fromEntries(rows.map((r) => [r.key, r]));
          // Ratios within each round (the rows of one round ran seconds apart, under the same
          // load), then their median and spread: steadier than a ratio of medians.
          const ratios = (a, b) => by[a].cpu.map((x, i) => x / by[b].cpu[i]);
          const where = `${dbName} ${size.label}`;
          const listRatio = ratios('product', 'arrays');
          const authRatio = ratios('healthz', 'auth');
          const healthzRatio = ratios('hello', 'healthz');
          checks.push(
            {
              ok: median(listRatio) <= TARGET_PEER.listVsArrays,
              what: `${where}: transportes, 1.ª página ≤ ${fmtN(TARGET_PEER.listVsArrays, 1)}× la CPU por petición del par con arrays: ${fmtMedianRange(listRatio, 2)}×`,
            },
            {
              ok: median(authRatio) >= TARGET_PEER.authVsHealthz,
              what: `${where}: GET /api/auth ≥ ${fmtN(TARGET_PEER.authVsHealthz, 1)}× /healthz (CPU de /healthz ÷ CPU de /api/auth): ${fmtMedianRange(authRatio, 2)}×`,
            },
            {
              ok: median(healthzRatio) >= TARGET_PEER.healthzVsHello,
              what: `${where}: /healthz ≥ ${fmtN(TARGET_PEER.healthzVsHello, 1)}× hello (CPU de hello ÷ CPU de /healthz): ${fmtMedianRange(healthzRatio, 2)}×`,
            },
            ...rows.map((r) => ({
              ok: r.errors === 0,
              what: `${where}: ${r.name}, sin errores${r.causes.size ? ` (${[...r.causes].join(', ')})` : ''}`,
            })),
          );
          tables.push(
            `### ${dbName}, ${size.label} (${fmtN(size.n)} transportes; datos en ${fmtN(prep.seconds)} s)`,
            '',
            '| Fila | µs CPU/pet. (mediana) | mín.–máx. | × par con arrays, por ronda (mediana, mín.–máx.) | req/s (mediana) | mín.–máx. | errores |',
            '|---|---:|---:|---:|---:|---:|---:|',
            ...rows.map(
              (r) =>
                `| ${r.name} | ${fmtN(median(r.cpu))} | ${fmtRange(r.cpu)} | ${fmtMedianRange(ratios(r.key, 'arrays'), 2)} | ${fmtN(median(r.rps))} | ${fmtRange(r.rps)} | ${r.errors} |`,
            ),
            '',
          );
        } finally {
          for (const child of children) await stop(child);
          await prep.handle.close();
          rmSync(prep.dataDir, { recursive: true, force: true });
        }
      }
    }
  } finally {
    if (DBS.includes('postgres'))
      await adminQuery('drop database if exists extranet_bench with (force)').catch(
        () => undefined,
      );
  }
  calibration.push(calibrationMs());
  const section = [
    '## Producto frente a un servidor escrito a mano',
    '',
    ...benchHeader(
      started,
      `autocannon, ${CONNECTIONS} conexiones, ${DURATION} s por fila y ronda, ${rounds} rondas`,
    ),
    `- Pares (\`bench/peer.mjs\`): Fastify y el driver solos (better-sqlite3, \`pg\`), sobre la misma base de datos que el producto. Hacen el mismo trabajo por petición: la cookie \`sid\` → su sha256 → la fila de la sesión (caducidad por inactividad, absoluta y del enlace de acceso, como \`apps/server\`), el recurso del menú de la sección, la página (${PAGE} filas + 1) y su cursor. Ejecutan el texto SQL que compila el código del servidor (capturado por el banco) y contestan los mismos bytes: el banco compara el cuerpo de cada par con el del producto para la misma petición y se detiene si difieren. «Objetos»: filas como objetos del driver; «arrays»: \`statement.raw()\` / \`rowMode: 'array'\`, el objeto de la respuesta construido una vez.`,
    `- Rondas intercaladas: en cada ronda, cada fila una vez, el orden rotado una posición por ronda. Coste = CPU (utime + stime de \`/proc/<pid>/stat\`) del proceso que contesta ÷ peticiones; en PostgreSQL sin la CPU del propio PostgreSQL. Las req/s dependen de lo que la máquina ejecute a la vez (véase la carga media): la CPU por petición es la cifra que vale. Los cocientes de los objetivos son cocientes de CPU por petición (≈ cocientes de req/s con la CPU saturada).`,
    '',
    `- Calibración: un bucle fijo en el proceso del banco costó ${calibration.map((ms) => fmtN(ms)).join(' ms al empezar y ')} ms al terminar (compárese entre ejecuciones: cuanto más, más cargada la máquina); las cifras absolutas de CPU están infladas por lo que comparte la máquina; los cocientes de una misma ronda, mucho menos.`,
    '',
    ...tables,
    '### Objetivos',
    '',
    ...checks.map((c) => `- ${c.ok ? '✅' : '❌'} ${c.what}`),
    '',
  ].join('\n');
  writeDocSection('pares', section);
  log(`\n${section}`);
}

if (SCENARIOS.has('pares')) await peerScenario();
if (SCENARIOS.has('condicionales')) await conditionalScenario();
if (SCENARIOS.has('pings')) await pingScenario();
if (!SCENARIOS.has('api')) process.exit(0);

const startedAll = Date.now();
const hello = spawn(process.execPath, [path.join(root, 'bench/hello.mjs'), String(PORT + 1)], {
  stdio: 'inherit',
});
await waitHttp(`http://127.0.0.1:${PORT + 1}/hello`, hello);
log('Línea base (Fastify hello)…');
const baseline = await measure(`http://127.0.0.1:${PORT + 1}/hello`);
await stop(hello);

const runs = [];
try {
  for (const dbName of DBS) {
    for (const size of SIZES) {
      log(`\n== ${dbName} ${size.label}: generando datos…`);
      const prep = await prepare(dbName, size);
      const server = startServer(prep.env);
      const base = `http://127.0.0.1:${PORT}`;
      try {
        await waitHttp(`${base}/healthz`, server);
        const carrier = await login(base, prep.proveedor.email, 'proveedores');
        const customer = await login(base, prep.cliente.email, 'clientes');
        const desde = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
        const hasta = new Date().toISOString().slice(0, 10);
        const filtro = `fechaDesde=${desde}&fechaHasta=${hasta}&estado=entregado`;
        const deep = await deepCursor(base, '/api/proveedores/transportes', carrier);
        const deepF = await deepCursor(base, `/api/proveedores/transportes?${filtro}`, carrier);
        const historico = await getJson(
          `${base}/api/clientes/historico?fechaDesde=${desde}&fechaHasta=${hasta}`,
          customer,
        );
        const partida = historico.items[0]?.partida;
        const facturas = await getJson(`${base}/api/clientes/facturas`, customer);
        const facturaId = facturas.items[0]?.id;
        const c = { cookie: carrier.cookie };
        const k = { cookie: customer.cookie };
        const t = `${base}/api/proveedores/transportes?limit=${PAGE}`;
        const endpoints = [
          // Not a target: the real server's cost of any request (headers, hooks, log line).
          ['GET /healthz (servidor real, sin base de datos)', `${base}/healthz`, {}, 'ref'],
          ['GET /api/auth', `${base}/api/auth`, c, 'auth'],
          ['transportes, 1.ª página', t, c, 'list'],
          [
            `transportes, ${deep.rows.toLocaleString('es')} filas abajo`,
            `${t}${cursorParam(deep.cursor)}`,
            c,
            'list',
          ],
          ['transportes filtrados, 1.ª página', `${t}&${filtro}`, c, 'list'],
          [
            `transportes filtrados, ${deepF.rows.toLocaleString('es')} filas abajo`,
            `${t}&${filtro}${cursorParam(deepF.cursor)}`,
            c,
            'list',
          ],
          [
            'histórico cliente con fechas',
            `${base}/api/clientes/historico?limit=${HISTORICO_PAGE}&fechaDesde=${desde}&fechaHasta=${hasta}`,
            k,
            'list',
          ],
          ...(partida
            ? [
                [
                  'seguimiento de un porte',
                  `${base}/api/clientes/portes/${encodeURIComponent(partida)}/tracking`,
                  k,
                  'list',
                ],
              ]
            : []),
          ...(facturaId
            ? [['PDF de factura', `${base}/api/clientes/facturas/${facturaId}/pdf`, k, 'other']]
            : []),
        ];
        const results = [];
        for (const [name, url, headers, kind] of endpoints) {
          log(`  ${name}…`);
          results.push({ name, kind, ...(await measure(url, headers)) });
        }
        const upload = await uploadRss(base, carrier, server.pid);
        const plan = await plans(dbName, prep);
        const floor = await databaseFloor(prep);
        runs.push({
          floor,
          db: dbName,
          size,
          seconds: prep.seconds,
          results,
          upload,
          plan,
          deepRows: deep.rows,
        });
      } finally {
        await stop(server);
        await prep.handle.close();
        rmSync(prep.dataDir, { recursive: true, force: true });
      }
    }
  }
} finally {
  if (DBS.includes('postgres'))
    await adminQuery('drop database if exists extranet_bench with (force)').catch(() => undefined);
}

// ---------- checks and report ----------

const mark = (ok) => (ok ? '✅' : '❌');
const fmt = (n, d = 0) =>
  n.toLocaleString('es', { maximumFractionDigits: d, minimumFractionDigits: d });
const checks = [];
const lines = [];
for (const run of runs) {
  lines.push(
    `### ${run.db}, ${run.size.label} (${fmt(run.size.n)} transportes, portes; datos en ${fmt(run.seconds, 0)} s)`,
    '',
  );
  lines.push(
    '| Endpoint | req/s | p50 ms | p99 ms | × línea base | errores |',
    '|---|---:|---:|---:|---:|---:|',
  );
  for (const r of run.results) {
    const ratio = r.rps / baseline.rps;
    lines.push(
      `| ${r.name} | ${fmt(r.rps)} | ${r.p50} | ${r.p99} | ${fmt(ratio, 2)} | ${r.errors}${r.causes ? ` (${r.causes})` : ''} |`,
    );
    const where = `${run.db} ${run.size.label}: ${r.name}`;
    checks.push({
      what: `${where}: sin errores${r.causes ? ` (${r.causes})` : ''}`,
      ok: r.errors === 0,
    });
    if (r.kind === 'list') {
      checks.push({
        what: `${where}: ≥ ${TARGET.listRatio * 100}% de la línea base (${fmt(ratio * 100)}%)`,
        ok: ratio >= TARGET.listRatio,
      });
      checks.push({
        what: `${where}: p99 ≤ ${TARGET.listP99Ms} ms (${r.p99} ms)`,
        ok: r.p99 <= TARGET.listP99Ms,
      });
    }
    if (r.kind === 'auth') {
      checks.push({
        what: `${where}: ≥ ${TARGET.authRatio * 100}% de la línea base (${fmt(ratio * 100)}%)`,
        ok: ratio >= TARGET.authRatio,
      });
    }
  }
  if (run.size.n >= 1_000_000) {
    checks.push({
      what: `${run.db} ${run.size.label}: la página profunda está ${fmt(run.deepRows)} filas abajo (≥ ${fmt(DEEP_ROWS)}, por el cursor real)`,
      ok: run.deepRows >= DEEP_ROWS,
    });
  }
  const [first, deep, firstF, deepF] = run.results.filter((r) => r.name.startsWith('transportes'));
  for (const [a, b] of [
    [first, deep],
    [firstF, deepF],
  ]) {
    const factor = a.rps / b.rps;
    checks.push({
      what: `${run.db} ${run.size.label}: «${b.name}» a ≤ ${TARGET.deepVsFirst}× de la 1.ª (${fmt(factor, 2)}×)`,
      ok: factor <= TARGET.deepVsFirst,
    });
  }
  lines.push(
    '',
    `Suelo de la base de datos: la consulta de la página sola, ${fmt(FLOOR_RUNS)} veces seguidas en el proceso del banco (sin HTTP, sesión ni JSON).`,
    '',
    '| Consulta | µs por página | máx. páginas/s | × línea base |',
    '|---|---:|---:|---:|',
    ...run.floor.map(
      (f) => `| ${f.name} | ${fmt(f.us)} | ${fmt(f.maxRps)} | ${fmt(f.maxRps / baseline.rps, 2)} |`,
    ),
  );
  if (run.upload) {
    lines.push(
      '',
      `Subida de 20 MB (CMR): HTTP ${run.upload.status} en ${fmt(run.upload.ms)} ms; RSS +${fmt(run.upload.growthMb, 1)} MB.`,
    );
    checks.push({
      what: `${run.db} ${run.size.label}: subida de 20 MB aceptada`,
      ok: run.upload.status === 201,
    });
    checks.push({
      what: `${run.db} ${run.size.label}: RSS +${fmt(run.upload.growthMb, 1)} MB < ${TARGET.uploadRssMb} MB`,
      ok: run.upload.growthMb < TARGET.uploadRssMb,
    });
  }
  lines.push('');
  for (const p of run.plan) {
    const verdict = !p.usesIndex
      ? '❌ no usa índice'
      : p.fullSort
        ? '❌ ordena toda la tabla'
        : p.sorts
          ? `✅ por índice; ordena solo las filas que el índice encuentra${p.sortedRows ? ` (~${p.sortedRows} estimadas)` : ''}`
          : '✅ por índice, ya en orden';
    lines.push(
      `<details><summary>Plan: ${p.name} ${verdict}</summary>`,
      '',
      '```',
      p.plan,
      '```',
      '</details>',
      '',
    );
    checks.push({
      what: `${run.db} ${run.size.label}: plan «${p.name}» por índice, sin ordenar toda la tabla`,
      ok: p.usesIndex && !p.fullSort,
    });
  }
}
for (const db of DBS) {
  const small = runs.filter((r) => r.db === db).sort((a, b) => a.size.n - b.size.n);
  if (small.length < 2) continue;
  const [a, b] = [small[0], small.at(-1)];
  a.results.forEach((r, i) => {
    const big = b.results[i];
    if (!big || r.kind !== 'list') return;
    const factor = r.rps / big.rps;
    checks.push({
      what: `${db}: «${r.name}» con ${b.size.label} a ≤ ${TARGET.bigVsSmall}× de ${a.size.label} (${fmt(factor, 2)}×)`,
      ok: factor <= TARGET.bigVsSmall,
    });
  });
}

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root })
  .toString()
  .trim();
const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: root }).toString().trim()
  ? ' (con cambios sin confirmar)'
  : '';
const command = `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim();
const section = [
  '## API',
  '',
  `- Fecha: ${new Date().toISOString()}; commit ${commit}${dirty}; duración total ${fmt((Date.now() - startedAll) / 60_000, 1)} min.`,
  `- Máquina: ${os.cpus()[0]?.model ?? '?'} × ${os.cpus().length}, ${fmt(os.totalmem() / 2 ** 30, 1)} GB, ${os.platform()} ${os.release()}, Node ${process.version}.`,
  `- Orden: \`${command}\` (tras \`npm run build\`); autocannon, ${CONNECTIONS} conexiones, ${DURATION} s por endpoint; páginas de ${PAGE} filas (transportes) y ${HISTORICO_PAGE} (histórico), las que pide la web; servidor real (\`apps/server/dist/server.js\`, LOG_LEVEL info) en 127.0.0.1.`,
  `- Línea base: Fastify «hello» en su propio proceso: ${fmt(baseline.rps)} req/s, p50 ${baseline.p50} ms, p99 ${baseline.p99} ms.`,
  '',
  ...lines,
  '### Objetivos',
  '',
  ...checks.map((c) => `- ${mark(c.ok)} ${c.what}`),
  '',
].join('\n');

writeDocSection('api', section);
log(`\n${section}`);
log(`${checks.filter((c) => !c.ok).length} objetivos sin cumplir.`);
