import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.js';
import { clock } from '../../lib/clock.js';
import { kmLineaRecta } from '@extranet/contracts/common/geo';
import { buildTestApp } from '../../test/app.js';
import { captureCli } from '../../test/cli.js';
import { testDatabases, type TestDatabaseHandle } from '../../test/databases.js';
import { seedDemo } from './demo.js';
import { RUTA_A2 } from './ruta-a2.js';
import { PARTIDAS_VIAJE_DEMO, prepararViajeDemo, REFERENCIA_VIAJE_DEMO } from './viaje-demo.js';

const MIN = 60_000;

/**
 * Issue 17.5: the demo's live transport is on the road whenever the demo starts, its figures
 * agree with each other (stops from its legs, the position a minute old, the same position on
 * the vehicle), and `ruta-demo` drives it to Madrid through the real driver endpoints.
 */
describe.each(testDatabases())('transporte de demostración en ruta ($name)', ({ open }) => {
  let handle: TestDatabaseHandle;
  let app: App;
  let base: string;
  const { out, err, cli } = captureCli(() => app);

  beforeAll(async () => {
    handle = await open();
    app = await buildTestApp(handle);
    await seedDemo(handle.db);
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await handle.dispose();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const transporte = () =>
    handle.db
      .selectFrom('transportes')
      .select(['id', 'estado', 'vehiculo_id', 'fecha_carga', 'fecha_descarga'])
      .where('referencia', '=', REFERENCIA_VIAJE_DEMO)
      .executeTakeFirstOrThrow();

  const paradas = async () =>
    handle.db
      .selectFrom('transporte_paradas as p')
      .leftJoin('subpartidas as s', 's.id', 'p.subpartida_id')
      .select([
        'p.tipo',
        'p.poblacion',
        'p.ventana_hasta',
        'p.llegada_at',
        'p.completada_at',
        's.destino_poblacion as subpartida_destino',
      ])
      .where('p.transporte_id', '=', (await transporte()).id)
      .orderBy('p.orden')
      .execute();

  const seguimiento = async (partida: string) =>
    handle.db
      .selectFrom('seguimiento')
      .select(['comentarios', 'poblacion', 'kilometros_destino'])
      .where('partida', '=', partida)
      .orderBy('id')
      .execute();

  /** Runs `viaje-demo`; the printed link, pointed at the listening test server. */
  async function viajeDemo(): Promise<string> {
    out.length = 0;
    expect(await cli('viaje-demo'), err.join('\n')).toBe(0);
    const printed = new URL(out[0]!);
    expect(printed.pathname).toMatch(/^\/conductor\/[\w-]{40,}$/);
    return `${base}${printed.pathname}`;
  }

  it('en ruta ahora: paradas de sus subpartidas, posición de hace un minuto, cifras de acuerdo', async () => {
    await viajeDemo();
    const t = await transporte();
    expect(t.estado).toBe('en_transito');
    // One loading stop at the plant, then each leg's own destination, in leg order.
    expect(
      (await paradas()).map((p) => [p.tipo, p.poblacion, p.subpartida_destino, !!p.completada_at]),
    ).toEqual([
      ['carga', 'Zaragoza', null, true],
      ['descarga', 'Guadalajara', 'Guadalajara', false],
      ['descarga', 'Madrid', 'Madrid', false],
    ]);
    const eta = await handle.db
      .selectFrom('transporte_eta')
      .selectAll()
      .where('transporte_id', '=', t.id)
      .executeTakeFirstOrThrow();
    const edad = Date.now() - new Date(eta.posicion_at).getTime();
    expect(edad).toBeGreaterThanOrEqual(MIN);
    expect(edad).toBeLessThan(6 * MIN);
    // Delivery days are chosen so the truck makes its windows, whatever the hour.
    expect(eta.estado).toBe('a_tiempo');
    // Past the plant, on the A-2, well short of Madrid.
    const zaragoza = { lat: RUTA_A2[0]![0], lng: RUTA_A2[0]![1] };
    expect(kmLineaRecta(zaragoza, eta)).toBeGreaterThan(40);
    expect(Number(eta.km_restantes)).toBeGreaterThan(150);
    const vehiculo = await handle.db
      .selectFrom('vehiculos')
      .select(['ultima_lat', 'ultima_lng', 'ultima_posicion_at'])
      .where('id', '=', t.vehiculo_id!)
      .executeTakeFirstOrThrow();
    expect(vehiculo).toEqual({
      ultima_lat: eta.lat,
      ultima_lng: eta.lng,
      ultima_posicion_at: eta.posicion_at,
    });
    // The tracking stops are the driver's: arrived and loaded at the plant, km to its destination.
    for (const partida of PARTIDAS_VIAJE_DEMO) {
      const stops = await seguimiento(partida);
      expect(stops.map((s) => [s.comentarios, s.poblacion])).toEqual([
        ['Llegada al punto de carga', 'Zaragoza'],
        ['Mercancía cargada', 'Zaragoza'],
      ]);
      expect(Number(stops[0]?.kilometros_destino)).toBeGreaterThan(0);
    }
  });

  it('a tiempo a cualquier hora de arranque: las entregas pasan al día siguiente si no llega', async () => {
    // Madrid: 04:00, 11:30, 17:30 and 23:00 on a winter day (UTC+1).
    for (const instante of [
      '2026-11-24T03:00:00.000Z',
      '2026-11-24T10:30:00.000Z',
      '2026-11-24T16:30:00.000Z',
      '2026-11-24T22:00:00.000Z',
    ]) {
      vi.spyOn(clock, 'now').mockReturnValue(new Date(instante));
      expect(await prepararViajeDemo(handle.db, app.config)).not.toBeNull();
      const t = await transporte();
      const eta = await handle.db
        .selectFrom('transporte_eta')
        .select('estado')
        .where('transporte_id', '=', t.id)
        .executeTakeFirstOrThrow();
      expect([instante, eta.estado]).toEqual([instante, 'a_tiempo']);
      const entregas = (await paradas()).filter((p) => p.tipo === 'descarga');
      expect(entregas.map((p) => p.ventana_hasta >= instante)).toEqual([true, true]);
      expect(t.fecha_descarga >= t.fecha_carga).toBe(true);
    }
  });

  it('ruta-demo lo lleva por la A-2: descarga en Guadalajara y en Madrid, sin posiciones rechazadas', async () => {
    const url = await viajeDemo();
    const t = await transporte();
    out.length = 0;
    err.length = 0;
    expect(await cli('ruta-demo', '--url', url, '--intervalo', '0'), err.join('\n')).toBe(0);
    expect(err).toEqual([]);
    expect(out.at(-1)).toBe('Ruta terminada.');
    expect(out).toContain('  Descargado en Guadalajara.');
    expect(out).toContain('  Descargado en Madrid.');
    expect((await paradas()).every((p) => p.completada_at !== null)).toBe(true);
    const ultimo = await handle.db
      .selectFrom('posiciones_conductor')
      .select(['lat', 'lng'])
      .where('transporte_id', '=', t.id)
      .orderBy('tomada_at', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect([ultimo.lat, ultimo.lng]).toEqual(RUTA_A2.at(-1));
    expect((await seguimiento(PARTIDAS_VIAJE_DEMO[0])).at(-1)).toMatchObject({
      comentarios: 'Mercancía descargada',
      poblacion: 'Guadalajara',
      kilometros_destino: 0,
    });
    expect((await seguimiento(PARTIDAS_VIAJE_DEMO[1])).at(-1)).toMatchObject({
      comentarios: 'Mercancía descargada',
      poblacion: 'Madrid',
      kilometros_destino: 0,
    });

    // Put on the road again: the replayed link is revoked, the trip starts over.
    const otra = await viajeDemo();
    expect(otra).not.toBe(url);
    const viejo = await fetch(url.replace('/conductor/', '/api/conductor/'));
    expect(viejo.status).toBe(410);
    expect((await paradas()).map((p) => !!p.completada_at)).toEqual([true, false, false]);
    expect(await seguimiento(PARTIDAS_VIAJE_DEMO[1])).toHaveLength(2);
  });

  it('ruta-demo: un enlace mal escrito es un error de uso', async () => {
    err.length = 0;
    expect(await cli('ruta-demo', '--url', `${base}/clientes/x`)).toBe(2);
    expect(err.join('\n')).toContain('--url no es un enlace del conductor');
  });
});
