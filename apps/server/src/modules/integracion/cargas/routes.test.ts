import { cargaEjemplo } from '@extranet/contracts/integracion/cargas';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test/databases.js';
import { erpCaller, useErpApp } from '../../../test/integracion.js';
import { createProveedorConUsuario } from '../../../test/proveedores.js';
import { signedIn } from '../../../test/session.js';
import { createApiKey } from '../../api-keys/service.js';

const V1 = '/api/integration/v1';

let seq = 0;
/** A unique referencia per call: every test works on its own loads. */
function ref(tag: string): string {
  seq += 1;
  return `${tag}-${seq}`;
}

/** The contract's example load under another referencia. */
function carga(referencia: string, overrides: Record<string, unknown> = {}) {
  return { ...cargaEjemplo, referencia, ...overrides };
}

interface Carrier {
  proveedorId: number;
  usuarioId: number;
  email: string;
}

describe.each(testDatabases())('API de integración: cargas ($name)', ({ open }) => {
  const erp = useErpApp(open, ['cargas:write']);
  let transportesOnlyKey: string;
  let a: Carrier;
  let b: Carrier;
  let c: Carrier;

  beforeAll(async () => {
    transportesOnlyKey = (
      await createApiKey(erp.app.db, { nombre: 'TMS', scopes: ['transportes:write'] })
    ).key;
    a = await createProveedorConUsuario(erp.handle.db);
    b = await createProveedorConUsuario(erp.handle.db);
    c = await createProveedorConUsuario(erp.handle.db);
  }, 60_000);

  const call = erpCaller(
    () => erp.app,
    () => erp.key,
  );

  const adjudicar = (referencia: string, ofertaId: number, idempotencyKey?: string) =>
    call(
      'POST',
      `${V1}/cargas/${referencia}/adjudicacion`,
      { oferta_id: ofertaId },
      idempotencyKey ? { idempotencyKey } : {},
    );

  const cargaPorRef = (referencia: string) =>
    erp.handle.db
      .selectFrom('cargas')
      .selectAll()
      .where('referencia', '=', referencia)
      .executeTakeFirst();

  async function oferta(
    cargaId: number,
    carrier: Carrier,
    precio: number,
    estado: 'pendiente' | 'retirada' = 'pendiente',
  ) {
    const row = await erp.handle.db
      .insertInto('ofertas')
      .values({
        carga_id: cargaId,
        proveedor_id: carrier.proveedorId,
        usuario_id: carrier.usuarioId,
        precio_centimos: precio,
        estado,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  const estadosDe = async (ids: number[]) =>
    Object.fromEntries(
      (
        await erp.handle.db
          .selectFrom('ofertas')
          .select(['id', 'estado'])
          .where('id', 'in', ids)
          .execute()
      ).map((o) => [Number(o.id), o.estado]),
    );

  /** An open load created through the API, with its id. */
  async function cargaAbierta(tag: string) {
    const referencia = ref(tag);
    const res = await call('PUT', `${V1}/cargas`, { items: [carga(referencia)] });
    expect(res.statusCode).toBe(200);
    return { referencia, id: res.json().items[0].id as number };
  }

  async function ultimoEvento(): Promise<number> {
    const row = await erp.handle.db
      .selectFrom('eventos')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  }

  /** The events recorded after `desde`, with their deliveries. */
  async function eventosDesde(desde: number) {
    const eventos = await erp.handle.db
      .selectFrom('eventos')
      .select(['id', 'tipo', 'payload'])
      .where('id', '>', desde)
      .orderBy('id')
      .execute();
    const entregas = eventos.length
      ? await erp.handle.db
          .selectFrom('entregas')
          .select(['evento_id', 'canal', 'destino'])
          .where(
            'evento_id',
            'in',
            eventos.map((e) => e.id),
          )
          .orderBy('id')
          .execute()
      : [];
    return eventos.map((e) => ({
      tipo: e.tipo,
      payload: JSON.parse(e.payload) as Record<string, unknown>,
      entregas: entregas
        .filter((d) => Number(d.evento_id) === Number(e.id))
        .map((d) => `${d.canal} ${d.destino}`),
    }));
  }

  const avisos = (carrier: Carrier) => [
    `email usuario:${carrier.usuarioId}`,
    `push usuario:${carrier.usuarioId}`,
  ];

  /** The event that tells a carrier of its offer on a Zaragoza → Lyon load, with its notices. */
  const eventoOferta = (
    tipo: 'oferta.aceptada' | 'oferta.rechazada',
    oferta: { id: number; cargaId: number; referencia: string; precioCentimos: number },
    carrier: Carrier,
  ) => ({
    tipo,
    payload: {
      oferta_id: oferta.id,
      carga_id: oferta.cargaId,
      proveedor_id: carrier.proveedorId,
      referencia: oferta.referencia,
      origen_poblacion: 'Zaragoza',
      destino_poblacion: 'Lyon',
      fecha_carga: '2026-11-25',
      precio_centimos: oferta.precioCentimos,
    },
    entregas: avisos(carrier),
  });

  it('documentadas en OpenAPI con resumen y ejemplo', async () => {
    const doc = (await erp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const put = doc.paths['/api/integration/v1/cargas'].put;
    const post = doc.paths['/api/integration/v1/cargas/{referencia}/adjudicacion'].post;
    for (const op of [put, post]) {
      expect(op.tags).toEqual(['integracion']);
      expect(op.summary).toEqual(expect.any(String));
    }
    expect(JSON.stringify(put.requestBody)).toContain(cargaEjemplo.referencia);
    expect(JSON.stringify(post.requestBody)).toContain('812');
    expect(Object.keys(post.responses)).toEqual(
      expect.arrayContaining(['200', '404', '409', '422']),
    );
  });

  describe('PUT /cargas', () => {
    it('sin el permiso cargas:write: 403', async () => {
      const referencia = ref('SCOPE');
      const res = await call(
        'PUT',
        `${V1}/cargas`,
        { items: [carga(referencia)] },
        { key: transportesOnlyKey },
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('INSUFFICIENT_SCOPE');
      expect(await cargaPorRef(referencia)).toBeUndefined();
    });

    it('crea y después actualiza por referencia; la carga aparece en la bolsa del portal', async () => {
      const r1 = ref('ALTA');
      const r2 = ref('ALTA');
      const first = await call('PUT', `${V1}/cargas`, {
        items: [carga(r1), carga(r2, { precio_guia_centimos: null, observaciones: null })],
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        creados: 2,
        actualizados: 0,
        items: [
          { erp_id: r1, creado: true },
          { erp_id: r2, creado: true },
        ],
      });
      const stored = await cargaPorRef(r1);
      expect(stored).toMatchObject({
        region: 'es',
        origen_poblacion: 'Zaragoza',
        fecha_carga: '2026-11-25',
        fecha_descarga: '2026-11-26',
        tipo_vehiculo: 'lona',
        peso_kg: 22000,
        palets: 33,
        precio_guia_centimos: 145000,
        estado: 'abierta',
        proveedor_asignado_id: null,
      });
      expect((await cargaPorRef(r2))?.precio_guia_centimos).toBeNull();

      const second = await call('PUT', `${V1}/cargas`, {
        items: [carga(r1, { peso_kg: 18000, tipo_vehiculo: 'frigorifico', estado: 'cerrada' })],
      });
      expect(second.json()).toMatchObject({
        creados: 0,
        actualizados: 1,
        items: [{ erp_id: r1, id: first.json().items[0].id, creado: false }],
      });
      expect(await cargaPorRef(r1)).toMatchObject({
        peso_kg: 18000,
        tipo_vehiculo: 'frigorifico',
        estado: 'cerrada',
      });

      const browser = await signedIn(erp.app, a.email, { portal: 'proveedores' });
      const list = await browser.get('/api/proveedores/cargas?limit=200');
      expect(list.statusCode).toBe(200);
      const refs = list
        .json<{ items: Array<{ referencia: string }> }>()
        .items.map((i) => i.referencia);
      // Open loads are on the exchange; a closed one is not.
      expect(refs).toContain(r2);
      expect(refs).not.toContain(r1);
    });

    it('fechas al revés, tipo de vehículo desconocido y referencia repetida: errores con índice; nada se guarda', async () => {
      const ok = ref('VAL');
      const res = await call('PUT', `${V1}/cargas`, {
        items: [
          carga(ok),
          carga(ref('VAL'), { fecha_carga: '2026-11-27', fecha_descarga: '2026-11-26' }),
          carga(ref('VAL'), { tipo_vehiculo: 'camion' }),
        ],
      });
      expect(res.statusCode).toBe(400);
      const details = res.json().error.details as Array<{
        index?: number;
        path: string;
        message: string;
      }>;
      expect(details.map((d) => [d.index, d.path]).sort()).toEqual([
        [1, 'fecha_descarga'],
        [2, 'tipo_vehiculo'],
      ]);
      expect(details.find((d) => d.index === 1)?.message).toBe(
        'La fecha de descarga no puede ser anterior a la de carga.',
      );
      expect(await cargaPorRef(ok)).toBeUndefined();

      const dup = await call('PUT', `${V1}/cargas`, { items: [carga(ok), carga(ok)] });
      expect(dup.statusCode).toBe(400);
      expect(dup.json().error.details).toEqual([
        { index: 1, path: 'referencia', message: 'Referencia repetida en el lote.' },
      ]);
      expect(await cargaPorRef(ok)).toBeUndefined();
    });

    it('una carga adjudicada no se reabre (error con índice, nada se guarda); como cerrada sigue adjudicada', async () => {
      const { referencia, id } = await cargaAbierta('ASIG');
      const ofertaA = await oferta(id, a, 130000);
      expect((await adjudicar(referencia, ofertaA)).statusCode).toBe(200);

      const nueva = ref('ASIG');
      const reopen = await call('PUT', `${V1}/cargas`, {
        items: [carga(nueva), carga(referencia, { estado: 'abierta', peso_kg: 1 })],
      });
      expect(reopen.statusCode).toBe(400);
      expect(reopen.json().error.details).toEqual([
        {
          index: 1,
          path: 'estado',
          message: 'La carga ya está adjudicada: no se puede volver a abrir.',
        },
      ]);
      expect(await cargaPorRef(nueva)).toBeUndefined();
      expect(await cargaPorRef(referencia)).toMatchObject({ estado: 'asignada', peso_kg: 22000 });

      const closed = await call('PUT', `${V1}/cargas`, {
        items: [carga(referencia, { estado: 'cerrada', peso_kg: 21000 })],
      });
      expect(closed.statusCode).toBe(200);
      expect(await cargaPorRef(referencia)).toMatchObject({
        estado: 'asignada',
        proveedor_asignado_id: a.proveedorId,
        peso_kg: 21000,
      });
      expect(await estadosDe([ofertaA])).toEqual({ [ofertaA]: 'aceptada' });
    });

    it('anular una carga rechaza sus ofertas pendientes y avisa a cada transportista', async () => {
      const { referencia, id } = await cargaAbierta('ANUL');
      const otra = await cargaAbierta('ANUL');
      const ofertaA = await oferta(id, a, 140000);
      const ofertaB = await oferta(id, b, 135000);
      const retirada = await oferta(id, c, 120000, 'retirada');
      const ajena = await oferta(otra.id, a, 150000);
      const desde = await ultimoEvento();

      const res = await call('PUT', `${V1}/cargas`, {
        items: [carga(referencia, { estado: 'anulada' }), carga(otra.referencia)],
      });
      expect(res.statusCode).toBe(200);
      expect((await cargaPorRef(referencia))?.estado).toBe('anulada');
      expect(await estadosDe([ofertaA, ofertaB, retirada, ajena])).toEqual({
        [ofertaA]: 'rechazada',
        [ofertaB]: 'rechazada',
        [retirada]: 'retirada',
        [ajena]: 'pendiente',
      });
      const eventos = await eventosDesde(desde);
      expect(eventos).toEqual([
        eventoOferta(
          'oferta.rechazada',
          { id: ofertaA, cargaId: id, referencia, precioCentimos: 140000 },
          a,
        ),
        {
          tipo: 'oferta.rechazada',
          payload: expect.objectContaining({ oferta_id: ofertaB, proveedor_id: b.proveedorId }),
          entregas: avisos(b),
        },
      ]);

      // Sent again as cancelled: nothing left to reject, nobody is told twice.
      const again = await call('PUT', `${V1}/cargas`, {
        items: [carga(referencia, { estado: 'anulada' })],
      });
      expect(again.statusCode).toBe(200);
      expect(await eventosDesde(desde)).toHaveLength(2);
    });
  });

  describe('POST /cargas/{referencia}/adjudicacion', () => {
    it('acepta la oferta, rechaza las demás pendientes, asigna la carga y avisa en la misma transacción', async () => {
      const { referencia, id } = await cargaAbierta('ADJ');
      const ganadora = await oferta(id, a, 139000);
      const perdedora = await oferta(id, b, 141000);
      const retirada = await oferta(id, c, 99000, 'retirada');
      const desde = await ultimoEvento();

      const res = await adjudicar(referencia, ganadora);
      expect(res.statusCode).toBe(200);
      const expected = {
        carga_id: id,
        referencia,
        estado: 'asignada',
        proveedor_asignado_id: a.proveedorId,
        oferta: {
          id: ganadora,
          proveedor_id: a.proveedorId,
          precio_centimos: 139000,
          estado: 'aceptada',
        },
      };
      expect(res.json()).toEqual(expected);
      expect(await cargaPorRef(referencia)).toMatchObject({
        estado: 'asignada',
        proveedor_asignado_id: a.proveedorId,
      });
      expect(await estadosDe([ganadora, perdedora, retirada])).toEqual({
        [ganadora]: 'aceptada',
        [perdedora]: 'rechazada',
        [retirada]: 'retirada',
      });
      const eventos = await eventosDesde(desde);
      expect(eventos).toEqual([
        eventoOferta(
          'oferta.aceptada',
          { id: ganadora, cargaId: id, referencia, precioCentimos: 139000 },
          a,
        ),
        {
          tipo: 'oferta.rechazada',
          payload: expect.objectContaining({
            oferta_id: perdedora,
            proveedor_id: b.proveedorId,
            precio_centimos: 141000,
          }),
          entregas: avisos(b),
        },
      ]);

      // The same award again: the same answer, no second notice.
      const again = await adjudicar(referencia, ganadora);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(expected);
      expect(await eventosDesde(desde)).toHaveLength(2);

      // The winner's portal shows its offer accepted; the load has left the exchange.
      const browser = await signedIn(erp.app, a.email, { portal: 'proveedores' });
      const mias = await browser.get('/api/proveedores/ofertas?estado=aceptada');
      expect(mias.statusCode).toBe(200);
      expect(mias.json().items.map((o: { id: number }) => o.id)).toContain(ganadora);
    });

    it('con Idempotency-Key: el reintento repite la respuesta guardada (una carga cerrada se adjudica)', async () => {
      const { referencia, id } = await cargaAbierta('IDEM');
      const ganadora = await oferta(id, b, 100000);
      // Closed to new offers, its pending ones still await the award.
      const cerrar = await call('PUT', `${V1}/cargas`, {
        items: [carga(referencia, { estado: 'cerrada' })],
      });
      expect(cerrar.statusCode).toBe(200);
      expect(await estadosDe([ganadora])).toEqual({ [ganadora]: 'pendiente' });
      const first = await adjudicar(referencia, ganadora, 'adj-1');
      expect(first.statusCode).toBe(200);
      const desde = await ultimoEvento();
      const retry = await adjudicar(referencia, ganadora, 'adj-1');
      expect(retry.statusCode).toBe(200);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual(first.json());
      expect(await eventosDesde(desde)).toEqual([]);
    });

    it('carga desconocida 404; oferta de otra carga o inexistente 422; no pendiente o carga ya adjudicada o anulada 409', async () => {
      const unknown = await adjudicar('NO-EXISTE', 1);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({
        error: { code: 'NOT_FOUND', message: 'Carga no encontrada.' },
      });

      const { referencia, id } = await cargaAbierta('ERR');
      const otra = await cargaAbierta('ERR');
      const deOtra = await oferta(otra.id, a, 100000);
      const retirada = await oferta(id, c, 90000, 'retirada');
      const buena = await oferta(id, a, 95000);
      const segunda = await oferta(id, b, 96000);

      const ajena = await adjudicar(referencia, deOtra);
      expect(ajena.statusCode).toBe(422);
      expect(ajena.json()).toEqual({
        error: {
          code: 'OFFER_NOT_OF_LOAD',
          message: `La oferta ${deOtra} no es una oferta de la carga ${referencia}.`,
        },
      });
      expect((await adjudicar(referencia, 987654321)).json().error.code).toBe('OFFER_NOT_OF_LOAD');

      const noPendiente = await adjudicar(referencia, retirada);
      expect(noPendiente.statusCode).toBe(409);
      expect(noPendiente.json()).toEqual({
        error: {
          code: 'OFFER_NOT_PENDING',
          message: `La oferta ${retirada} está retirada: solo se puede adjudicar una oferta pendiente.`,
        },
      });
      // None of the refusals changed anything.
      expect(await estadosDe([deOtra, buena, segunda])).toEqual({
        [deOtra]: 'pendiente',
        [buena]: 'pendiente',
        [segunda]: 'pendiente',
      });
      expect((await cargaPorRef(referencia))?.estado).toBe('abierta');

      expect((await adjudicar(referencia, buena)).statusCode).toBe(200);
      const otraOferta = await adjudicar(referencia, segunda);
      expect(otraOferta.statusCode).toBe(409);
      expect(otraOferta.json().error).toEqual({
        code: 'LOAD_ALREADY_AWARDED',
        message: `La carga ${referencia} ya está adjudicada a otra oferta.`,
      });

      const anulada = await cargaAbierta('ERR');
      const tarde = await oferta(anulada.id, a, 100000);
      await erp.handle.db
        .updateTable('cargas')
        .set({ estado: 'anulada' })
        .where('id', '=', anulada.id)
        .execute();
      const res = await adjudicar(anulada.referencia, tarde);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('LOAD_CANCELLED');
      expect(await estadosDe([tarde])).toEqual({ [tarde]: 'pendiente' });

      const badPath = await adjudicar('con espacio', buena);
      expect(badPath.statusCode).toBe(400);
    });

    it('un fallo a mitad (al registrar los avisos) deshace la adjudicación entera', async () => {
      const { referencia, id } = await cargaAbierta('FALLO');
      const ganadora = await oferta(id, a, 100000);
      const perdedora = await oferta(id, b, 110000);
      // A webhook whose event list is not JSON makes recordEvent throw, after the offers and
      // the load were already updated in the transaction.
      const webhook = await erp.handle.db
        .insertInto('webhooks')
        .values({ url: 'http://127.0.0.1:9/roto', secret: 's', tipos: 'no es json' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const desde = await ultimoEvento();
      try {
        const res = await adjudicar(referencia, ganadora);
        expect(res.statusCode).toBe(500);
      } finally {
        await erp.handle.db.deleteFrom('webhooks').where('id', '=', webhook.id).execute();
      }
      expect(await estadosDe([ganadora, perdedora])).toEqual({
        [ganadora]: 'pendiente',
        [perdedora]: 'pendiente',
      });
      expect(await cargaPorRef(referencia)).toMatchObject({
        estado: 'abierta',
        proveedor_asignado_id: null,
      });
      expect(await eventosDesde(desde)).toEqual([]);
      const entregas = await erp.handle.db
        .selectFrom('entregas')
        .select('id')
        .where('evento_id', '>', desde)
        .execute();
      expect(entregas).toEqual([]);

      // Nothing half-done blocks the retry.
      expect((await adjudicar(referencia, ganadora)).statusCode).toBe(200);
      expect((await eventosDesde(desde)).map((e) => e.tipo)).toEqual([
        'oferta.aceptada',
        'oferta.rechazada',
      ]);
    });
  });
});
