import { transporteEjemplo } from '@extranet/contracts/integracion/transportes';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test/databases.js';
import { erpCaller, useErpApp } from '../../../test/integracion.js';
import { createProveedorConUsuario } from '../../../test/proveedores.js';
import type { TestBrowser } from '../../../test/session.js';
import { signedIn } from '../../../test/session.js';
import { createApiKey } from '../../api-keys/service.js';
import { multipart, pdfBytes, postMultipart } from '../../../test/transportes.js';

const V1 = '/api/integration/v1';

function leg(erpId: string, overrides: Record<string, unknown> = {}) {
  return {
    erp_id: erpId,
    origen_poblacion: 'Zaragoza',
    destino_poblacion: 'Lyon',
    bultos: 10,
    peso_kg: 5000,
    ...overrides,
  };
}

/** The contract's example transport for carrier PA, with no load and legs of its own. */
function transporte(erpId: string, overrides: Record<string, unknown> = {}) {
  return {
    ...transporteEjemplo,
    erp_id: erpId,
    proveedor_erp_id: 'PA',
    referencia: `REF-${erpId}`,
    carga_referencia: null,
    subpartidas: [leg(`${erpId}-1`), leg(`${erpId}-2`, { bultos: 3, peso_kg: 700 })],
    ...overrides,
  };
}

interface Detalle {
  id: number;
  referencia: string;
  bultos: number;
  peso_kg: number;
  subpartidas: number;
  cmr_pendientes: number;
  subpartidas_detalle: Array<{
    id: number;
    numero: number;
    destino_poblacion: string;
    bultos: number;
    cmr_archivo_id: number | null;
  }>;
}

