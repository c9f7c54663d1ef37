import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { App } from '../app.js';
import { accessLinkBrowser, clientesDe, demoClientesApp } from '../test/clientes.js';
import { testDatabases, type TestDatabaseHandle } from '../test/databases.js';
import { createProveedorConUsuario, insertCarga } from '../test/proveedores.js';
import { TestBrowser, signedIn } from '../test/session.js';
import { RECURSOS_CLIENTES } from '../db/seed/demo.js';
import { createAccessLink } from '../modules/access-links/service.js';
import QRCode from 'qrcode';
import { crearEcmr, crearInvitacion, detalleDe, firmarEcmr } from '../modules/ecmr/service.js';
import { crearEnlacePorte } from '../modules/envio/service.js';
import { pdfBytes, multipart } from '../test/transportes.js';
import {
  createIntegrationKey,
  openApiOperations,
  type Operation,
} from '../test/security/openapi.js';
import { securityArea } from '../test/security/report.js';

const area = securityArea(
  'Object-level access (OpenAPI matrix)',
  'Every portal operation of `GET /api/openapi.json` that takes an id (path parameter, id-like query parameter or body property) is called with the id of a row that belongs to someone else, as another customer, another carrier, an access link of another owner, a visitor holding the victim’s own shipment link (issue 19; the link lets its holder sign its own shipment’s pending delivery, never another’s) and without a session. Writes are checked against the database row. Integration paths: no key → 401, a key without the scope → 403.',
);

type Attacker =
  | 'otro cliente'
  | 'otro transportista'
  | 'enlace de otro cliente'
  | 'enlace de otro transportista'
  | 'visitante de un enlace de envío'
  | 'sin sesión';
const ATTACKERS: Attacker[] = [
  'otro cliente',
  'otro transportista',
  'enlace de otro cliente',
  'enlace de otro transportista',
  'visitante de un enlace de envío',
  'sin sesión',
];

/** The rows of the victims (one customer, one carrier) the attackers must never reach. */
interface Victims {
  clienteId: number;
  proveedorId: number;
  proveedorUsuarioId: number;
  clienteUsuarioId: number;
  /** A load no longer open, with the victim carrier's offer: only the victim sees it. */
  cargaPrivada: number;
  cargaAbierta: number;
  oferta: number;
  vehiculo: number;
  transporte: number;
  subpartida: number;
  facturaProveedor: number;
  archivoProveedor: number;
  partida: string;
  factura: number;
  archivoCliente: number;
  pushSubscription: number;
  /** A driver link of the victim carrier's transport. */
  enlaceConductor: number;
  /** A leg of the victim customer's shipment whose e-CMR the sender has signed. */
  ecmrFirmado: { partida: string; subpartida: number };
  /**
   * A shipment link of the victim customer's shipment `partida` (tracking and CMR), whose
   * holder may sign its delivery: the driver asks for it on `ecmrFirmado`'s leg.
   */
  enlacePorte: number;
  /** Its token: the visitor holds it. */
  enlacePorteToken: string;
  /** A leg of another shipment whose driver also asks for the consignee's signature. */
  ecmrAjeno: number;
  /** A drawn signature (PNG, base64) for the signing bodies. */
  firmaPng: string;
}

/** How to call one operation with a foreign id, and which rows must not change. */
interface Fixture {
  path?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  multipart?: { fields: Record<string, string>; file: boolean };
  /** Rows that must be identical after the call (writes). */
  rows?: (db: TestDatabaseHandle['db']) => Promise<unknown>;
  /** A GET filter with a foreign id answers 200 with nothing of the victim's in it. */
  filterOnly?: true;
}

/**
 * How to obtain a foreign id for each operation that takes one, keyed `METHOD path` plus the
 * id parameter (`{id}`, `?transporteId`, `#vehiculo_id`). A new route with an id and no entry
 * here fails the suite.
 */
