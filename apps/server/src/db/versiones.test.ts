import type { LightMyRequestResponse } from 'fastify';
import { customerResources } from '@extranet/contracts/menus/menu';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { clock } from '../lib/clock.js';
import { accessLinkBrowser, clientesDe, useClientesDemo } from '../test/clientes.js';
import { transporteConPorte } from '../test/conductor.js';
import { arrayReaderOf } from './connection.js';
import type { Database } from './database.js';
import { versionesDe } from './versiones.js';
import { testDatabases, type TestDatabaseHandle } from '../test/databases.js';
import { createProveedorConUsuario, insertCarga } from '../test/proveedores.js';
import { quitarRecurso, signedIn, type TestBrowser } from '../test/session.js';

/*
 * Issue 21 point 4 (decision 014): a conditional read answers 304 only while nothing its body
 * is made from has changed. For each conditional endpoint, each table its body depends on is
 * written and the old ETag must then get a 200 with the new body; a 304 runs none of the
 * body's queries and an ETag never passes from one owner to another.
 */

let serie = 0;

/** A 200 with an ETag and `private, no-cache`, whose ETag then gets a bodiless 304. */
async function conditionalRead(browser: TestBrowser, url: string) {
  const res = await browser.get(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-cache');
  const etag = String(res.headers.etag);
  expect(etag).toMatch(/^W\/".+"$/);
  const again = await ifNoneMatch(browser, url, etag);
  expect(again.statusCode, again.body).toBe(304);
  expect(again.body).toBe('');
  expect(again.headers.etag).toBe(etag);
  return { etag, body: res.json<unknown>() };
}

function ifNoneMatch(browser: TestBrowser, url: string, etag: string) {
  return browser.request('GET', url, { headers: { 'if-none-match': etag } });
}

/** After a write: the old ETag gets a 200 with a new ETag and a body unlike the old one. */
async function expectChanged(
  browser: TestBrowser,
  url: string,
  before: { etag: string; body: unknown },
): Promise<LightMyRequestResponse> {
  const res = await ifNoneMatch(browser, url, before.etag);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers.etag).not.toBe(before.etag);
  expect(res.json()).not.toEqual(before.body);
  return res;
}

/** The SQL run by `work` on this app's database. */
async function sqlDuring(db: Kysely<Database>, work: () => Promise<unknown>) {
  const executor = db.getExecutor() as unknown as { executeQuery: (q: { sql: string }) => unknown };
  const spy = vi.spyOn(executor, 'executeQuery');
  // Prepared reads go straight to the driver (db/prepared.ts): their SQL is seen there.
  const reader = arrayReaderOf(db);
  const direct = reader ? vi.spyOn(reader, 'read') : undefined;
  try {
    await work();
    return [
      ...spy.mock.calls.map(([query]) => query.sql),
      ...(direct?.mock.calls.map(([sql]) => sql) ?? []),
    ];
  } finally {
    spy.mockRestore();
    direct?.mockRestore();
  }
}