describe.each(testDatabases())('API de integración: transportes ($name)', ({ open }) => {
  const erp = useErpApp(open, [
    'clientes:write',
    'portes:write',
    'cargas:write',
    'transportes:write',
  ]);
  let cargasOnlyKey: string;
  let a: { proveedorId: number; email: string };
  let b: { proveedorId: number; email: string };
  let portalA: TestBrowser;
  let portalB: TestBrowser;

  beforeAll(async () => {
    cargasOnlyKey = (await createApiKey(erp.app.db, { nombre: 'Bolsa', scopes: ['cargas:write'] }))
      .key;
    a = await createProveedorConUsuario(erp.handle.db);
    b = await createProveedorConUsuario(erp.handle.db);
    for (const [carrier, erpId] of [
      [a, 'PA'],
      [b, 'PB'],
    ] as const) {
      await erp.handle.db
        .updateTable('proveedores')
        .set({ erp_id: erpId })
        .where('id', '=', carrier.proveedorId)
        .execute();
    }
    portalA = await signedIn(erp.app, a.email, { portal: 'proveedores' });
    portalB = await signedIn(erp.app, b.email, { portal: 'proveedores' });

    const setup = [
      call('PUT', `${V1}/clientes`, {
        items: [{ erp_id: 'C-1', region: 'es', razon_social: 'Conservas', localidad: 'Logroño' }],
      }),
      call('PUT', `${V1}/cargas`, {
        items: [
          {
            referencia: 'C26-1',
            region: 'es',
            origen_poblacion: 'Zaragoza',
            origen_cp: '50001',
            origen_pais_iso: 'ES',
            destino_poblacion: 'Lyon',
            destino_cp: '69001',
            destino_pais_iso: 'FR',
            fecha_carga: '2026-11-25',
            fecha_descarga: '2026-11-26',
            tipo_vehiculo: 'lona',
            peso_kg: 20000,
            palets: 30,
          },
        ],
      }),
    ];
    for (const res of await Promise.all(setup)) expect(res.statusCode).toBe(200);
    const portes = await call('PUT', `${V1}/portes`, {
      items: ['P-1', 'P-2'].map((partida) => ({
        partida,
        cliente_erp_id: 'C-1',
        origen_poblacion: 'Zaragoza',
        origen_cp: '50001',
        origen_pais_iso: 'ES',
        destino_poblacion: 'Lyon',
        destino_cp: '69001',
        destino_pais_iso: 'FR',
        fecha_carga_prevista: '2026-11-25',
        bultos: 10,
        peso_kg: 5000,
        p_facturable_kg: 5000,
      })),
    });
    expect(portes.statusCode).toBe(200);
  }, 60_000);

  const call = erpCaller(
    () => erp.app,
    () => erp.key,
  );

  const enviar = (...items: unknown[]) => call('PUT', `${V1}/transportes`, { items });

  const transportePorErp = (erpId: string) =>
    erp.handle.db
      .selectFrom('transportes')
      .selectAll()
      .where('erp_id', '=', erpId)
      .executeTakeFirst();

  async function detalle(portal: TestBrowser, id: number) {
    const res = await portal.get(`/api/proveedores/transportes/${id}`);
    return { status: res.statusCode, body: res.json<Detalle>() };
  }

  async function subirCmr(subpartidaId: number) {
    const res = await postMultipart(
      portalA,
      `/api/proveedores/subpartidas/${subpartidaId}/cmr`,
      multipart({}, { filename: 'cmr.pdf', content: pdfBytes('cmr') }),
    );
    expect(res.statusCode).toBe(201);
    return res.json<{ cmr_archivo_id: number }>().cmr_archivo_id;
  }

  it('documentada en OpenAPI con resumen y ejemplo', async () => {
    const doc = (await erp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const put = doc.paths['/api/integration/v1/transportes'].put;
    expect(put.tags).toEqual(['integracion']);
    expect(put.summary).toEqual(expect.any(String));
    expect(JSON.stringify(put.requestBody)).toContain(transporteEjemplo.erp_id);
  });

  it('sin el permiso transportes:write: 403', async () => {
    const res = await call(
      'PUT',
      `${V1}/transportes`,
      { items: [transporte('T-SCOPE')] },
      { key: cargasOnlyKey },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('INSUFFICIENT_SCOPE');
    expect(await transportePorErp('T-SCOPE')).toBeUndefined();
  });

  it('un transporte enviado aparece en el histórico, el detalle y los albaranes pendientes de su transportista', async () => {
    const res = await enviar(
      transporte('T-1', {
        carga_referencia: 'C26-1',
        subpartidas: [
          leg('T-1-1', { partida: 'P-1' }),
          leg('T-1-2', { destino_poblacion: 'Villeurbanne', bultos: 3, peso_kg: 700 }),
        ],
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ creados: 1, actualizados: 0 });
    const id = res.json().items[0].id as number;
    const stored = await transportePorErp('T-1');
    expect(stored).toMatchObject({ id, proveedor_id: a.proveedorId, estado: 'en_transito' });
    expect(stored?.carga_id).not.toBeNull();

    const historial = await portalA.get('/api/proveedores/transportes?limit=200');
    expect(historial.statusCode).toBe(200);
    const row = historial.json().items.find((t: { id: number }) => t.id === id);
    expect(row).toEqual({
      id,
      referencia: 'REF-T-1',
      matricula: '1234KLM',
      conductor: 'Jorge Sanz',
      fecha_carga: '2026-11-25',
      fecha_descarga: '2026-11-26',
      origen_poblacion: 'Zaragoza',
      origen_pais_iso: 'ES',
      destino_poblacion: 'Lyon',
      destino_pais_iso: 'FR',
      bultos: 13,
      peso_kg: 5700,
      importe_centimos: 139000,
      estado: 'en_transito',
      incidencia: null,
      subpartidas: 2,
      cmr_pendientes: 2,
      facturado: false,
    });

    const { status, body } = await detalle(portalA, id);
    expect(status).toBe(200);
    expect(
      body.subpartidas_detalle.map((s) => [s.numero, s.destino_poblacion, s.cmr_archivo_id]),
    ).toEqual([
      [1, 'Lyon', null],
      [2, 'Villeurbanne', null],
    ]);
    const porte = await erp.handle.db
      .selectFrom('subpartidas as s')
      .innerJoin('portes as p', 'p.id', 's.porte_id')
      .select('p.partida')
      .where('s.transporte_id', '=', id)
      .execute();
    expect(porte).toEqual([{ partida: 'P-1' }]);

    const pendientes = await portalA.get('/api/proveedores/albaranes-pendientes?limit=200');
    expect(pendientes.statusCode).toBe(200);
    const pendiente = pendientes.json().items.find((t: { id: number }) => t.id === id);
    expect(pendiente.subpartidas).toHaveLength(2);

    // Another carrier never sees it.
    expect((await detalle(portalB, id)).status).toBe(404);
  });

  it('la actualización sustituye las subpartidas: conserva, reordena, añade y quita las que no tienen CMR', async () => {
    const first = await enviar(transporte('T-2', { subpartidas: [leg('A'), leg('B'), leg('C')] }));
    expect(first.statusCode).toBe(200);
    const id = first.json().items[0].id as number;
    const antes = (await detalle(portalA, id)).body.subpartidas_detalle;
    const idDe = (numero: number) => antes.find((s) => s.numero === numero)!.id;

    const second = await enviar(
      transporte('T-2', {
        referencia: 'REF-T-2-bis',
        subpartidas: [
          leg('C', { bultos: 7 }),
          leg('D', { destino_poblacion: 'Grenoble' }),
          leg('A'),
        ],
      }),
    );
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      creados: 0,
      actualizados: 1,
      items: [{ erp_id: 'T-2', id, creado: false }],
    });
    const despues = (await detalle(portalA, id)).body;
    expect(despues.referencia).toBe('REF-T-2-bis');
    expect(
      despues.subpartidas_detalle.map((s) => [s.numero, s.bultos, s.destino_poblacion]),
    ).toEqual([
      [1, 7, 'Lyon'],
      [2, 10, 'Grenoble'],
      [3, 10, 'Lyon'],
    ]);
    // Kept legs keep their ids (a CMR link would survive); B is gone.
    expect(despues.subpartidas_detalle[0]!.id).toBe(idDe(3));
    expect(despues.subpartidas_detalle[2]!.id).toBe(idDe(1));
    expect(despues.subpartidas_detalle.map((s) => s.id)).not.toContain(idDe(2));
    expect(despues.subpartidas).toBe(3);
  });

  it('una subpartida con CMR no se quita y el transporte no cambia de proveedor (errores con índice; nada se guarda)', async () => {
    const res = await enviar(transporte('T-3'));
    const id = res.json().items[0].id as number;
    const [conCmr, sinCmr] = (await detalle(portalA, id)).body.subpartidas_detalle;
    const archivoId = await subirCmr(conCmr!.id);

    const otro = transporte('T-3-NUEVO');
    const quitar = await enviar(
      otro,
      transporte('T-3', { referencia: 'Cambiada', subpartidas: [leg('T-3-2')] }),
    );
    expect(quitar.statusCode).toBe(400);
    expect(quitar.json().error.details).toEqual([
      {
        index: 1,
        path: 'subpartidas',
        message: 'La subpartida T-3-1 ya tiene su CMR: no se puede quitar.',
      },
    ]);
    const mover = await enviar(transporte('T-3', { proveedor_erp_id: 'PB' }));
    expect(mover.statusCode).toBe(400);
    expect(mover.json().error.details).toEqual([
      {
        index: 0,
        path: 'proveedor_erp_id',
        message:
          'El transportista ya ha subido el CMR o la factura de este transporte: no se puede pasar a otro proveedor.',
      },
    ]);
    expect(await transportePorErp('T-3-NUEVO')).toBeUndefined();
    expect(await transportePorErp('T-3')).toMatchObject({
      referencia: 'REF-T-3',
      proveedor_id: a.proveedorId,
    });

    // Kept and changed, the leg keeps its CMR; the other may go.
    const ok = await enviar(
      transporte('T-3', { subpartidas: [leg('T-3-1', { bultos: 11 })], estado: 'entregado' }),
    );
    expect(ok.statusCode).toBe(200);
    const { body } = await detalle(portalA, id);
    expect(body.subpartidas_detalle).toEqual([
      expect.objectContaining({ id: conCmr!.id, numero: 1, bultos: 11, cmr_archivo_id: archivoId }),
    ]);
    expect(body.subpartidas_detalle.map((s) => s.id)).not.toContain(sinCmr!.id);
    expect(body.cmr_pendientes).toBe(0);
  });

  it('un transporte sin documentos pasa a otro proveedor: sale de un portal y entra en el otro', async () => {
    const res = await enviar(transporte('T-4'));
    const id = res.json().items[0].id as number;
    expect((await detalle(portalA, id)).status).toBe(200);
    const moved = await enviar(transporte('T-4', { proveedor_erp_id: 'PB' }));
    expect(moved.statusCode).toBe(200);
    expect((await detalle(portalA, id)).status).toBe(404);
    expect((await detalle(portalB, id)).status).toBe(200);
  });

  it('proveedor, carga o partida desconocidos, fechas al revés, subpartida repetida: errores con índice; nada se guarda', async () => {
    const desconocidos = await enviar(
      transporte('T-5-OK'),
      transporte('T-5-A', { proveedor_erp_id: 'NO' }),
      transporte('T-5-B', {
        carga_referencia: 'NO-EXISTE',
        subpartidas: [leg('X'), leg('Y', { partida: 'P-NO' })],
      }),
    );
    expect(desconocidos.statusCode).toBe(400);
    expect(desconocidos.json().error.details).toEqual([
      { index: 1, path: 'proveedor_erp_id', message: 'No hay ningún proveedor con erp_id NO.' },
      {
        index: 2,
        path: 'carga_referencia',
        message: 'No hay ninguna carga con referencia NO-EXISTE.',
      },
      { index: 2, path: 'subpartidas.1.partida', message: 'No hay ningún porte con partida P-NO.' },
    ]);
    expect(await transportePorErp('T-5-OK')).toBeUndefined();

    const invalidos = await enviar(
      transporte('T-6-OK'),
      transporte('T-6-A', { fecha_descarga: '2026-11-24' }),
      transporte('T-6-B', { subpartidas: [leg('X'), leg('X')] }),
      transporte('T-6-C', { subpartidas: [] }),
    );
    expect(invalidos.statusCode).toBe(400);
    const details = invalidos.json().error.details as Array<{ index: number; path: string }>;
    expect(details.map((d) => [d.index, d.path]).sort()).toEqual([
      [1, 'fecha_descarga'],
      [2, 'subpartidas.1.erp_id'],
      [3, 'subpartidas'],
    ]);
    expect(await transportePorErp('T-6-OK')).toBeUndefined();
  });
});