function fixtures(v: Victims): Record<string, Fixture | { exempt: string }> {
  const row =
    (table: string, column: string, value: number | string) => (db: TestDatabaseHandle['db']) =>
      db
        .selectFrom(table as 'ofertas')
        .selectAll()
        .where(column as 'id', '=', value as number)
        .execute();
  const ofertasDeCarga = (db: TestDatabaseHandle['db']) =>
    db
      .selectFrom('ofertas')
      .selectAll()
      .where('carga_id', 'in', [v.cargaPrivada, v.cargaAbierta])
      .orderBy('id')
      .execute();
  return {
    'GET /api/proveedores/cargas/{id}': { path: { id: v.cargaPrivada } },
    'POST /api/proveedores/cargas/{id}/ofertas': {
      path: { id: v.cargaPrivada },
      body: { precio_centimos: 100_000 },
      rows: ofertasDeCarga,
    },
    'POST /api/proveedores/cargas/{id}/ofertas#vehiculo_id': {
      path: { id: v.cargaAbierta },
      body: { precio_centimos: 100_000, vehiculo_id: v.vehiculo },
      rows: ofertasDeCarga,
    },
    'PATCH /api/proveedores/ofertas/{id}': {
      path: { id: v.oferta },
      body: { precio_centimos: 1 },
      rows: row('ofertas', 'id', v.oferta),
    },
    'POST /api/proveedores/ofertas/{id}/retirar': {
      path: { id: v.oferta },
      rows: row('ofertas', 'id', v.oferta),
    },
    'POST /api/proveedores/cargas/{id}/descartar': {
      path: { id: v.cargaPrivada },
      rows: row('descartes', 'carga_id', v.cargaPrivada),
    },
    'DELETE /api/proveedores/cargas/{id}/descartar': {
      path: { id: v.cargaPrivada },
      rows: row('descartes', 'carga_id', v.cargaPrivada),
    },
    'GET /api/proveedores/vehiculos/{id}': { path: { id: v.vehiculo } },
    'PATCH /api/proveedores/vehiculos/{id}': {
      path: { id: v.vehiculo },
      body: { matricula: '0000XXX' },
      rows: row('vehiculos', 'id', v.vehiculo),
    },
    'POST /api/proveedores/vehiculos/{id}/desactivar': {
      path: { id: v.vehiculo },
      rows: row('vehiculos', 'id', v.vehiculo),
    },
    'GET /api/proveedores/transportes/{id}': { path: { id: v.transporte } },
    'GET /api/proveedores/transportes?transporteId': {
      query: { transporteId: v.transporte },
      filterOnly: true,
    },
    'GET /api/proveedores/transportes/export.csv?transporteId': {
      query: { transporteId: v.transporte },
      filterOnly: true,
    },
    'GET /api/proveedores/transportes/export.xlsx?transporteId': {
      exempt: 'same query, keyset list and ownership filter as its export.csv, checked above',
    },
    'GET /api/proveedores/albaranes-pendientes?transporteId': {
      query: { transporteId: v.transporte },
      filterOnly: true,
    },
    'GET /api/proveedores/albaranes-pendientes?subpartidaId': {
      query: { subpartidaId: v.subpartida },
      filterOnly: true,
    },
    'GET /api/proveedores/transportes-sin-factura?transporteId': {
      query: { transporteId: v.transporte },
      filterOnly: true,
    },
    'GET /api/proveedores/transportes-sin-factura?subpartidaId': {
      query: { subpartidaId: v.subpartida },
      filterOnly: true,
    },
    'POST /api/proveedores/subpartidas/{id}/cmr': {
      path: { id: v.subpartida },
      multipart: { fields: {}, file: true },
      rows: row('subpartidas', 'id', v.subpartida),
    },
    'POST /api/proveedores/facturas#transporteIds': {
      multipart: {
        fields: {
          numero: 'F-ATAQUE-1',
          fecha_emision: '2026-11-20',
          base_imponible_centimos: '1000',
          iva_centimos: '210',
          importe_centimos: '1210',
          transporteIds: String(v.transporte),
        },
        file: true,
      },
      rows: (db) =>
        db
          .selectFrom('facturas_proveedor')
          .select('id')
          .where('numero', '=', 'F-ATAQUE-1')
          .execute(),
    },
    'GET /api/proveedores/facturas/{id}': { path: { id: v.facturaProveedor } },
    'GET /api/proveedores/archivos/{id}': { path: { id: v.archivoProveedor } },
    'GET /api/proveedores/prevencion/{id}/archivo': {
      exempt: 'published to every carrier by design (spec); anonymous and customers still get 401',
    },
    'POST /api/proveedores/prevencion/{id}/leido': {
      exempt: 'records the caller’s own acknowledgement of a document published to every carrier',
    },
    'PUT /api/proveedores/proveedor#id': {
      body: { id: v.proveedorId },
      rows: (db) =>
        db.selectFrom('sesiones').select(['id', 'proveedor_id']).orderBy('id').execute(),
    },
    'PUT /api/clientes/cliente#id': {
      body: { id: v.clienteId },
      rows: (db) => db.selectFrom('sesiones').select(['id', 'cliente_id']).orderBy('id').execute(),
    },
    'POST /api/clientes/access#id': {
      exempt: 'the id is paired with its secret token (auth suite)',
    },
    'POST /api/proveedores/access#id': {
      exempt: 'the id is paired with its secret token (auth suite)',
    },
    'POST /api/push-subscription-update#subscriptionId': {
      body: { subscriptionId: v.pushSubscription },
      rows: row('push_subscriptions', 'id', v.pushSubscription),
    },
    'POST /api/proveedores/push-subscription-update#subscriptionId': {
      body: { subscriptionId: v.pushSubscription },
      rows: row('push_subscriptions', 'id', v.pushSubscription),
    },
    'GET /api/clientes/portes/{partida}/tracking': { path: { partida: v.partida } },
    'GET /api/clientes/tracking?q': { query: { q: v.partida }, filterOnly: true },
    'GET /api/clientes/portes?q': { query: { q: v.partida }, filterOnly: true },
    'GET /api/clientes/portes/export.csv?q': { query: { q: v.partida }, filterOnly: true },
    'GET /api/clientes/portes/export.xlsx?q': {
      exempt: 'same query, keyset list and ownership filter as its export.csv, checked above',
    },
    'GET /api/clientes/facturas/{id}': { path: { id: v.factura } },
    'GET /api/clientes/facturas/{id}/pdf': { path: { id: v.factura } },
    'GET /api/clientes/archivos/{id}': { path: { id: v.archivoCliente } },
    'GET /api/clientes/archivos/{id}/info': { path: { id: v.archivoCliente } },
    'POST /api/proveedores/transportes/{id}/enlaces-conductor': {
      path: { id: v.transporte },
      rows: row('enlaces_conductor', 'transporte_id', v.transporte),
    },
    'GET /api/proveedores/transportes/{id}/enlaces-conductor': { path: { id: v.transporte } },
    'DELETE /api/proveedores/enlaces-conductor/{id}': {
      path: { id: v.enlaceConductor },
      rows: row('enlaces_conductor', 'id', v.enlaceConductor),
    },
    'GET /api/conductor/{token}': { exempt: DRIVER_TOKEN },
    'POST /api/conductor/{token}/posiciones': { exempt: DRIVER_TOKEN },
    'POST /api/conductor/{token}/paradas/{paradaId}/eventos': { exempt: DRIVER_IDS },
    'POST /api/conductor/{token}/paradas/{paradaId}/eventos#id': {
      exempt: 'the phone’s own event id (idempotency key), not a database id',
    },
    'POST /api/conductor/{token}/eventos/{eventoId}/foto': { exempt: DRIVER_IDS },
    'POST /api/conductor/{token}/subpartidas/{subpartidaId}/cmr': { exempt: DRIVER_IDS },
    'POST /api/proveedores/subpartidas/{id}/ecmr': {
      path: { id: v.subpartida },
      rows: row('ecmr', 'subpartida_id', v.subpartida),
    },
    'GET /api/proveedores/subpartidas/{id}/ecmr': { path: { id: v.subpartida } },
    'PATCH /api/proveedores/subpartidas/{id}/ecmr': {
      path: { id: v.subpartida },
      body: { documento_sha256: 'a'.repeat(64), cambios: { reembolso: 'x' } },
      rows: row('ecmr', 'subpartida_id', v.subpartida),
    },
    'GET /api/proveedores/subpartidas/{id}/ecmr/versiones': { path: { id: v.subpartida } },
    'GET /api/proveedores/subpartidas/{id}/ecmr/diferencias': {
      path: { id: v.subpartida },
      query: { desde: 1, hasta: 1 },
    },
    'GET /api/proveedores/subpartidas/{id}/ecmr/pdf': { path: { id: v.subpartida } },
    'GET /api/clientes/portes/{partida}/ecmr/{subpartidaId}/pdf': {
      path: { partida: v.ecmrFirmado.partida, subpartidaId: v.ecmrFirmado.subpartida },
    },
    'GET /api/conductor/{token}/subpartidas/{subpartidaId}/ecmr': { exempt: DRIVER_IDS },
    'POST /api/conductor/{token}/subpartidas/{subpartidaId}/ecmr/firmas': { exempt: DRIVER_IDS },
    'POST /api/conductor/{token}/subpartidas/{subpartidaId}/ecmr/fotos': { exempt: DRIVER_IDS },
    'POST /api/conductor/{token}/subpartidas/{subpartidaId}/ecmr/invitaciones': {
      exempt: DRIVER_IDS,
    },
    'GET /api/ecmr/firma/{token}': { exempt: ECMR_TOKEN },
    'POST /api/ecmr/firma/{token}': { exempt: ECMR_TOKEN },
    'POST /api/ecmr/firma/{token}/fotos': { exempt: ECMR_TOKEN },
    'POST /api/clientes/portes/{partida}/enlaces': {
      path: { partida: v.partida },
      body: { dias: 1 },
      rows: row('enlaces_porte', 'cliente_id', v.clienteId),
    },
    'GET /api/clientes/portes/{partida}/enlaces': { path: { partida: v.partida } },
    'DELETE /api/clientes/enlaces-porte/{id}': {
      path: { id: v.enlacePorte },
      rows: row('enlaces_porte', 'id', v.enlacePorte),
    },
    'GET /api/envio/{token}': { exempt: ENVIO_TOKEN },
    'POST /api/envio/{token}/avisos': { exempt: ENVIO_TOKEN },
    'POST /api/envio/{token}/baja': {
      exempt:
        'one subscription’s unsubscribe token `<id>.<hmac>`: the id is checked against the HMAC of its secret key (envio suite)',
    },
    // The victim's own live link, asked for another file of the same customer (an invoice the
    // link does not show): refused to everyone, the visitor who holds the link included.
    'GET /api/envio/{token}/documentos/{archivoId}': {
      path: { token: v.enlacePorteToken, archivoId: v.archivoCliente },
    },
    // The same link, asked for another shipment's leg whose driver asks for the consignee's
    // signature: not found, whoever asks (the link's own pending leg is the envio suite's).
    'GET /api/envio/{token}/ecmr/{subpartidaId}': {
      path: { token: v.enlacePorteToken, subpartidaId: v.ecmrAjeno },
    },
    'POST /api/envio/{token}/ecmr/{subpartidaId}': {
      path: { token: v.enlacePorteToken, subpartidaId: v.ecmrAjeno },
      body: { nombre: 'Intruso', firma_png: v.firmaPng, documento_sha256: 'a'.repeat(64) },
      rows: (db) =>
        Promise.all([
          db.selectFrom('ecmr_firmas').select(['id', 'ecmr_id', 'rol']).orderBy('id').execute(),
          db.selectFrom('ecmr_invitaciones').selectAll().orderBy('id').execute(),
        ]),
    },
    'POST /api/envio/{token}/ecmr/{subpartidaId}/fotos': {
      path: { token: v.enlacePorteToken, subpartidaId: v.ecmrAjeno },
      multipart: { fields: {}, file: true },
      rows: (db) => db.selectFrom('archivos').select('id').orderBy('id').execute(),
    },
    // The notice centre (issue 20): a notice and a saved search are the session's user's own,
    // not the company's; another user's id answers 404 like one that does not exist.
    'POST /api/usuario/avisos/{id}/leido': { exempt: AVISOS_USUARIO },
    'DELETE /api/proveedores/busquedas-cargas/{id}': { exempt: AVISOS_USUARIO },
    'GET /api/ecmr/verificacion/{verificacionId}': {
      exempt:
        'public by design: the random id of the QR code, answering only what its PDF shows (ecmr suite)',
    },
  };
}

