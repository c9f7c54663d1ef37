import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.js';
import { outboxDir } from '../../mail/mailer.js';
import { demoClientesApp } from '../../test/clientes.js';
import { testDatabases, type TestDatabaseHandle } from '../../test/databases.js';
import { outboxFiles, readEml } from '../../test/eml.js';
import { createApiKey } from '../api-keys/service.js';
import { decidirAvisoRetraso, RETRASO_AVISO_MINUTOS } from './service.js';

const V1 = '/api/integration/v1';

describe('decidirAvisoRetraso', () => {
  it('avisa al pasar de en hora a retraso y al crecer el retraso en el umbral', () => {
    expect(decidirAvisoRetraso(0, 0)).toEqual({ avisar: false, guardar: null });
    expect(decidirAvisoRetraso(0, 15)).toEqual({ avisar: true, guardar: 15 });
    expect(decidirAvisoRetraso(15, 15)).toEqual({ avisar: false, guardar: null });
    expect(decidirAvisoRetraso(15, 15 + RETRASO_AVISO_MINUTOS - 1)).toEqual({
      avisar: false,
      guardar: null,
    });
    expect(decidirAvisoRetraso(15, 15 + RETRASO_AVISO_MINUTOS)).toEqual({
      avisar: true,
      guardar: 15 + RETRASO_AVISO_MINUTOS,
    });
    expect(decidirAvisoRetraso(90, 10)).toEqual({ avisar: false, guardar: null });
    // Back on time: remembered, so the next delay is told again.
    expect(decidirAvisoRetraso(90, 0)).toEqual({ avisar: false, guardar: 0 });
  });
});

