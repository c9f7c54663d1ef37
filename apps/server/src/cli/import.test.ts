import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliTestApp } from '../test/cli.js';
import { testDatabases } from '../test/databases.js';

const dir = mkdtempSync(path.join(tmpdir(), 'extranet-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const full = path.join(dir, name);
  writeFileSync(full, text);
  return full;
}

describe.each(testDatabases())('CLI import ($name)', ({ name: dbName, open }) => {
  const ctx = cliTestApp(open);
  const { out, err, cli } = ctx;

  const count = async (table: 'clientes' | 'usuarios' | 'portes') =>
    Number(
      (
        await ctx.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('CSV con errores: cada uno con su línea y campo, y no se guarda nada', async () => {
    const csv = file(
      `clientes-mal-${dbName}.csv`,
      [
        'erp_id,region,razon_social,localidad,activo',
        'IC-1,es,Uno S.L.,Huesca,sí',
        'IC-2,xx,Dos S.L.,Teruel,no',
        '',
        'IC-3,es,,Soria,quizá',
        'IC-1,es,Repetido,Huesca,1',
      ].join('\n'),
    );
    err.length = 0;
    expect(await cli('import', 'clientes', csv)).toBe(1);
    expect(err).toEqual([
      expect.stringMatching(/^fila 3 \(region\): /),
      expect.stringMatching(/^fila 5 \(razon_social\): /),
      expect.stringMatching(/^fila 5 \(activo\): /),
      'fila 6 (erp_id): repetido: ya está en la fila 2.',
      '4 errores: no se ha importado nada.',
    ]);
    expect(await count('clientes')).toBe(0);
  });

  it('CSV correcto: crea y actualiza con el servicio de la API', async () => {
    const csv = file(
      `clientes-${dbName}.csv`,
      'erp_id;region;razon_social;localidad;cp\nIC-1;es;Uno S.L.;Huesca;22001\nIC-2;it;Due S.r.l.;Milano;\n',
    );
    expect(await cli('import', 'clientes', csv)).toBe(0);
    expect(out.at(-1)).toBe('clientes: 2 importados (2 creados, 0 actualizados).');
    expect(await cli('import', 'clientes', csv)).toBe(0);
    expect(out.at(-1)).toBe('clientes: 2 importados (0 creados, 2 actualizados).');
    const uno = await ctx.app.db
      .selectFrom('clientes')
      .selectAll()
      .where('erp_id', '=', 'IC-1')
      .executeTakeFirstOrThrow();
    expect(uno).toMatchObject({ razon_social: 'Uno S.L.', cp: '22001', activo: 1 });
  });

  it('usuarios desde CSV: listas con | y recursos portal:recurso[:url]; errores del servicio con su línea', async () => {
    const bad = file(
      `usuarios-mal-${dbName}.csv`,
      [
        'erp_id,region,email,nombre,clientes,recursos',
        'IU-1,es,iu1@example.es,Uno,IC-1,clientes:apiweb.clientes.tracking',
        'IU-2,es,iu2@example.es,Dos,IC-1|NO-HAY,clientes:apiweb.clientes.nada',
      ].join('\n'),
    );
    err.length = 0;
    expect(await cli('import', 'usuarios', bad)).toBe(1);
    expect(err).toEqual([
      'fila 3 (clientes.1): No hay ningún cliente con erp_id NO-HAY.',
      'fila 3 (recursos.0.recurso): El recurso apiweb.clientes.nada no existe en el portal clientes.',
      '2 errores: no se ha importado nada.',
    ]);
    expect(await count('usuarios')).toBe(0);

    const good = file(
      `usuarios-${dbName}.csv`,
      [
        'erp_id,region,email,nombre,clientes,recursos,invitar',
        'IU-1,es,iu1@example.es,Uno,IC-1|IC-2,clientes:apiweb.clientes.tracking|clientes:Circuitoseguridad:https://circuito.example.com/x,sí',
      ].join('\n'),
    );
    expect(await cli('import', 'usuarios', good)).toBe(0);
    expect(out.at(-1)).toBe('usuarios: 1 importados (1 creados, 0 actualizados).');
    expect(err.at(-1)).toContain('la CLI no envía correos');
    const recursos = await ctx.app.db
      .selectFrom('recursos as r')
      .innerJoin('usuarios as u', 'u.id', 'r.usuario_id')
      .select(['r.recurso', 'r.api'])
      .where('u.erp_id', '=', 'IU-1')
      .orderBy('r.menu')
      .execute();
    expect(recursos).toEqual([
      { recurso: 'apiweb.clientes.tracking', api: '/api/clientes/tracking' },
      { recurso: 'Circuitoseguridad', api: 'https://circuito.example.com/x' },
    ]);
  });

  it('JSON: { items } o array; más de 1000 se parten pero siguen siendo todo o nada', async () => {
    const items = Array.from({ length: 1001 }, (_, i) => ({
      erp_id: `BULK-${i}`,
      region: 'es',
      razon_social: `Bulk ${i}`,
      localidad: 'Zaragoza',
    }));
    const before = await count('clientes');
    // The last record (2nd batch) is wrong: the first 1000 are not written either.
    const bad = file(
      `bulk-mal-${dbName}.json`,
      JSON.stringify({ items: [...items.slice(0, 1000), { ...items[1000], region: 'zz' }] }),
    );
    err.length = 0;
    expect(await cli('import', 'clientes', bad)).toBe(1);
    expect(err[0]).toMatch(/^fila 1001 \(region\): /);
    expect(await count('clientes')).toBe(before);

    // A key repeated across batches is caught too.
    const repeated = file(
      `bulk-rep-${dbName}.json`,
      JSON.stringify([...items.slice(0, 1000), { ...items[1000], erp_id: 'BULK-3' }]),
    );
    expect(await cli('import', 'clientes', repeated)).toBe(1);
    expect(err).toContain('fila 1001 (erp_id): repetido: ya está en la fila 4.');
    expect(await count('clientes')).toBe(before);

    // An unknown client in the second batch of portes: nothing written.
    const portes = file(
      `portes-mal-${dbName}.json`,
      JSON.stringify(
        Array.from({ length: 1001 }, (_, i) => ({
          partida: `IMP-${i}`,
          cliente_erp_id: i === 1000 ? 'NO-HAY' : 'IC-1',
          origen_poblacion: 'Huesca',
          origen_cp: '22001',
          origen_pais_iso: 'ES',
          destino_poblacion: 'Milano',
          destino_cp: '20121',
          destino_pais_iso: 'IT',
          fecha_carga_prevista: '2026-11-23',
          bultos: 1,
          peso_kg: 100,
          p_facturable_kg: 100,
        })),
      ),
    );
    err.length = 0;
    expect(await cli('import', 'portes', portes)).toBe(1);
    expect(err[0]).toBe('fila 1001 (cliente_erp_id): No hay ningún cliente con erp_id NO-HAY.');
    expect(await count('portes')).toBe(0);

    const good = file(`bulk-${dbName}.json`, JSON.stringify(items));
    expect(await cli('import', 'clientes', good)).toBe(0);
    expect(out.at(-1)).toBe('clientes: 1001 importados (1001 creados, 0 actualizados).');
    expect(await count('clientes')).toBe(before + 1001);
  }, 60_000);

  it('facturas desde JSON: líneas anidadas; la misma serie y número dos veces es un error', async () => {
    const cliente = file(
      `cliente-facturas-${dbName}.json`,
      JSON.stringify([
        { erp_id: 'IF-1', region: 'es', razon_social: 'Fact S.L.', localidad: 'Jaca' },
      ]),
    );
    expect(await cli('import', 'clientes', cliente)).toBe(0);
    const factura = (serie: string, numero: number) => ({
      serie,
      numero,
      cliente_erp_id: 'IF-1',
      fecha_emision: '2026-11-20',
      vto: '2026-12-20',
      base_imponible_centimos: 10000,
      iva_porcentaje: 21,
      iva_centimos: 2100,
      importe_centimos: 12100,
      pagada: false,
      lineas: [
        { concepto: 'Transporte', cantidad: 2, precio_centimos: 5000, importe_centimos: 10000 },
      ],
    });
    err.length = 0;
    const repetida = file(
      `facturas-mal-${dbName}.json`,
      JSON.stringify({ items: [factura('FV', 1), factura('FW', 1), factura('FV', 1)] }),
    );
    expect(await cli('import', 'facturas', repetida)).toBe(1);
    expect(err.some((line) => /^fila 3 \(numero\): /.test(line))).toBe(true);
    expect(err.some((line) => /^fila 2 /.test(line))).toBe(false);

    out.length = 0;
    const buena = file(
      `facturas-${dbName}.json`,
      JSON.stringify({ items: [factura('FV', 1), factura('FW', 1)] }),
    );
    expect(await cli('import', 'facturas', buena)).toBe(0);
    const lineas = await ctx.app.db
      .selectFrom('factura_lineas as l')
      .innerJoin('facturas as f', 'f.id', 'l.factura_id')
      .select(['f.serie', 'l.importe_centimos'])
      .orderBy('f.serie')
      .execute();
    expect(lineas.map((l) => [l.serie, Number(l.importe_centimos)])).toEqual([
      ['FV', 10000],
      ['FW', 10000],
    ]);
  });

  it('errores de uso y de fichero', async () => {
    expect(await cli('import')).toBe(2);
    expect(await cli('import', 'albaranes', 'x.csv')).toBe(2);
    expect(err.at(-1)).toMatch(
      /^Recurso desconocido: albaranes\. Recursos: clientes, proveedores, portes, cargas, transportes, facturas, prevencion, usuarios\./,
    );
    expect(await cli('import', 'clientes', 'x.txt')).toBe(2);
    expect(await cli('import', 'clientes', path.join(dir, 'no-existe.csv'))).toBe(1);
    expect(err.at(-1)).toMatch(/^No se puede leer /);
    expect(await cli('import', 'clientes', file(`roto-${dbName}.json`, '{"items": ['))).toBe(1);
    expect(err.at(-1)).toMatch(/^JSON no válido: /);
    expect(await cli('import', 'clientes', file(`obj-${dbName}.json`, '{"a": 1}'))).toBe(1);
    expect(await cli('import', 'clientes', file(`vacio-${dbName}.json`, '[]'))).toBe(1);
    expect(err).toContain('El fichero no tiene registros.');
    expect(await cli('import', 'clientes', file(`col-${dbName}.csv`, 'erp_id,nombre\nX,Y\n'))).toBe(
      1,
    );
    expect(err.some((l) => l.startsWith('columna nombre: no es un campo'))).toBe(true);
    expect(await cli('import', '--help')).toBe(0);
    expect(out.at(-1)).toContain('import <recurso>');
  });
});