/** The notice centre's ids belong to one user, checked against the session's (avisos suite). */
const AVISOS_USUARIO =
  'owned by the session’s user, not the company: another user’s id is a 404 (avisos suite)';

/** The e-CMR's contactless signing: a one-time link or exchanged code is the credential. */
const ECMR_TOKEN =
  'one-time signing link: no session, the token is the credential, single use (ecmr suite)';

/** The shipment link's public page: no session, the token in the path is the credential. */
const ENVIO_TOKEN =
  'capability link of one shipment: no session, the token is the credential (envio suite)';

/** The driver link's routes have no session: the token in the path is the credential. */
const DRIVER_TOKEN = 'capability link: no session, the token is the credential (conductor suite)';
const DRIVER_IDS =
  'looked up within the token’s transport only; another transport’s id is a 404 (conductor suite)';

/**
 * Writes whose body OpenAPI does not describe (multipart uploads, bodiless actions): their id
 * fields are declared here, so a new one fails the suite until someone looks at it.
 */
const UNDESCRIBED_BODY_ID_FIELDS: Record<string, string[]> = {
  'POST /api/logout': [],
  'POST /api/proveedores/logout': [],
  'POST /api/proveedores/ofertas/{id}/retirar': [],
  'POST /api/proveedores/cargas/{id}/descartar': [],
  'DELETE /api/proveedores/cargas/{id}/descartar': [],
  'POST /api/proveedores/vehiculos/{id}/desactivar': [],
  'POST /api/proveedores/subpartidas/{id}/cmr': [],
  'POST /api/proveedores/facturas': ['transporteIds'],
  'POST /api/proveedores/certificados': [],
  'POST /api/proveedores/prevencion/{id}/leido': [],
  'POST /api/auth/totp/alta': [],
  'POST /api/totp/alta': [],
  'POST /api/proveedores/transportes/{id}/enlaces-conductor': [],
  'DELETE /api/proveedores/enlaces-conductor/{id}': [],
  'POST /api/conductor/{token}/eventos/{eventoId}/foto': [],
  'POST /api/conductor/{token}/subpartidas/{subpartidaId}/cmr': [],
  'POST /api/proveedores/subpartidas/{id}/ecmr': [],
  'POST /api/conductor/{token}/subpartidas/{subpartidaId}/ecmr/fotos': [],
  'POST /api/ecmr/firma/{token}/fotos': [],
  'DELETE /api/clientes/enlaces-porte/{id}': [],
  // A mail client's RFC 8058 post: `List-Unsubscribe=One-Click`, ignored.
  'POST /api/envio/{token}/baja': [],
  'POST /api/envio/{token}/ecmr/{subpartidaId}/fotos': [],
  'POST /api/usuario/avisos/{id}/leido': [],
  'POST /api/usuario/avisos/leidos': [],
  'DELETE /api/proveedores/busquedas-cargas/{id}': [],
};