describe.each(testDatabases())('lecturas condicionales ($name)', ({ open }) => {
  const demo = useClientesDemo(open);
  let proveedorId: number;

  beforeAll(async () => {
    const p = await demo.handle.db
      .selectFrom('usuarios_proveedores as up')
      .innerJoin('usuarios as u', 'u.id', 'up.usuario_id')
      .select('up.proveedor_id')
      .where('u.email', '=', 'proveedor@demo.es')
      .executeTakeFirstOrThrow();
    proveedorId = p.proveedor_id;
  });

  const db = () => demo.handle.db;

  async function archivo(nombre: string) {
    serie += 1;
    const row = await db()
      .insertInto('archivos')
      .values({
        propietario_tipo: 'cliente',
        propietario_id: demo.clienteId,
        tipo: 'cmr',
        nombre,
        mime: 'application/pdf',
        tamano_bytes: 10,
        sha256: 'a'.repeat(64),
        storage_key: `prueba-versiones-${serie}`,
        usuario_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  const iso = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000).toISOString();

  describe('tracking de un porte y lista de portes', () => {
    let t: Awaited<ReturnType<typeof transporteConPorte>>;
    let cmrId: number;
    let facturaId: number;
    let otroArchivoId: number;

    beforeAll(async () => {
      t = await transporteConPorte(demo.handle, { proveedorId, clienteId: demo.clienteId });
      cmrId = await archivo('cmr-tramo.pdf');
      otroArchivoId = await archivo('factura-b.pdf');
    });

    /** A line of the invoice `facturaId` for the shipment. */
    const lineaDeFactura = (orden: number) =>
      db()
        .insertInto('factura_lineas')
        .values({
          factura_id: facturaId,
          orden,
          concepto: 'Porte',
          partida: t.partida,
          porte_id: t.porteId,
          cantidad: 1,
          precio_centimos: 100,
          importe_centimos: 100,
        })
        .execute();

    /**
     * Each dependency of the body, in an order where each write shows in it: the write, and
     * whether the "Portes" list shows it too (files and invoices are the tracking's only).
     */
    type Dependencia = { tabla: string; enLista: boolean; write: () => Promise<unknown> };
    const dependencias: Dependencia[] = [
      {
        tabla: 'portes',
        enLista: true,
        write: () =>
          db()
            .updateTable('portes')
            .set({ incidencia: 'Retenido en aduana', estado: 'incidencia' })
            .where('id', '=', t.porteId)
            .execute(),
      },
      {
        tabla: 'seguimiento',
        enLista: true,
        write: () =>
          db()
            .insertInto('seguimiento')
            .values({
              porte_id: t.porteId,
              partida: t.partida,
              fecha: '2026-11-27',
              hora: '10:00',
              comentarios: null,
              cp: '19001',
              kilometros_destino: 120,
              pais: 'España',
              pais_iso: 'ES',
              poblacion: 'Guadalajara',
              poblacion_b: null,
              retraso: 15,
              lat: 40.63,
              lng: -3.16,
            })
            .execute(),
      },
      {
        tabla: 'transporte_eta',
        enLista: true,
        write: () =>
          db()
            .insertInto('transporte_eta')
            .values({
              transporte_id: t.id,
              lat: 40.9,
              lng: -2.5,
              posicion_at: iso(-5),
              km_restantes: 150,
              velocidad_kmh: 70,
              estado: 'a_tiempo',
              calculado_at: iso(-4),
            })
            .execute(),
      },
      {
        tabla: 'transporte_eta (nueva posición)',
        enLista: true,
        write: () =>
          db()
            .updateTable('transporte_eta')
            .set({ lat: 41.1, lng: -1.9, posicion_at: iso(-1), calculado_at: iso(-1) })
            .where('transporte_id', '=', t.id)
            .execute(),
      },
      {
        tabla: 'transporte_paradas',
        enLista: true,
        write: () =>
          db()
            .insertInto('transporte_paradas')
            .values({
              transporte_id: t.id,
              orden: 1,
              tipo: 'descarga',
              subpartida_id: t.subpartidaId,
              porte_id: t.porteId,
              poblacion: 'Zaragoza',
              cp: '50001',
              pais_iso: 'ES',
              direccion: null,
              lat: 41.65,
              lng: -0.89,
              ventana_desde: iso(60),
              ventana_hasta: iso(120),
              km_restantes: 80,
              eta_at: iso(90),
              eta_desde: iso(80),
              eta_hasta: iso(100),
            })
            .execute(),
      },
      {
        tabla: 'transporte_paradas (ETA nueva: con retraso)',
        enLista: true,
        write: () =>
          db()
            .updateTable('transporte_paradas')
            .set({ eta_at: iso(200), eta_desde: iso(190), eta_hasta: iso(210) })
            .where('transporte_id', '=', t.id)
            .execute(),
      },
      {
        tabla: 'subpartidas',
        enLista: false,
        write: () =>
          db()
            .updateTable('subpartidas')
            .set({ cmr_archivo_id: cmrId, cmr_subido_at: iso(0) })
            .where('id', '=', t.subpartidaId)
            .execute(),
      },
      {
        tabla: 'archivos',
        enLista: false,
        write: () =>
          db()
            .updateTable('archivos')
            .set({ nombre: 'cmr-firmado.pdf' })
            .where('id', '=', cmrId)
            .execute(),
      },
      {
        tabla: 'archivos (borrado: la referencia del tramo pasa a null)',
        enLista: false,
        write: () => db().deleteFrom('archivos').where('id', '=', cmrId).execute(),
      },
      {
        tabla: 'facturas y factura_lineas',
        enLista: false,
        write: async () => {
          serie += 1;
          const factura = await db()
            .insertInto('facturas')
            .values({
              cliente_id: demo.clienteId,
              serie: 'V',
              numero: 900_000 + serie,
              fecha_emision: '2026-11-20',
              vto: null,
              base_imponible_centimos: 100,
              iva_porcentaje: 21,
              iva_centimos: 21,
              importe_centimos: 121,
              pagada: 0,
              archivo_id: await archivo('factura-a.pdf'),
              pdf_erp: 1,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          facturaId = Number(factura.id);
          await lineaDeFactura(1);
        },
      },
      {
        tabla: 'facturas (otro PDF)',
        enLista: false,
        write: () =>
          db()
            .updateTable('facturas')
            .set({ archivo_id: otroArchivoId })
            .where('id', '=', facturaId)
            .execute(),
      },
      {
        tabla: 'factura_lineas (quitada)',
        enLista: false,
        write: () =>
          db().deleteFrom('factura_lineas').where('factura_id', '=', facturaId).execute(),
      },
    ];

    it.each(dependencias.map((d, i) => [d.tabla, i] as const))(
      'una escritura en %s cambia el ETag y la respuesta',
      async (_tabla, i) => {
        const d = dependencias[i]!;
        const tracking = `/api/clientes/portes/${t.partida}/tracking`;
        const lista = '/api/clientes/portes?limit=200';
        const antes = await conditionalRead(demo.cliente, tracking);
        const listaAntes = await conditionalRead(demo.cliente, lista);
        await d.write();
        await expectChanged(demo.cliente, tracking, antes);
        if (d.enLista) await expectChanged(demo.cliente, lista, listaAntes);
        else {
          // The counter is the client's: the list's ETag changes too, its body need not.
          const res = await ifNoneMatch(demo.cliente, lista, listaAntes.etag);
          expect(res.statusCode).toBe(200);
        }
      },
    );

    it('quitar al usuario la sección Facturas cambia el ETag del tracking (sin sus facturas)', async () => {
      // An invoice line again, so the tracking lists an invoice PDF while Facturas is open.
      await lineaDeFactura(2);
      const url = `/api/clientes/portes/${t.partida}/tracking`;
      const antes = await conditionalRead(demo.cliente, url);
      expect(JSON.stringify(antes.body)).toContain('"factura"');
      await quitarRecurso(db(), 'cliente@demo.es', customerResources.facturas);
      const res = await expectChanged(demo.cliente, url, antes);
      expect(res.body).not.toContain('"factura"');
    });

    it('el ETag depende de la URL: otra página u otro filtro no recibe el 304 de la primera', async () => {
      const primera = await conditionalRead(demo.cliente, '/api/clientes/portes?limit=1');
      const page = primera.body as { nextCursor: string | null };
      expect(page.nextCursor).not.toBeNull();
      const segunda = await ifNoneMatch(
        demo.cliente,
        `/api/clientes/portes?limit=1&cursor=${page.nextCursor}`,
        primera.etag,
      );
      expect(segunda.statusCode).toBe(200);
      const filtrada = await ifNoneMatch(
        demo.cliente,
        '/api/clientes/portes?limit=1&origen=Mad',
        primera.etag,
      );
      expect(filtrada.statusCode).toBe(200);
    });

    it('un 304 no ejecuta ninguna consulta de la lista ni del tracking', async () => {
      for (const url of [
        '/api/clientes/portes?limit=50',
        `/api/clientes/portes/${t.partida}/tracking`,
      ]) {
        const { etag } = await conditionalRead(demo.cliente, url);
        const completa = await sqlDuring(demo.app.db, () => demo.cliente.get(url));
        expect(completa.some((q) => /from "portes"/.test(q))).toBe(true);
        const condicional = await sqlDuring(demo.app.db, async () => {
          expect((await ifNoneMatch(demo.cliente, url, etag)).statusCode).toBe(304);
        });
        expect(condicional.filter((q) => /"(portes|seguimiento|transporte_\w+)"/.test(q))).toEqual(
          [],
        );
        expect(condicional.some((q) => /"versiones"/.test(q))).toBe(true);
      }
    });

    it('el ETag de un cliente enviado por otro recibe un 200 con su propia lista', async () => {
      const otro = await accessLinkBrowser(demo.app, demo.otroClienteId);
      const url = '/api/clientes/portes?limit=200';
      const delPrimero = await conditionalRead(demo.cliente, url);
      const res = await ifNoneMatch(otro, url, delPrimero.etag);
      expect(res.statusCode).toBe(200);
      expect(res.json()).not.toEqual(delPrimero.body);
      expect(res.json()).toEqual((await otro.get(url)).json());
    });

    it('al cambiar de cliente en la misma sesión, el ETag anterior recibe un 200', async () => {
      const [primero, segundo] = await clientesDe(demo.handle, 'dos@demo.es');
      const browser = await signedIn(demo.app, 'dos@demo.es', { clienteId: primero! });
      const url = '/api/clientes/portes?limit=200';
      const antes = await conditionalRead(browser, url);
      expect((await browser.put('/api/clientes/cliente', { id: segundo! })).statusCode).toBe(200);
      const res = await ifNoneMatch(browser, url, antes.etag);
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).not.toBe(antes.etag);
    });
  });

  describe('listado de cargas del transportista', () => {
    let a: TestBrowser;
    let b: TestBrowser;
    let bId: number;
    const url = '/api/proveedores/cargas?limit=200';

    beforeAll(async () => {
      a = await signedIn(demo.app, 'proveedor@demo.es', { portal: 'proveedores' });
      const otro = await createProveedorConUsuario(db());
      bId = otro.proveedorId;
      b = await signedIn(demo.app, otro.email, { portal: 'proveedores' });
    });

    it('una carga nueva, publicada para todos, cambia el ETag de cada transportista', async () => {
      const antesA = await conditionalRead(a, url);
      const antesB = await conditionalRead(b, url);
      await insertCarga(db(), { fecha_carga: '2020-01-01' });
      await expectChanged(a, url, antesA);
      await expectChanged(b, url, antesB);
    });

    it('una carga cerrada cambia el ETag', async () => {
      const id = await insertCarga(db(), { fecha_carga: '2020-01-02' });
      const antes = await conditionalRead(a, url);
      await db().updateTable('cargas').set({ estado: 'cerrada' }).where('id', '=', id).execute();
      await expectChanged(a, url, antes);
    });

    it('una oferta propia cambia el ETag de quien oferta, no el de otro', async () => {
      const id = await insertCarga(db(), { fecha_carga: '2020-01-03' });
      const antesA = await conditionalRead(a, url);
      const antesB = await conditionalRead(b, url);
      await db()
        .insertInto('ofertas')
        .values({
          carga_id: id,
          proveedor_id: bId,
          usuario_id: null,
          precio_centimos: 99_900,
          comentarios: null,
        })
        .execute();
      await expectChanged(b, url, antesB);
      expect((await ifNoneMatch(a, url, antesA.etag)).statusCode).toBe(304);
    });

    it('un descarte cambia el ETag de quien descarta, no el de otro', async () => {
      const id = await insertCarga(db(), { fecha_carga: '2020-01-04' });
      const antesA = await conditionalRead(a, url);
      const antesB = await conditionalRead(b, url);
      await db()
        .insertInto('descartes')
        .values({ proveedor_id: bId, carga_id: id, usuario_id: null })
        .execute();
      await expectChanged(b, url, antesB);
      expect((await ifNoneMatch(a, url, antesA.etag)).statusCode).toBe(304);
    });

    it('el ETag de un transportista enviado por otro recibe un 200 con el cuerpo del otro', async () => {
      const deA = await conditionalRead(a, url);
      const res = await ifNoneMatch(b, url, deA.etag);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual((await b.get(url)).json());
    });

    it('un 304 no ejecuta la consulta del listado', async () => {
      const { etag } = await conditionalRead(a, url);
      const completa = await sqlDuring(demo.app.db, () => a.get(url));
      expect(completa.some((q) => /from "cargas"/.test(q))).toBe(true);
      const condicional = await sqlDuring(demo.app.db, async () => {
        expect((await ifNoneMatch(a, url, etag)).statusCode).toBe(304);
      });
      expect(condicional.filter((q) => /"(cargas|ofertas|descartes)"/.test(q))).toEqual([]);
    });

    it('las demás lecturas con sesión siguen sin caché (no-store) y sin ETag', async () => {
      const res = await a.get('/api/proveedores/ofertas');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeUndefined();
    });
  });
});

/*
 * Migration 29: on PostgreSQL each backend bumps its own part of an owner's counter, so two
 * writers of one client (two trucks' ping batches) do not queue on one row's lock, and the
 * owner's version, the sum of its parts, still changes with every committed write.
 */
describe.each(testDatabases().filter((d) => d.name === 'postgres'))(
  'contadores repartidos ($name)',
  ({ open }) => {
    let handle: TestDatabaseHandle;
    beforeAll(async () => {
      handle = await open();
      return () => handle.dispose();
    });

    it('dos escritores de un cliente no esperan uno por otro, y la versión suma los dos', async () => {
      const db = handle.db;
      const { proveedorId } = await createProveedorConUsuario(db);
      const cliente = await db
        .insertInto('clientes')
        .values({ region: 'es', razon_social: 'Repartido SL', localidad: 'Madrid' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const porte = async () =>
        (await transporteConPorte(handle, { proveedorId, clienteId: cliente.id })).porteId;
      const [p1, p2] = [await porte(), await porte()];
      // Two connections of the pool on different parts (their process ids modulo 16 differ).
      const pool = handle.pool!;
      const pid = async (c: pg.PoolClient) =>
        Number((await c.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid);
      const a = await pool.connect();
      const otros: pg.PoolClient[] = [];
      let b = await pool.connect();
      while ((await pid(b)) % 16 === (await pid(a)) % 16) {
        otros.push(b);
        b = await pool.connect();
      }
      try {
        const [antes] = await versionesDe(db, 'cliente', cliente.id);
        await a.query('begin');
        await a.query('update portes set bultos = 1 where id = $1', [p1]);
        // A's bump is uncommitted: B would wait for its row before migration 29.
        await b.query("set lock_timeout = '2s'");
        await b.query('update portes set bultos = 2 where id = $1', [p2]);
        // B's write is seen; A's, the same kind of write, adds as much once committed.
        const [conB] = await versionesDe(db, 'cliente', cliente.id);
        expect(conB).toBeGreaterThan(antes);
        await a.query('commit');
        const [conAmbos] = await versionesDe(db, 'cliente', cliente.id);
        expect(conAmbos - conB).toBe(conB - antes);
      } finally {
        for (const c of [a, b, ...otros]) c.release();
      }
    });
  },
);