describe.each(testDatabases())(
  'avisos al cliente: porte entregado y retrasado ($name)',
  ({ open }) => {
    let handle: TestDatabaseHandle;
    let app: App;
    let key: string;
    let usuarioId: number;
    let inactivoId: number;
    const email = 'avisos@cliente-erp.es';

    beforeAll(async () => {
      handle = await open();
      app = await demoClientesApp(handle, { PUBLIC_URL: 'https://extranet.example' });
      key = (
        await createApiKey(app.db, { nombre: 'ERP', scopes: ['clientes:write', 'portes:write'] })
      ).key;
      const res = await put(`${V1}/clientes`, {
        items: [{ erp_id: 'AV-1', region: 'es', razon_social: 'Avisos S.A.', localidad: 'Huesca' }],
      });
      expect(res.statusCode, res.body).toBe(200);
      const clienteId = res.json<{ items: Array<{ id: number }> }>().items[0]!.id;
      const usuario = async (correo: string, activo: 0 | 1) => {
        const row = await handle.db
          .insertInto('usuarios')
          .values({
            region: 'es',
            email: correo,
            nombre: 'Marta Ruiz',
            codigo: null,
            clave_hash: 'x',
            activo,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await handle.db
          .insertInto('usuarios_clientes')
          .values({ usuario_id: Number(row.id), cliente_id: clienteId })
          .execute();
        return Number(row.id);
      };
      usuarioId = await usuario(email, 1);
      inactivoId = await usuario('baja@cliente-erp.es', 0);
      await handle.db
        .insertInto('push_subscriptions')
        .values({
          usuario_id: usuarioId,
          portal: 'clientes',
          endpoint: `https://push.example.test/cliente-${usuarioId}`,
          p256dh: 'p256dh',
          auth: 'auth',
        })
        .execute();
    }, 60_000);
    afterAll(async () => {
      await app.close();
      await handle.dispose();
    });
    afterEach(() => {
      vi.restoreAllMocks();
    });

    function put(url: string, payload: unknown, idempotencyKey?: string) {
      return app.inject({
        method: url.endsWith('/seguimiento') ? 'POST' : 'PUT',
        url,
        headers: {
          authorization: `Bearer ${key}`,
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        payload: payload as object,
      });
    }

    const porte = (partida: string, overrides: Record<string, unknown> = {}) => ({
      partida,
      cliente_erp_id: 'AV-1',
      ref_cliente: `PED-${partida}`,
      origen_poblacion: 'Logroño',
      origen_cp: '26001',
      origen_pais_iso: 'ES',
      destino_poblacion: 'Milano',
      destino_cp: '20121',
      destino_pais_iso: 'IT',
      fecha_carga_prevista: '2026-11-23',
      fecha_entrega_prevista: '2026-11-26',
      bultos: 24,
      peso_kg: 11800,
      p_facturable_kg: 12000,
      estado: 'en_transito',
      ...overrides,
    });

    async function ok(url: string, payload: unknown, idempotencyKey?: string) {
      const res = await put(url, payload, idempotencyKey);
      expect(res.statusCode, res.body).toBe(200);
      return res;
    }

    /** Events of this type about this shipment, oldest first. */
    async function eventos(tipo: string, partida: string) {
      const rows = await handle.db
        .selectFrom('eventos')
        .select(['id', 'payload'])
        .where('tipo', '=', tipo)
        .orderBy('id')
        .execute();
      return rows
        .map((r): Record<string, unknown> & { id: number } => ({
          ...(JSON.parse(r.payload) as Record<string, unknown>),
          id: Number(r.id),
        }))
        .filter((p) => p['partida'] === partida);
    }

    const parada = (erpId: string, retraso: number, hora = '10:00') => ({
      items: [{ erp_id: erpId, fecha: '2026-11-24', hora, poblacion: 'Lyon', retraso }],
    });

    it('entregado: una vez al cambiar a entregado; ni al crearlo ya entregado ni al repetir', async () => {
      await ok(`${V1}/portes`, {
        items: [porte('AV-P1'), porte('AV-P2', { estado: 'entregado' })],
      });
      expect(await eventos('porte.entregado', 'AV-P1')).toEqual([]);
      // A first sync of an already delivered shipment is not news.
      expect(await eventos('porte.entregado', 'AV-P2')).toEqual([]);

      const entregado = {
        items: [porte('AV-P1', { estado: 'entregado', entregado_at: '2026-11-26T13:30:00.000Z' })],
      };
      await ok(`${V1}/portes`, entregado, 'entrega-1');
      await ok(`${V1}/portes`, entregado, 'entrega-1'); // idempotent replay
      await ok(`${V1}/portes`, entregado); // the same data re-sent without a key
      const [evento, ...mas] = await eventos('porte.entregado', 'AV-P1');
      expect(mas).toEqual([]);
      expect(evento).toMatchObject({
        partida: 'AV-P1',
        ref_cliente: 'PED-AV-P1',
        origen_poblacion: 'Logroño',
        destino_poblacion: 'Milano',
        entregado_at: '2026-11-26T13:30:00.000Z',
      });
      const entregas = await handle.db
        .selectFrom('entregas')
        .select(['canal', 'destino'])
        .where('evento_id', '=', evento!.id)
        .orderBy('id')
        .execute();
      // Only the active user of the client, by e-mail and push.
      expect(entregas).toEqual([
        { canal: 'email', destino: `usuario:${usuarioId}` },
        { canal: 'push', destino: `usuario:${usuarioId}` },
      ]);
      expect(entregas.map((e) => e.destino)).not.toContain(`usuario:${inactivoId}`);

      // Only an entregado_at also counts as delivered.
      await ok(`${V1}/portes`, { items: [porte('AV-P3')] });
      await ok(`${V1}/portes`, {
        items: [porte('AV-P3', { entregado_at: '2026-11-26T10:00:00.000Z' })],
      });
      expect(await eventos('porte.entregado', 'AV-P3')).toHaveLength(1);
    });

    it('retrasado: al pasar de en hora a retraso, al crecer el umbral, nunca repetido', async () => {
      await ok(`${V1}/portes`, { items: [porte('AV-R1')] });
      const url = `${V1}/portes/AV-R1/seguimiento`;
      const retrasos = async () =>
        (await eventos('porte.retrasado', 'AV-R1')).map((e) => e['retraso_minutos']);

      await ok(url, parada('S1', 0, '08:00'));
      expect(await retrasos()).toEqual([]);
      await ok(url, parada('S2', 45, '09:00'), 'parada-2');
      await ok(url, parada('S2', 45, '09:00'), 'parada-2'); // idempotent replay
      await ok(url, parada('S2', 45, '09:00')); // the same stop re-sent
      expect(await retrasos()).toEqual([45]);
      await ok(url, parada('S3', 45 + RETRASO_AVISO_MINUTOS - 1, '10:00'));
      expect(await retrasos()).toEqual([45]);
      await ok(url, parada('S4', 45 + RETRASO_AVISO_MINUTOS, '11:00'));
      expect(await retrasos()).toEqual([45, 45 + RETRASO_AVISO_MINUTOS]);
      // An older stop arriving late does not decide: the latest one does.
      await ok(url, parada('S0', 500, '07:00'));
      expect(await retrasos()).toHaveLength(2);
      // Back on time, then late again: told again.
      await ok(url, parada('S5', 0, '12:00'));
      await ok(url, parada('S6', 20, '13:00'));
      expect(await retrasos()).toEqual([45, 45 + RETRASO_AVISO_MINUTOS, 20]);
      const ultimo = (await eventos('porte.retrasado', 'AV-R1')).at(-1)!;
      expect(ultimo).toMatchObject({
        ref_cliente: 'PED-AV-R1',
        parada: { fecha: '2026-11-24', hora: '13:00', poblacion: 'Lyon' },
      });

      // A delivered shipment is past telling.
      await ok(`${V1}/portes`, { items: [porte('AV-R1', { estado: 'entregado' })] });
      await ok(url, parada('S7', 300, '14:00'));
      expect(await retrasos()).toHaveLength(3);
    });

    it('el worker envía e-mail y push con la página de seguimiento del porte', async () => {
      await ok(`${V1}/portes`, { items: [porte('AV-W1')] });
      await ok(`${V1}/portes/AV-W1/seguimiento`, parada('W1', 135));
      await ok(`${V1}/portes`, {
        items: [porte('AV-W1', { estado: 'entregado', entregado_at: '2026-11-26T13:30:00.000Z' })],
      });
      const send = vi.spyOn(app.push, 'send').mockResolvedValue('sent');
      const dir = outboxDir(app.config.dataDir);
      const before = new Set(outboxFiles(dir));
      while ((await app.outbox.runOnce()) > 0);
      const mails = outboxFiles(dir)
        .filter((f) => !before.has(f))
        .map((f) => readEml(dir, f))
        .filter((m) => m.text.includes('AV-W1'));
      // Delivered side by side: in no particular order.
      expect(mails.map((m) => m.headers['subject']).sort()).toEqual([
        'Porte entregado: AV-W1 (su ref. PED-AV-W1) Logroño → Milano',
        'Retraso de 2 h 15 min en el porte AV-W1 (su ref. PED-AV-W1)',
      ]);
      const retraso = mails.find((m) => m.headers['subject']!.startsWith('Retraso'));
      const entrega = mails.find((m) => m.headers['subject']!.startsWith('Porte entregado'));
      expect(retraso!.headers['to']).toBe(email);
      expect(retraso!.text).toContain('Hola, Marta Ruiz:');
      expect(retraso!.text).toContain('Retraso: 2 h 15 min');
      expect(retraso!.text).toContain('Origen: Logroño (ES)');
      expect(retraso!.text).toContain('Destino: Milano (IT)');
      expect(retraso!.text).toContain('Carga prevista: 23/11/2026');
      expect(retraso!.text).toContain('Entrega prevista: 26/11/2026');
      expect(retraso!.text).toContain('Última posición: 24/11/2026 10:00 Lyon');
      expect(retraso!.text).toContain('https://extranet.example/clientes/tracking-porte/AV-W1');
      expect(retraso!.html).toContain(
        '<th style="text-align: left; padding: 4px 12px 4px 0;">Retraso</th>',
      );
      expect(entrega!.text).toContain('Su envío ha sido entregado en destino.');
      // 13:30 UTC is 14:30 in Madrid in November.
      expect(entrega!.text).toContain('Entregado: 26/11/2026 14:30');

      const pushes = send.mock.calls.map(([target, payload]) => ({ target, payload }));
      const deW1 = pushes.filter((p) => p.payload.url === '/clientes/tracking-porte/AV-W1');
      expect(deW1.map((p) => p.payload).sort((a, b) => b.title.localeCompare(a.title))).toEqual([
        {
          title: 'Retraso de 2 h 15 min',
          body: 'AV-W1 (PED-AV-W1): Logroño → Milano',
          url: '/clientes/tracking-porte/AV-W1',
          tag: 'porte-AV-W1',
        },
        {
          title: 'Porte entregado',
          body: 'AV-W1 (PED-AV-W1): Logroño → Milano',
          url: '/clientes/tracking-porte/AV-W1',
          tag: 'porte-AV-W1',
        },
      ]);
      // To the customer portal's subscription of the user.
      expect(deW1[0]!.target.endpoint).toBe(`https://push.example.test/cliente-${usuarioId}`);
    });
  },
);
