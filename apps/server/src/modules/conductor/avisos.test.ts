import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clock } from '../../lib/clock.js';
import { outboxDir } from '../../mail/mailer.js';
import type { PushPayload } from '../../push/push-sender.js';
import { clienteIdOf } from '../../test/clientes.js';
import { enlaceConductor } from '../../test/conductor.js';
import { testDatabases } from '../../test/databases.js';
import { outboxFiles, readEml } from '../../test/eml.js';
import { useDemoCarrier } from '../../test/transportes.js';
import { fechaHoraMadrid } from '../../lib/madrid.js';

const ZARAGOZA = { poblacion: 'Zaragoza', cp: '50001', lat: 41.6488, lng: -0.8891 };
const MADRID = { poblacion: 'Madrid', cp: '28001', lat: 40.4168, lng: -3.7038 };
const GUADALAJARA = { poblacion: 'Guadalajara', cp: '19001', lat: 40.6329, lng: -3.1669 };

/**
 * Issue 17.2: a stop event the driver reports becomes a notice to the customer of each shipment
 * it concerns, by push to the browsers they subscribed and, for loading, unloading and incidents,
 * by e-mail through the outbox. A customer never reads another customer's shipments.
 */
describe.each(testDatabases())('avisos de parada al cliente ($name)', ({ open }) => {
  const demo = useDemoCarrier(open, { PUBLIC_URL: 'https://extranet.example' });
  let conservas: { id: number; usuarioId: number };
  let papelera: { id: number; usuarioId: number };
  let serie = 0;

  beforeAll(async () => {
    const cliente = async (razon: string, email: string) => {
      const id = await clienteIdOf(demo.handle, razon);
      const usuario = await demo.handle.db
        .insertInto('usuarios')
        .values({ region: 'es', email, nombre: 'Marta Ruiz', codigo: null, clave_hash: 'x' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await demo.handle.db
        .insertInto('usuarios_clientes')
        .values({ usuario_id: usuario.id, cliente_id: id })
        .execute();
      await demo.handle.db
        .insertInto('push_subscriptions')
        .values({
          usuario_id: usuario.id,
          portal: 'clientes',
          endpoint: `https://push.example.test/${usuario.id}`,
          p256dh: 'p256dh',
          auth: 'auth',
        })
        .execute();
      return { id, usuarioId: usuario.id };
    };
    conservas = await cliente('Conservas del Ebro S.A.', 'avisos@conservas.example');
    papelera = await cliente('Papelera del Norte S.A.', 'avisos@papelera.example');
  }, 60_000);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /**
   * A groupage from Zaragoza: one shipment of Conservas to Madrid, one of Papelera to
   * Guadalajara; one loading stop for both. Returns the link's token and the partidas.
   */
  async function grupaje() {
    serie += 1;
    const hoy = fechaHoraMadrid(clock.now()).fecha;
    const porte = async (clienteId: number, destino: typeof MADRID, n: number) =>
      demo.handle.db
        .insertInto('portes')
        .values({
          partida: `AVP${Date.now()}${serie}${n}`,
          cliente_id: clienteId,
          ref_cliente: n === 1 ? `PED-${serie}` : null,
          origen_poblacion: ZARAGOZA.poblacion,
          origen_cp: ZARAGOZA.cp,
          origen_pais_iso: 'ES',
          origen_lat: ZARAGOZA.lat,
          origen_lng: ZARAGOZA.lng,
          destino_poblacion: destino.poblacion,
          destino_cp: destino.cp,
          destino_pais_iso: 'ES',
          destino_lat: destino.lat,
          destino_lng: destino.lng,
          fecha_carga_prevista: hoy,
          fecha_entrega_prevista: hoy,
          bultos: 4,
          peso_kg: 900,
          p_facturable_kg: 900,
        })
        .returning(['id', 'partida'])
        .executeTakeFirstOrThrow();
    const suyo = await porte(conservas.id, MADRID, 1);
    const ajeno = await porte(papelera.id, GUADALAJARA, 2);
    const t = await demo.handle.db
      .insertInto('transportes')
      .values({
        proveedor_id: demo.proveedorId,
        referencia: `TAV${serie}`,
        matricula: '1234ABC',
        conductor: 'Luis',
        origen_poblacion: ZARAGOZA.poblacion,
        origen_cp: ZARAGOZA.cp,
        origen_pais_iso: 'ES',
        destino_poblacion: MADRID.poblacion,
        destino_cp: MADRID.cp,
        destino_pais_iso: 'ES',
        fecha_carga: hoy,
        fecha_descarga: hoy,
        importe_centimos: 50_000,
        estado: 'asignado',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [n, p] of [suyo, ajeno].entries()) {
      await demo.handle.db
        .insertInto('subpartidas')
        .values({
          transporte_id: t.id,
          numero: n + 1,
          porte_id: p.id,
          origen_poblacion: ZARAGOZA.poblacion,
          destino_poblacion: n === 0 ? MADRID.poblacion : GUADALAJARA.poblacion,
          bultos: 4,
          peso_kg: 900,
        })
        .execute();
    }
    const token = await enlaceConductor(demo.browser, t.id);
    const viaje = await demo.app.inject({ method: 'GET', url: `/api/conductor/${token}` });
    const paradas = viaje.json<{
      paradas: Array<{ id: number; tipo: string; poblacion: string }>;
    }>().paradas;
    const parada = (poblacion: string) => paradas.find((p) => p.poblacion === poblacion)!;
    const evento = (poblacion: string, tipo: string, texto?: string, id = randomUUID()) =>
      demo.app.inject({
        method: 'POST',
        url: `/api/conductor/${token}/paradas/${parada(poblacion).id}/eventos`,
        payload: { id, tipo, ...(texto ? { texto } : {}), ocurrido_at: clock.now().toISOString() },
      });
    return { suyo: suyo.partida, ajeno: ajeno.partida, evento };
  }

  /** The deliveries of the notices of a shipment: channel and user, in order. */
  async function entregas(partida: string) {
    const rows = await demo.handle.db
      .selectFrom('eventos as e')
      .innerJoin('entregas as d', 'd.evento_id', 'e.id')
      .select(['e.payload', 'd.canal', 'd.destino'])
      .where('e.tipo', '=', 'aviso.parada')
      .orderBy('d.id')
      .execute();
    return rows
      .filter((r) => (JSON.parse(r.payload) as { partida: string }).partida === partida)
      .map((r) => ({
        tipo: (JSON.parse(r.payload) as { evento: { tipo: string } }).evento.tipo,
        canal: r.canal,
        destino: r.destino,
      }));
  }

  /** Runs the outbox dry; returns the new e-mails and the push notifications sent. */
  async function entregar() {
    const sent: Array<{ endpoint: string; payload: PushPayload }> = [];
    vi.spyOn(demo.app.push, 'send').mockImplementation((target, payload) => {
      sent.push({ endpoint: target.endpoint, payload });
      return Promise.resolve('sent');
    });
    const dir = outboxDir(demo.app.config.dataDir);
    const before = new Set(outboxFiles(dir));
    while ((await demo.app.outbox.runOnce()) > 0);
    const mails = outboxFiles(dir)
      .filter((f) => !before.has(f))
      .map((f) => readEml(dir, f));
    return { mails, sent };
  }

  it('la carga en una parada compartida avisa a cada cliente de lo suyo, por e-mail y push', async () => {
    const { suyo, ajeno, evento } = await grupaje();
    expect((await evento('Zaragoza', 'carga')).statusCode).toBe(201);

    const conservasUsuarios = (
      await demo.handle.db
        .selectFrom('usuarios_clientes as uc')
        .innerJoin('usuarios as u', 'u.id', 'uc.usuario_id')
        .select('u.id')
        .where('uc.cliente_id', '=', conservas.id)
        .where('u.activo', '=', 1)
        .orderBy('u.id')
        .execute()
    ).map((u) => `usuario:${u.id}`);
    // Every active user of the shipment's customer, e-mail and push; nobody else.
    expect(await entregas(suyo)).toEqual(
      conservasUsuarios.flatMap((destino) => [
        { tipo: 'carga', canal: 'email', destino },
        { tipo: 'carga', canal: 'push', destino },
      ]),
    );
    expect((await entregas(ajeno)).map((e) => e.destino)).not.toContain(
      `usuario:${conservas.usuarioId}`,
    );
    expect((await entregas(ajeno)).map((e) => e.destino)).toContain(
      `usuario:${papelera.usuarioId}`,
    );

    const { mails, sent } = await entregar();
    const mail = mails.find((m) => m.headers['to'] === 'avisos@conservas.example');
    expect(mail?.headers['subject']).toBe(
      `Mercancía cargada: porte ${suyo} (su ref. PED-${serie})`,
    );
    expect(mail?.text).toContain('Hola, Marta Ruiz:');
    expect(mail?.text).toContain('El conductor ha cargado su mercancía en Zaragoza (ES).');
    expect(mail?.text).toContain('Destino: Madrid (ES)');
    expect(mail?.text).toContain(`https://extranet.example/clientes/tracking-porte/${suyo}`);
    expect(mail?.text).not.toContain(ajeno);
    const otro = mails.find((m) => m.headers['to'] === 'avisos@papelera.example');
    expect(otro?.headers['subject']).toBe(`Mercancía cargada: porte ${ajeno}`);
    expect(otro?.text).not.toContain(suyo);
    expect(sent.find((s) => s.endpoint.endsWith(`/${conservas.usuarioId}`))?.payload).toEqual({
      title: 'Mercancía cargada',
      body: `${suyo} (PED-${serie}): Zaragoza`,
      url: `/clientes/tracking-porte/${suyo}`,
      tag: `porte-${suyo}`,
    });
  });

  it('la llegada va solo por push; la incidencia, con su texto, también por e-mail; una vez', async () => {
    const { suyo, ajeno, evento } = await grupaje();
    const llegadaId = randomUUID();
    expect((await evento('Madrid', 'llegada', undefined, llegadaId)).statusCode).toBe(201);
    // A resent event is no news.
    expect((await evento('Madrid', 'llegada', undefined, llegadaId)).statusCode).toBe(201);
    const llegada = await entregas(suyo);
    expect(llegada.map((e) => e.canal)).not.toContain('email');
    expect(llegada.filter((e) => e.destino === `usuario:${conservas.usuarioId}`)).toEqual([
      { tipo: 'llegada', canal: 'push', destino: `usuario:${conservas.usuarioId}` },
    ]);
    // The unloading stop in Madrid is only Conservas' shipment.
    expect(await entregas(ajeno)).toEqual([]);

    expect(
      (await evento('Madrid', 'incidencia', 'Muelle ocupado hasta las 16:00')).statusCode,
    ).toBe(201);
    const { mails, sent } = await entregar();
    const mail = mails.find((m) => m.headers['subject']?.startsWith('Incidencia'));
    expect(mail?.headers['subject']).toBe(`Incidencia: porte ${suyo} (su ref. PED-${serie})`);
    expect(mail?.text).toContain(
      'El conductor ha comunicado una incidencia en la parada de Madrid (ES).',
    );
    expect(mail?.text).toContain('Incidencia: Muelle ocupado hasta las 16:00');
    expect(mails.filter((m) => m.headers['subject']?.startsWith('Llegada'))).toEqual([]);
    // One batch delivers both at once: their order is not a promise.
    const mios = sent.filter((s) => s.endpoint.endsWith(`/${conservas.usuarioId}`));
    expect(mios.map((s) => s.payload.title).sort()).toEqual([
      'Incidencia',
      'Llegada al punto de descarga',
    ]);
    expect(mios.find((s) => s.payload.title === 'Incidencia')?.payload.body).toBe(
      `${suyo} (PED-${serie}): Madrid · Muelle ocupado hasta las 16:00`,
    );
  });
});
