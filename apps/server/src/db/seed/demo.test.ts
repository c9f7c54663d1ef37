import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../modules/auth/password.js';
import type { TestDatabaseHandle } from '../../test/databases.js';
import { testDatabases } from '../../test/databases.js';
import { migrateToLatest } from '../migrate.js';
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  RECURSOS_CLIENTES,
  RECURSOS_PROVEEDORES,
  seedDemo,
} from './demo.js';

const TODAY = new Date('2026-11-22T10:30:00.000Z');

describe.each(testDatabases())('datos de demostración ($name)', ({ open }) => {
  let handle: TestDatabaseHandle;
  beforeAll(async () => {
    handle = await open();
    await migrateToLatest(handle.db);
    expect(await seedDemo(handle.db, { today: TODAY })).toEqual({ seeded: true });
  });
  afterAll(() => handle.dispose());

  async function count(table: 'cargas' | 'transportes' | 'portes' | 'vehiculos' | 'facturas') {
    const row = await handle.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('es idempotente', async () => {
    const before = await count('transportes');
    expect(await seedDemo(handle.db, { today: TODAY })).toEqual({ seeded: false });
    expect(await count('transportes')).toBe(before);
  });

  it('crea cada cuenta de demostración con sus clientes, proveedores y recursos', async () => {
    for (const demo of Object.values(DEMO_USERS)) {
      const usuario = await handle.db
        .selectFrom('usuarios')
        .select(['id', 'clave_hash', 'codigo'])
        .where('email', '=', demo.email)
        .where('region', '=', demo.region)
        .executeTakeFirstOrThrow();
      const clientes = await handle.db
        .selectFrom('usuarios_clientes')
        .select('cliente_id')
        .where('usuario_id', '=', usuario.id)
        .execute();
      const proveedores = await handle.db
        .selectFrom('usuarios_proveedores')
        .select('proveedor_id')
        .where('usuario_id', '=', usuario.id)
        .execute();
      expect([demo.email, clientes.length, proveedores.length]).toEqual([
        demo.email,
        demo.clientes,
        demo.proveedores,
      ]);
      expect(usuario.codigo).toBeTruthy();
    }
    const hash = await handle.db
      .selectFrom('usuarios')
      .select('clave_hash')
      .where('email', '=', DEMO_USERS.cliente.email)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(hash.clave_hash, DEMO_PASSWORD)).toBe(true);

    const recursos = async (email: string) =>
      (
        await handle.db
          .selectFrom('recursos')
          .innerJoin('usuarios', 'usuarios.id', 'recursos.usuario_id')
          .select(['recurso', 'api', 'menu'])
          .where('usuarios.email', '=', email)
          .orderBy('menu')
          .execute()
      ).map((r) => r.recurso);
    expect(await recursos(DEMO_USERS.cliente.email)).toEqual(
      RECURSOS_CLIENTES.map((r) => r.recurso),
    );
    expect(await recursos(DEMO_USERS.proveedor.email)).toEqual(
      RECURSOS_PROVEEDORES.map((r) => r.recurso),
    );
    expect(await recursos(DEMO_USERS.dos.email)).not.toContain('apiweb.clientes.facturas');
    expect(await recursos(DEMO_USERS.sinclientes.email)).toEqual([]);
    // Issue 14: several carriers to choose from, and a carrier with only some sections.
    expect(await recursos(DEMO_USERS.transportes.email)).toEqual(
      RECURSOS_PROVEEDORES.map((r) => r.recurso),
    );
    expect(await recursos(DEMO_USERS.limitado.email)).toEqual([
      'apiweb.proveedores.cargas',
      'apiweb.proveedores.transportes',
    ]);
    const circuito = await handle.db
      .selectFrom('recursos')
      .select('api')
      .where('recurso', '=', 'Circuitoseguridad')
      .execute();
    expect(circuito).toEqual([{ api: '/demo/circuito-seguridad' }]);

    const activas = await handle.db
      .selectFrom('regiones')
      .select('codigo')
      .where('activa', '=', 1)
      .orderBy('codigo')
      .execute();
    expect(activas.map((r) => r.codigo)).toEqual(['es', 'it']);
  });

  it('llena cada pantalla con volumen realista relativo a hoy', async () => {
    expect(await count('cargas')).toBeGreaterThanOrEqual(40);
    expect(await count('vehiculos')).toBeGreaterThanOrEqual(10);
    expect(await count('transportes')).toBeGreaterThanOrEqual(60);
    expect(await count('portes')).toBeGreaterThanOrEqual(50);
    expect(await count('facturas')).toBeGreaterThan(5);

    const proveedor = await handle.db
      .selectFrom('usuarios_proveedores')
      .innerJoin('usuarios', 'usuarios.id', 'usuarios_proveedores.usuario_id')
      .select('proveedor_id')
      .where('usuarios.email', '=', DEMO_USERS.proveedor.email)
      .executeTakeFirstOrThrow();
    const sinCmr = await handle.db
      .selectFrom('subpartidas')
      .innerJoin('transportes', 'transportes.id', 'subpartidas.transporte_id')
      .select('subpartidas.id')
      .where('transportes.proveedor_id', '=', proveedor.proveedor_id)
      .where('subpartidas.cmr_archivo_id', 'is', null)
      .execute();
    expect(sinCmr.length).toBeGreaterThan(3);
    const sinFactura = await handle.db
      .selectFrom('transportes')
      .select('id')
      .where('proveedor_id', '=', proveedor.proveedor_id)
      .where('estado', '=', 'entregado')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('facturas_proveedor_transportes')
              .select('transporte_id')
              .whereRef('facturas_proveedor_transportes.transporte_id', '=', 'transportes.id'),
          ),
        ),
      )
      .execute();
    expect(sinFactura.length).toBeGreaterThan(3);

    const abiertas = await handle.db
      .selectFrom('cargas')
      .select('fecha_carga')
      .where('estado', '=', 'abierta')
      .execute();
    expect(abiertas.length).toBeGreaterThan(30);
    for (const carga of abiertas) expect(carga.fecha_carga > '2026-11-22').toBe(true);

    const certificado = await handle.db
      .selectFrom('certificados')
      .select('fecha_caducidad')
      .where('proveedor_id', '=', proveedor.proveedor_id)
      .where('fecha_caducidad', '>=', '2026-11-22')
      .where('fecha_caducidad', '<=', '2026-12-22')
      .execute();
    expect(certificado).toHaveLength(1);

    const conRetraso = await handle.db
      .selectFrom('seguimiento')
      .select(['retraso', 'comentarios'])
      .where('retraso', '>', 0)
      .execute();
    expect(conRetraso.length).toBeGreaterThan(5);
  });
});
