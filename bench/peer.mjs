// The hand-written peer of issue 21 (point 5): the product's transport history page 1 written by hand on Fastify and the database
// driver alone, on the same database the product bench serves. It does the same work per
// request: the session cookie → its sha256 → the session row (idle, absolute and access-link
// expiry as apps/server checks them), the section's menu resource, the page query, the keyset
// cursor, the same JSON bytes (bench/run.mjs compares the bodies and stops if they differ).
//
// `node bench/peer.mjs <port> <objects|arrays>`; env PEER_SQL: the product's compiled SQL texts
// ({ session, recurso, page }, captured by bench/run.mjs from the server's own code), PEER_RECURSO,
// SESSION_IDLE_MINUTES, and DATABASE_URL (PostgreSQL) or PEER_SQLITE_FILE.
//   objects: rows as objects (better-sqlite3's default, pg's default);
//   arrays:  rows as arrays (`statement.raw()`, pg `rowMode: 'array'`), the response object
//            built once from them.
import { createHash } from 'node:crypto';
import Fastify from 'fastify';

const port = Number(process.argv[2]);
const mode = process.argv[3];
if (mode !== 'objects' && mode !== 'arrays') throw new Error('modo: objects | arrays');
const SQL = JSON.parse(process.env.PEER_SQL);
const RECURSO = process.env.PEER_RECURSO;
const IDLE_MS = Number(process.env.SESSION_IDLE_MINUTES ?? 120) * 60_000;
const TOUCH_MS = 60_000;
const CURSOR_TAG = 'tr';
const postgres = /^postgres(ql)?:\/\//i.test(process.env.DATABASE_URL ?? '');

// ---------- database: three reads and one (rare) write ----------

/** @type {{ session(key: string): Promise<any>, recurso(usuarioId: number, portal: string, recurso: string): Promise<boolean>, page(proveedorId: number, limit: number): Promise<any[]>, touch(key: string, at: string): Promise<void> }} */
let db;
if (postgres) {
  const { default: pg } = await import('pg');
  // The product's portable types (decision 002): bigint and numeric as numbers, dates as text,
  // timestamptz as ISO strings.
  const timestamptz = pg.types.getTypeParser(1184, 'text');
  const overrides = new Map([
    [20, Number],
    [1700, Number],
    [1082, (v) => v],
    [1184, (v) => timestamptz(v).toISOString()],
  ]);
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    max: 10,
    options: '-c TimeZone=UTC',
    types: {
      getTypeParser: (oid, format) =>
        (format !== 'binary' && overrides.get(oid)) || pg.types.getTypeParser(oid, format),
    },
  });
  const rowMode = mode === 'arrays' ? { rowMode: 'array' } : {};
  db = {
    session: async (key) => (await pool.query({ text: SQL.session, values: [key] })).rows[0],
    recurso: async (usuarioId, portal, recurso) =>
      (await pool.query({ text: SQL.recurso, values: [usuarioId, portal, recurso, 1] })).rows
        .length > 0,
    page: async (proveedorId, limit) =>
      (await pool.query({ text: SQL.page, values: [proveedorId, limit], ...rowMode })).rows,
    touch: async (key, at) => {
      await pool.query('update sesiones set last_seen_at = $1 where id = $2', [at, key]);
    },
  };
} else {
  const { default: Database } = await import('better-sqlite3');
  const sqlite = new Database(process.env.PEER_SQLITE_FILE);
  // The product's connection settings (apps/server/src/db/connection.ts).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('mmap_size = 268435456');
  sqlite.pragma('cache_size = -65536');
  const session = sqlite.prepare(SQL.session);
  const recurso = sqlite.prepare(SQL.recurso);
  const page = sqlite.prepare(SQL.page);
  if (mode === 'arrays') page.raw(true);
  const touch = sqlite.prepare('update sesiones set last_seen_at = ? where id = ?');
  db = {
    session: async (key) => session.get(key),
    recurso: async (usuarioId, portal, r) => recurso.get(usuarioId, portal, r, 1) !== undefined,
    page: async (proveedorId, limit) => page.all(proveedorId, limit),
    touch: async (key, at) => void touch.run(at, key),
  };
}

// ---------- the session check, as apps/server's session plugin and guards ----------

function cookieValue(header, name) {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name)
      return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

