import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabaseHandle } from '../../test/databases.js';
import { testDatabases } from '../../test/databases.js';
import { fechaHoraMadrid } from '../../lib/madrid.js';
import { migrateToLatest } from '../migrate.js';
import { DEMO_USERS, seedDemo } from './demo.js';

// Mid-morning: a seed that stamps stops "later today" shows them hours ahead of the clock.
const NOW = new Date('2026-11-22T10:30:00.000Z');
const TODAY = '2026-11-22';

/** 'YYYY-MM-DD HH:MM' in Madrid, the time zone the stops are reported in. */
function madrid(instant: Date): string {
  const { fecha, hora } = fechaHoraMadrid(instant);
  return `${fecha} ${hora}`;
}

/** Rows by key, in order (Node 20 has no `Map.groupBy`). */
function agrupar<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
  return map;
}

/**
 * Issue 14: the demo must look true to a carrier. Stops name real towns along the way, km to go
 * fall to 0 at the destination, nothing has happened after now, certificates were issued in the
 * past.
 */
describe.each(testDatabases())('datos de demostración creíbles ($name)', ({ open }) => {
  let handle: TestDatabaseHandle;
  beforeAll(async () => {
    handle = await open();
    await migrateToLatest(handle.db);
    await seedDemo(handle.db, { today: NOW });
  }, 60_000);
  afterAll(() => handle.dispose());

  async function portesConParadas() {
    const portes = await handle.db
      .selectFrom('portes')
      .select(['id', 'partida', 'estado', 'origen_poblacion', 'destino_poblacion', 'entregado_at'])
      .orderBy('id')
      .execute();
    const paradas = await handle.db
      .selectFrom('seguimiento')
      .select(['porte_id', 'fecha', 'hora', 'poblacion', 'poblacion_b', 'kilometros_destino'])
      .select('retraso')
      .orderBy('porte_id')
      .orderBy('fecha')
      .orderBy('hora')
      .orderBy('id')
      .execute();
    return portes.map((p) => ({ ...p, paradas: paradas.filter((s) => s.porte_id === p.id) }));
  }

  it('paradas: de origen a destino, km hasta destino decreciente y 0 solo en el destino', async () => {
    const portes = (await portesConParadas()).filter((p) => p.paradas.length > 0);
    expect(portes.length).toBeGreaterThan(30);
    for (const porte of portes) {
      const { paradas } = porte;
      const where = `porte ${porte.partida}`;
      expect(paradas[0]?.poblacion, where).toBe(porte.origen_poblacion);
      for (const [i, parada] of paradas.entries()) {
        // poblacionB is the destination as the stop reports it (the ERP's contract), never
        // another town: "Zaragoza (Bordeaux)" came from stops of unrelated shipments.
        expect(parada.poblacion_b, where).toBe(porte.destino_poblacion);
        const km = Number(parada.kilometros_destino);
        expect(km, where).toBeGreaterThanOrEqual(0);
        expect(km === 0, `${where}: ${parada.poblacion} ${km} km`).toBe(
          parada.poblacion === porte.destino_poblacion,
        );
        if (i > 0) expect(km, where).toBeLessThan(Number(paradas[i - 1]?.kilometros_destino));
      }
      const ultima = paradas[paradas.length - 1];
      if (porte.estado === 'entregado') {
        expect([ultima?.poblacion, ultima?.kilometros_destino], where).toEqual([
          porte.destino_poblacion,
          0,
        ]);
        // The delivery is the last stop's moment.
        expect(`${ultima?.fecha} ${ultima?.hora}`, where).toBe(
          madrid(new Date(porte.entregado_at as string)),
        );
      } else {
        expect(ultima?.kilometros_destino, where).toBeGreaterThan(0);
      }
    }
  });

  it('transportes: sus subpartidas son portes de verdad, con su ruta, fechas, bultos y estado', async () => {
    const legs = await handle.db
      .selectFrom('subpartidas as s')
      .innerJoin('transportes as t', 't.id', 's.transporte_id')
      .leftJoin('portes as p', 'p.id', 's.porte_id')
      .select([
        't.id as transporte_id',
        't.referencia',
        't.estado as t_estado',
        't.origen_poblacion as t_origen',
        't.destino_poblacion as t_destino',
        't.fecha_carga',
        't.fecha_descarga',
        't.carga_id',
        's.numero',
        's.origen_poblacion as s_origen',
        's.destino_poblacion as s_destino',
        's.bultos as s_bultos',
        's.peso_kg as s_peso',
        's.cmr_archivo_id',
        'p.id as porte_id',
        'p.estado as p_estado',
        'p.origen_poblacion as p_origen',
        'p.destino_poblacion as p_destino',
        'p.fecha_carga_prevista',
        'p.fecha_entrega_prevista',
        'p.bultos as p_bultos',
        'p.peso_kg as p_peso',
        'p.origen_lat',
        'p.origen_lng',
        'p.destino_lat',
        'p.destino_lng',
      ])
      .orderBy('t.id')
      .orderBy('s.numero')
      .execute();
    const porTransporte = agrupar(legs, (l) => l.transporte_id);
    expect(porTransporte.size).toBeGreaterThanOrEqual(60);
    expect([...porTransporte.values()].filter((l) => l.length > 1).length).toBeGreaterThan(5);
    const vistos = new Set<number>();
    const km = (aLat: unknown, aLng: unknown, bLat: unknown, bLng: unknown) =>
      Math.hypot(Number(aLat) - Number(bLat), Number(aLng) - Number(bLng));
    for (const tramos of porTransporte.values()) {
      const t = tramos[0]!;
      const where = `transporte ${t.referencia}`;
      if (t.carga_id !== null) continue; // a load of the exchange: its own route
      for (const l of tramos) {
        // A shipment is carried once, by a transport of its own route and day.
        expect(l.porte_id, where).not.toBeNull();
        expect(vistos.has(l.porte_id!), where).toBe(false);
        vistos.add(l.porte_id!);
        expect([l.s_origen, l.s_destino, l.s_bultos, l.s_peso], where).toEqual([
          l.p_origen,
          l.p_destino,
          l.p_bultos,
          l.p_peso,
        ]);
        expect([l.p_origen, l.fecha_carga_prevista], where).toEqual([t.t_origen, t.fecha_carga]);
        if (l.p_estado === 'pendiente') expect(t.t_estado, where).toBe('asignado');
        if (l.cmr_archivo_id !== null) expect(l.p_estado, where).toBe('entregado');
      }
      // The transport ends where and when its last leg is delivered; nearer drops first.
      const ultima = tramos.at(-1)!;
      expect([t.t_destino, t.fecha_descarga], where).toEqual([
        ultima.p_destino,
        ultima.fecha_entrega_prevista,
      ]);
      for (let k = 1; k < tramos.length; k++) {
        const antes = tramos[k - 1]!;
        expect(
          km(t.origen_lat, t.origen_lng, antes.destino_lat, antes.destino_lng),
          where,
        ).toBeLessThan(
          km(t.origen_lat, t.origen_lng, tramos[k]!.destino_lat, tramos[k]!.destino_lng),
        );
      }
      const estados = tramos.map((l) => l.p_estado);
      if (t.t_estado === 'entregado')
        expect(new Set(estados), where).toEqual(new Set(['entregado']));
      if (t.t_estado === 'en_transito') expect(estados, where).not.toContain('pendiente');
      // Not loaded yet: nothing of it delivered (the live demo trip waits for its loading).
      if (t.t_estado === 'asignado') expect(estados, where).not.toContain('entregado');
    }

    // A truck of the fleet drives one transport at a time; on the road, it was last seen
    // where its shipment last reported.
    const asignados = await handle.db
      .selectFrom('transportes')
      .select(['id', 'vehiculo_id', 'fecha_carga', 'fecha_descarga', 'estado'])
      .where('vehiculo_id', 'is not', null)
      .where('estado', '!=', 'anulado')
      .execute();
    for (const [vehiculo, viajes] of agrupar(asignados, (a) => a.vehiculo_id)) {
      const ordenados = viajes.sort((a, b) => a.fecha_carga.localeCompare(b.fecha_carga));
      for (let k = 1; k < ordenados.length; k++) {
        expect(
          ordenados[k]!.fecha_carga > ordenados[k - 1]!.fecha_descarga,
          `vehículo ${vehiculo}`,
        ).toBe(true);
      }
    }
  });

  it('nada ha ocurrido después de ahora: paradas, posiciones y registros', async () => {
    const ahora = madrid(NOW);
    for (const porte of await portesConParadas()) {
      for (const parada of porte.paradas) {
        const cuando = `${parada.fecha} ${parada.hora}`;
        expect(cuando <= ahora, `${porte.partida} ${cuando} > ${ahora}`).toBe(true);
      }
    }
    const instantes = [
      ...(await handle.db.selectFrom('vehiculos').select('ultima_posicion_at as t').execute()),
      ...(await handle.db.selectFrom('portes').select('entregado_at as t').execute()),
      ...(await handle.db.selectFrom('portes').select('created_at as t').execute()),
      ...(await handle.db.selectFrom('cargas').select('created_at as t').execute()),
      ...(await handle.db.selectFrom('ofertas').select('created_at as t').execute()),
      ...(await handle.db.selectFrom('transportes').select('created_at as t').execute()),
      ...(await handle.db.selectFrom('subpartidas').select('cmr_subido_at as t').execute()),
      ...(await handle.db.selectFrom('solicitudes').select('created_at as t').execute()),
      ...(await handle.db.selectFrom('sugerencias').select('created_at as t').execute()),
    ]
      .map((r) => r.t)
      .filter((t) => t !== null)
      .map((t) => new Date(t as string | Date).getTime());
    expect(instantes.length).toBeGreaterThan(100);
    expect(Math.max(...instantes)).toBeLessThanOrEqual(NOW.getTime());
    // Loads are published before their loading day, on several days (not all "just now").
    const cargas = await handle.db
      .selectFrom('cargas')
      .select(['created_at', 'fecha_carga'])
      .execute();
    const publicadas = cargas.map((c) => new Date(c.created_at as string | Date).toISOString());
    for (const [i, c] of cargas.entries())
      expect(publicadas[i]!.slice(0, 10) < c.fecha_carga).toBe(true);
    expect(new Set(publicadas.map((p) => p.slice(0, 10))).size).toBeGreaterThan(5);
  });

  it('certificados emitidos en el pasado: unos vigentes, uno a punto de caducar, uno caducado', async () => {
    const certificados = await handle.db
      .selectFrom('certificados')
      .select(['proveedor_id', 'fecha_emision', 'fecha_caducidad'])
      .execute();
    for (const c of certificados) {
      expect(c.fecha_emision).not.toBeNull();
      expect(String(c.fecha_emision) <= TODAY).toBe(true);
      expect(String(c.fecha_emision) < String(c.fecha_caducidad)).toBe(true);
    }
    const proveedor = await handle.db
      .selectFrom('usuarios_proveedores')
      .innerJoin('usuarios', 'usuarios.id', 'usuarios_proveedores.usuario_id')
      .select('proveedor_id')
      .where('usuarios.email', '=', DEMO_USERS.proveedor.email)
      .executeTakeFirstOrThrow();
    const propios = certificados
      .filter((c) => c.proveedor_id === proveedor.proveedor_id)
      .map((c) => String(c.fecha_caducidad));
    const enUnMes = '2026-12-22';
    expect(propios.filter((d) => d > enUnMes).length).toBeGreaterThanOrEqual(1);
    expect(propios.filter((d) => d >= TODAY && d <= enUnMes)).toHaveLength(1);
    expect(propios.filter((d) => d < TODAY).length).toBeGreaterThanOrEqual(1);
  });

  it('avisos: hablan de los portes, ofertas y cargas del demo, antes de ahora y sin eventos', async () => {
    const avisos = await handle.db
      .selectFrom('avisos_usuario as a')
      .innerJoin('usuarios as u', 'u.id', 'a.usuario_id')
      .select(['u.email', 'a.tipo', 'a.datos', 'a.evento_id', 'a.created_at', 'a.leido_at'])
      .orderBy('a.id')
      .execute();
    const de = (email: string) =>
      avisos
        .filter((a) => a.email === email)
        .map((a) => ({ ...a, datos: JSON.parse(a.datos!) as Record<string, unknown> }));
    const cliente = de(DEMO_USERS.cliente.email);
    expect(cliente.map((a) => a.tipo).sort()).toEqual(['porte_entregado', 'porte_retrasado']);
    for (const aviso of cliente) {
      const porte = await handle.db
        .selectFrom('portes')
        .select(['estado', 'destino_poblacion'])
        .where('partida', '=', aviso.datos['partida'] as string)
        .executeTakeFirstOrThrow();
      expect(porte.estado).toBe(aviso.tipo === 'porte_entregado' ? 'entregado' : 'en_transito');
      expect(aviso.datos['destino']).toBe(porte.destino_poblacion);
    }
    const proveedor = de(DEMO_USERS.proveedor.email);
    expect(proveedor.map((a) => a.datos['mensaje']).sort()).toEqual([
      'carga_publicada',
      'oferta_aceptada',
      'oferta_rechazada',
    ]);
    const aceptada = proveedor.find((a) => a.datos['mensaje'] === 'oferta_aceptada')!;
    const carga = await handle.db
      .selectFrom('cargas')
      .select(['estado', 'proveedor_asignado_id'])
      .where('referencia', '=', aceptada.datos['referencia'] as string)
      .executeTakeFirstOrThrow();
    expect(carga.estado).toBe('asignada');
    // The other users of the carrier hear of its offers, not of someone's saved search.
    expect(de(DEMO_USERS.limitado.email).map((a) => a.tipo)).toEqual(['oferta', 'oferta']);
    for (const aviso of avisos) {
      expect(aviso.evento_id).toBeNull();
      expect(new Date(aviso.created_at).getTime()).toBeLessThanOrEqual(NOW.getTime());
      if (aviso.leido_at) expect(aviso.leido_at >= aviso.created_at).toBe(true);
    }
    expect(await handle.db.selectFrom('eventos').select('id').execute()).toEqual([]);
  });
});