/** Query and body names that carry an id (path parameters always do). */
const ID_NAME = /(^id$|_id$|Id$|^partida$|^q$)/;

/** Every `METHOD path{param}` / `?query` / `#body` key of an operation that carries an id. */
function idKeys(op: Operation): string[] {
  const base = `${op.method} ${op.path}`;
  const keys: string[] = [];
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  if (pathParams.length > 0) keys.push(base);
  for (const p of op.parameters) {
    if (p.in === 'query' && ID_NAME.test(p.name)) keys.push(`${base}?${p.name}`);
  }
  for (const name of op.bodyProperties) if (ID_NAME.test(name)) keys.push(`${base}#${name}`);
  if (op.method !== 'GET' && !op.consumes.includes('application/json')) {
    const declared = UNDESCRIBED_BODY_ID_FIELDS[base];
    if (declared === undefined) keys.push(`${base}#(body not described: declare its id fields)`);
    else for (const name of declared) keys.push(`${base}#${name}`);
  }
  return keys;
}

function portalOf(path: string): 'clientes' | 'proveedores' | 'both' {
  if (path.startsWith('/api/proveedores/')) return 'proveedores';
  if (path.startsWith('/api/clientes/') || path.startsWith('/api/push-')) return 'clientes';
  return 'both';
}