const error = (reply, status, code, message) =>
  reply.code(status).send({ error: { code, message } });

/** The carrier of a live supplier session holding the section, or undefined after answering. */
async function proveedorOf(request, reply) {
  const cookie = cookieValue(request.headers.cookie, 'sid');
  const row = cookie && (await db.session(createHash('sha256').update(cookie).digest('hex')));
  const now = new Date();
  const nowIso = now.toISOString();
  const idleMs = row ? now.getTime() - Date.parse(row.last_seen_at) : 0;
  const linkDead =
    row?.access_token_id != null &&
    (row.link_revoked_at != null || row.link_expires_at == null || row.link_expires_at <= nowIso);
  if (
    !row ||
    row.expires_at <= nowIso ||
    idleMs > IDLE_MS ||
    linkDead ||
    row.portal !== 'proveedores'
  ) {
    error(reply, 401, 'UNAUTHENTICATED', 'Sesión no iniciada o caducada.');
    return undefined;
  }
  if (idleMs >= TOUCH_MS) await db.touch(row.id, nowIso);
  if (row.proveedor_id == null) {
    error(reply, 403, 'NO_ACTIVE_SUPPLIER', 'Seleccione primero el proveedor con el que conectar.');
    return undefined;
  }
  if (row.usuario_id != null && !(await db.recurso(row.usuario_id, 'proveedores', RECURSO))) {
    error(reply, 403, 'FORBIDDEN', 'No tiene acceso a esta sección.');
    return undefined;
  }
  return row.proveedor_id;
}

// ---------- the page ----------

const cursorOf = (fecha, id) =>
  Buffer.from(JSON.stringify([CURSOR_TAG, fecha, id]), 'utf8').toString('base64url');

/** A row of the page as the contract writes it (TransporteResumen, its property order). */
const fromObject = (r) => ({
  id: r.id,
  referencia: r.referencia,
  matricula: r.matricula,
  conductor: r.conductor,
  fecha_carga: r.fecha_carga,
  fecha_descarga: r.fecha_descarga,
  origen_poblacion: r.origen_poblacion,
  origen_pais_iso: r.origen_pais_iso,
  destino_poblacion: r.destino_poblacion,
  destino_pais_iso: r.destino_pais_iso,
  bultos: r.bultos,
  peso_kg: r.peso_kg,
  importe_centimos: r.importe_centimos,
  estado: r.estado,
  incidencia: r.incidencia,
  subpartidas: r.subpartidas,
  cmr_pendientes: r.cmr_pendientes,
  facturado: r.facturado === 1,
});

// The columns of the page query, in its select order (the SQL above).
const fromArray = (r) => ({
  id: r[0],
  referencia: r[1],
  matricula: r[2],
  conductor: r[3],
  fecha_carga: r[4],
  fecha_descarga: r[5],
  origen_poblacion: r[6],
  origen_pais_iso: r[7],
  destino_poblacion: r[8],
  destino_pais_iso: r[9],
  bultos: r[13],
  peso_kg: r[14],
  importe_centimos: r[10],
  estado: r[11],
  incidencia: r[12],
  subpartidas: r[15],
  cmr_pendientes: r[16],
  facturado: r[17] === 1,
});
const toItem = mode === 'arrays' ? fromArray : fromObject;

const app = Fastify({ logger: false });
// For the bench to know the peer is up.
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/api/proveedores/transportes', async (request, reply) => {
  const proveedorId = await proveedorOf(request, reply);
  if (proveedorId === undefined) return reply;
  const limit = Number(request.query.limit ?? 50);
  if (!Number.isInteger(limit) || limit < 1 || limit > 200 || request.query.cursor !== undefined) {
    return error(reply, 400, 'BAD_REQUEST', 'Solo la primera página.');
  }
  const rows = await db.page(proveedorId, limit + 1);
  const n = Math.min(rows.length, limit);
  const items = new Array(n);
  for (let i = 0; i < n; i++) items[i] = toItem(rows[i]);
  const last = items[n - 1];
  const nextCursor = rows.length > limit ? cursorOf(last.fecha_carga, last.id) : null;
  reply
    .header('cache-control', 'no-store')
    .header('content-type', 'application/json; charset=utf-8');
  return JSON.stringify({ items, nextCursor });
});
await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