/** What an attacker may receive: never a 2xx, never the victim's data. */
function expectedStatuses(
  attacker: Attacker,
  portal: 'clientes' | 'proveedores' | 'both',
  key: string,
): number[] {
  // A shipment link's file outside what the link shows, or another shipment's leg to sign: not
  // found, whoever asks.
  if (/^[A-Z]+ \/api\/envio\//.test(key)) return [404];
  // The shipment link's visitor has no session: the link opens nothing else.
  if (attacker === 'sin sesión' || attacker === 'visitante de un enlace de envío') return [401];
  const attackerPortal = attacker.includes('cliente') ? 'clientes' : 'proveedores';
  if (portal !== 'both' && portal !== attackerPortal) return [401];
  // Choosing a company that is not yours is refused as forbidden, like a menu without it.
  if (key.endsWith('#id') && key.includes(' PUT ')) return [403, 404];
  if (key.startsWith('PUT ')) return [403, 404];
  // An access-link session has a fixed menu: a section outside it is a 403, never data.
  if (attacker.startsWith('enlace')) return [403, 404];
  // The push routes take the cookie of another browser as unknown.
  return [404];
}

describe.each(testDatabases())('matriz de acceso por objeto ($name)', ({ name, open }) => {
  let handle: TestDatabaseHandle;
  let app: App;
  let victims: Victims;
  let ops: Operation[];
  const browsers = new Map<Attacker, TestBrowser>();

  beforeAll(async () => {
    handle = await open();
    app = await demoClientesApp(handle);
    const db = handle.db;
    const [clienteId] = await clientesDe(handle, 'cliente@demo.es');
    const proveedor = await db
      .selectFrom('usuarios_proveedores as up')
      .innerJoin('usuarios as u', 'u.id', 'up.usuario_id')
      .select(['up.proveedor_id', 'u.id'])
      .where('u.email', '=', 'proveedor@demo.es')
      .executeTakeFirstOrThrow();
    const proveedorId = proveedor.proveedor_id;
    const clienteUsuario = await db
      .selectFrom('usuarios')
      .select('id')
      .where('email', '=', 'cliente@demo.es')
      .executeTakeFirstOrThrow();
    const cargaPrivada = await insertCarga(db, { estado: 'asignada' });
    const cargaAbierta = await insertCarga(db);
    const vehiculo = await db
      .selectFrom('vehiculos')
      .select('id')
      .where('proveedor_id', '=', proveedorId)
      .where('activo', '=', 1)
      .executeTakeFirstOrThrow();
    const oferta = await db
      .insertInto('ofertas')
      .values({
        carga_id: cargaPrivada,
        proveedor_id: proveedorId,
        usuario_id: proveedor.id,
        precio_centimos: 90_000,
        comentarios: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('descartes')
      .values({ carga_id: cargaPrivada, proveedor_id: proveedorId, usuario_id: proveedor.id })
      .execute();
    const subpartida = await db
      .selectFrom('subpartidas as s')
      .innerJoin('transportes as t', 't.id', 's.transporte_id')
      .select(['s.id', 's.porte_id', 't.id as transporte_id'])
      .where('t.proveedor_id', '=', proveedorId)
      .where('s.cmr_archivo_id', 'is', null)
      // A live transport: a cancelled one takes no e-CMR.
      .where('t.estado', '!=', 'anulado')
      .executeTakeFirstOrThrow();
    const facturaProveedor = await db
      .selectFrom('facturas_proveedor')
      .select('id')
      .where('proveedor_id', '=', proveedorId)
      .executeTakeFirstOrThrow();
    const archivoProveedor = await db
      .selectFrom('archivos')
      .select('id')
      .where('propietario_tipo', '=', 'proveedor')
      .where('propietario_id', '=', proveedorId)
      .executeTakeFirstOrThrow();
    const porte = await db
      .selectFrom('portes')
      .select(['id', 'partida'])
      .where('cliente_id', '=', clienteId!)
      .where('estado', '!=', 'anulado')
      // Not the shipment of the carrier's leg above: that leg is another shipment's.
      .$if(subpartida.porte_id !== null, (qb) => qb.where('id', '!=', subpartida.porte_id!))
      .executeTakeFirstOrThrow();
    const factura = await db
      .selectFrom('facturas')
      .select(['id'])
      .where('cliente_id', '=', clienteId!)
      .where('archivo_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const archivoCliente = await db
      .selectFrom('archivos')
      .select('id')
      .where('propietario_tipo', '=', 'cliente')
      .where('propietario_id', '=', clienteId!)
      .executeTakeFirstOrThrow();
    const push = await db
      .insertInto('push_subscriptions')
      .values({
        usuario_id: clienteUsuario.id,
        portal: 'clientes',
        endpoint: 'https://push.example/victima',
        p256dh: 'x',
        auth: 'y',
        user_agent: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const enlaceConductor = await db
      .insertInto('enlaces_conductor')
      .values({
        transporte_id: subpartida.transporte_id,
        proveedor_id: proveedorId,
        token_hash: 'victima',
        usuario_id: null,
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The victim's leg has its e-CMR, so its own reads of it answer 200; its driver asks for
    // the consignee's contactless signature.
    const ecmrAjeno = await crearEcmr(
      { db, sello: app.ecmrSello, publicUrl: app.config.publicUrl },
      proveedorId,
      subpartida.id,
      null,
    );
    await crearInvitacion(
      { db, sello: app.ecmrSello, publicUrl: app.config.publicUrl },
      ecmrAjeno,
      { rol: 'destinatario', canal: 'codigo' },
    );
    // A leg of the victim customer's shipment in the victim carrier's transport, its e-CMR
    // signed by the sender: the customer's download answers the victim.
    const tramoCliente = await db
      .insertInto('subpartidas')
      .values({
        transporte_id: subpartida.transporte_id,
        numero: 99,
        porte_id: porte.id,
        origen_poblacion: 'Zaragoza',
        destino_poblacion: 'Lyon',
        bultos: 1,
        peso_kg: 100,
        cmr_archivo_id: null,
        cmr_subido_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const deps = { db, sello: app.ecmrSello, publicUrl: app.config.publicUrl };
    const ecmr = await crearEcmr(deps, proveedorId, tramoCliente.id, null);
    const firmaPng = (await QRCode.toBuffer('firma', { type: 'png' })).toString('base64');
    await firmarEcmr(
      deps,
      ecmr.id,
      { rol: 'remitente', canal: 'movil_conductor', dispositivo: null },
      {
        nombre: 'Ana Remitente',
        firma_png: firmaPng,
        documento_sha256: (await detalleDe(deps, ecmr)).documento_sha256,
      },
    );
    // At delivery the driver asks for the consignee's signature: the link's holder may give it.
    await crearInvitacion(deps, ecmr, { rol: 'destinatario', canal: 'codigo' });
    const enlacePorte = await crearEnlacePorte(
      db,
      app.config,
      {
        clienteId: clienteId!,
        usuarioId: clienteUsuario.id,
        apiKeyId: null,
        ip: '127.0.0.1',
        puedeFacturas: true,
      },
      porte.partida,
      { entrega: true, factura: false, firma: true, dias: 7, email: null },
    );
    const enlacePorteToken = new URL(enlacePorte.url).pathname.split('/').at(-1)!;
    victims = {
      ecmrFirmado: { partida: porte.partida, subpartida: tramoCliente.id },
      enlaceConductor: enlaceConductor.id,
      enlacePorte: enlacePorte.id,
      enlacePorteToken,
      ecmrAjeno: subpartida.id,
      firmaPng,
      clienteId: clienteId!,
      proveedorId,
      proveedorUsuarioId: proveedor.id,
      clienteUsuarioId: clienteUsuario.id,
      cargaPrivada,
      cargaAbierta,
      oferta: Number(oferta.id),
      vehiculo: vehiculo.id,
      transporte: subpartida.transporte_id,
      subpartida: subpartida.id,
      facturaProveedor: facturaProveedor.id,
      archivoProveedor: archivoProveedor.id,
      partida: porte.partida,
      factura: factura.id,
      archivoCliente: archivoCliente.id,
      pushSubscription: Number(push.id),
    };

    const otrosClientes = (await clientesDe(handle, 'dos@demo.es')).filter(
      (id) => id !== clienteId,
    );
    const otroCliente = otrosClientes[0]!;
    // The attacker holds every customer section, so the ownership filter itself is tested.
    const dos = await db
      .selectFrom('usuarios')
      .select('id')
      .where('email', '=', 'dos@demo.es')
      .executeTakeFirstOrThrow();
    const tiene = await db
      .selectFrom('recursos')
      .select('recurso')
      .where('usuario_id', '=', dos.id)
      .execute();
    const faltan = RECURSOS_CLIENTES.filter((r) => !tiene.some((t) => t.recurso === r.recurso));
    if (faltan.length > 0) {
      await db
        .insertInto('recursos')
        .values(
          faltan.map((r, i) => ({
            usuario_id: dos.id,
            portal: 'clientes' as const,
            recurso: r.recurso,
            api: r.api,
            menu: 100 + i,
          })),
        )
        .execute();
    }
    const otroProveedor = await createProveedorConUsuario(db);
    browsers.set('otro cliente', await signedIn(app, 'dos@demo.es', { clienteId: otroCliente }));
    browsers.set(
      'otro transportista',
      await signedIn(app, otroProveedor.email, { portal: 'proveedores' }),
    );
    browsers.set('enlace de otro cliente', await accessLinkBrowser(app, otroCliente));
    const { token } = await createAccessLink(db, app.config, {
      portal: 'proveedores',
      id: otroProveedor.proveedorId,
    });
    const enlace = new TestBrowser(app);
    const opened = await enlace.post('/api/proveedores/access', {
      id: otroProveedor.proveedorId,
      token,
    });
    if (opened.statusCode !== 200) throw new Error(`enlace de proveedor: ${opened.body}`);
    browsers.set('enlace de otro transportista', enlace);
    browsers.set('sin sesión', new TestBrowser(app));
    // Someone without an account who opened the victim's shipment link: it set no cookie.
    const visitante = new TestBrowser(app);
    const abierto = await visitante.get(`/api/envio/${enlacePorteToken}?apertura=1`);
    if (abierto.statusCode !== 200 || abierto.headers['set-cookie'] !== undefined) {
      throw new Error(`enlace de envío: ${abierto.statusCode} ${abierto.body.slice(0, 120)}`);
    }
    browsers.set('visitante de un enlace de envío', visitante);
    ops = await openApiOperations(app);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await handle?.dispose();
  });

  area.check(
    'every portal operation with an id has a fixture',
    'listed the ids of every operation in GET /api/openapi.json and looked each one up',
    name,
    () => {
      const table = fixtures(victims);
      const keys = ops.filter((op) => !op.path.startsWith('/api/integration/')).flatMap(idKeys);
      expect(keys.length).toBeGreaterThan(20);
      expect(keys.filter((key) => !(key in table))).toEqual([]);
      expect(Object.keys(table).filter((key) => !keys.includes(key))).toEqual([]);
    },
  );

  area.check(
    'foreign ids: never data, never a write',
    'each id-taking operation with the victim’s id as another customer, another carrier, an access link of another owner, the visitor of the victim’s shipment link and without a session',
    name,
    async () => {
      const table = fixtures(victims);
      const problems: string[] = [];
      for (const op of ops.filter((o) => !o.path.startsWith('/api/integration/'))) {
        for (const key of idKeys(op)) {
          const fixture = table[key];
          if (!fixture || 'exempt' in fixture) continue;
          const error = await area.measure(key, ATTACKERS.join(', '), name, async () => {
            for (const attacker of ATTACKERS) {
              const before = fixture.rows ? await fixture.rows(handle.db) : undefined;
              const res = await call(browsers.get(attacker)!, op, fixture);
              const expected =
                fixture.filterOnly && res.statusCode === 200
                  ? [200]
                  : expectedStatuses(attacker, portalOf(op.path), key);
              if (!expected.includes(res.statusCode)) {
                throw new Error(
                  `${attacker}: ${res.statusCode} (esperado ${expected.join('/')}) ${res.body.slice(0, 120)}`,
                );
              }
              if (res.statusCode === 200 && fixture.filterOnly)
                assertNoVictimData(res.body, victims, key);
              if (res.statusCode < 400) {
                if (!fixture.filterOnly) throw new Error(`${attacker}: ${res.statusCode}`);
              } else {
                expect(res.json()).toMatchObject({
                  error: { code: expect.any(String), message: expect.any(String) },
                });
              }
              if (fixture.rows) {
                expect(
                  await fixture.rows(handle.db),
                  `${key} ${attacker}: fila modificada`,
                ).toEqual(before);
              }
            }
          });
          if (error) problems.push(`${key}: ${(error as Error).message.split('\n')[0]}`);
        }
      }
      expect(problems).toEqual([]);
    },
    60_000,
  );

  area.check(
    'the fixtures are the victims’ own rows',
    'the same GET operations as the victim customer and carrier themselves',
    name,
    async () => {
      const table = fixtures(victims);
      const own = {
        clientes: await signedIn(app, 'cliente@demo.es'),
        proveedores: await signedIn(app, 'proveedor@demo.es', { portal: 'proveedores' }),
      };
      let checked = 0;
      for (const op of ops.filter((o) => o.method === 'GET')) {
        for (const key of idKeys(op)) {
          const fixture = table[key];
          const portal = portalOf(op.path);
          if (!fixture || 'exempt' in fixture || fixture.filterOnly || portal === 'both') continue;
          const res = await call(own[portal], op, fixture);
          expect(res.statusCode, key).toBe(200);
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThan(8);
    },
  );

  area.check(
    'integration API: no key 401, key without the scope 403',
    'every /api/integration/ operation without Authorization, then with a key holding no scope of it',
    name,
    async () => {
      const integ = ops.filter((o) => o.path.startsWith('/api/integration/'));
      expect(integ.length).toBeGreaterThan(5);
      const key = await createIntegrationKey(app, []);
      const problems: string[] = [];
      for (const op of integ) {
        const url = fillPath(op.path, {}, op);
        const body = op.consumes.includes('application/pdf')
          ? { payload: pdfBytes(), headers: { 'content-type': 'application/pdf' } }
          : { payload: op.method === 'GET' ? undefined : {}, headers: {} };
        const anon = await app.inject({
          method: op.method,
          url,
          payload: body.payload,
          headers: body.headers,
        });
        if (anon.statusCode !== 401)
          problems.push(`${op.method} ${op.path} sin clave: ${anon.statusCode}`);
        const scoped = await app.inject({
          method: op.method,
          url,
          headers: { ...body.headers, authorization: `Bearer ${key}` },
          payload: body.payload,
        });
        if (scoped.statusCode !== 403)
          problems.push(`${op.method} ${op.path} sin ámbito: ${scoped.statusCode}`);
      }
      expect(problems).toEqual([]);
    },
  );
});

/** The template with the given values, else each parameter's OpenAPI example, else 1. */
function fillPath(path: string, params: Record<string, string | number>, op?: Operation): string {
  return path.replace(/\{(\w+)\}/g, (_m, p: string) => {
    const example = op?.parameters.find((x) => x.in === 'path' && x.name === p)?.schema?.example;
    // Path parameter examples are scalars (ids, codes).
    return encodeURIComponent(String(params[p] ?? (example as string | number | undefined) ?? 1));
  });
}

async function call(browser: TestBrowser, op: Operation, fixture: Fixture) {
  let url = fillPath(op.path, fixture.path ?? {});
  if (fixture.query) {
    const query = Object.entries(fixture.query).map(([k, v]): [string, string] => [k, String(v)]);
    url += `?${new URLSearchParams(query).toString()}`;
  }
  if (fixture.multipart) {
    const form = multipart(
      fixture.multipart.fields,
      fixture.multipart.file ? { filename: 'ataque.pdf', content: pdfBytes('ataque') } : undefined,
    );
    return browser.request(op.method, url, { payload: form.payload, headers: form.headers });
  }
  return browser.request(
    op.method,
    url,
    fixture.body === undefined ? {} : { payload: fixture.body },
  );
}

function assertNoVictimData(body: string, v: Victims, key: string) {
  const items = (() => {
    try {
      const json = JSON.parse(body) as { items?: unknown[] } | unknown[];
      return Array.isArray(json) ? json : (json.items ?? []);
    } catch {
      // CSV: the header line only.
      return body.trim().split('\n').slice(1);
    }
  })();
  if (
    items.length > 0 &&
    JSON.stringify(items).includes(String(key.includes('q') ? v.partida : ''))
  ) {
    throw new Error(`datos ajenos en ${key}: ${JSON.stringify(items).slice(0, 120)}`);
  }
  expect(items, key).toEqual([]);
}
