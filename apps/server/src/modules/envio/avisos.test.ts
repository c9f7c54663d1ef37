import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clock } from '../../lib/clock.js';
import { outboxDir } from '../../mail/mailer.js';
import { recordEvent } from '../../outbox/events.js';
import { clienteIdOf } from '../../test/clientes.js';
import { enlaceConductor, transporteConPorte } from '../../test/conductor.js';
import { testDatabases } from '../../test/databases.js';
import { outboxFiles, readEml } from '../../test/eml.js';
import { useDemoCarrier } from '../../test/transportes.js';
import { crearEnlacePorte } from './service.js';

const PUBLIC_URL = 'https://extranet.example';

/**
 * Issue 19: a visitor who subscribed on a shared shipment's page hears of its news (the stop
 * events that notify the customer, an arrival to unload, delivery and delay) by one e-mail in
 * the page's language, with the shipment's page and a one-click unsubscription; a subscription
 * dies with its link.
 */
describe.each(testDatabases())('avisos del enlace de un porte ($name)', ({ open }) => {
  const demo = useDemoCarrier(open, { PUBLIC_URL });
  let clienteId: number;

  beforeAll(async () => {
    clienteId = await clienteIdOf(demo.handle, 'Conservas del Ebro S.A.');
  }, 60_000);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /**
   * A shipment Madrid → Zaragoza of Conservas (with the customer's reference) on a transport
   * with a driver link, and how the driver reports at a stop.
   */
  async function porteEnRuta() {
    const t = await transporteConPorte(demo.handle, { proveedorId: demo.proveedorId, clienteId });
    await demo.handle.db
      .updateTable('portes')
      .set({ ref_cliente: 'PED-SECRETO' })
      .where('id', '=', t.porteId)
      .execute();
    const conductor = await enlaceConductor(demo.browser, t.id);
    const viaje = await demo.app.inject({ method: 'GET', url: `/api/conductor/${conductor}` });
    const paradas = viaje.json<{ paradas: Array<{ id: number; poblacion: string }> }>().paradas;
    const evento = (poblacion: string, tipo: string, texto?: string) =>
      demo.app.inject({
        method: 'POST',
        url: `/api/conductor/${conductor}/paradas/${paradas.find((p) => p.poblacion === poblacion)!.id}/eventos`,
        payload: {
          id: randomUUID(),
          tipo,
          ...(texto ? { texto } : {}),
          ocurrido_at: clock.now().toISOString(),
        },
      });
    return { porteId: Number(t.porteId), partida: t.partida, evento };
  }

  /** A link of the shipment, as its customer makes it; returns its id and token. */
  async function enlace(partida: string) {
    const creado = await crearEnlacePorte(
      demo.app.db,
      demo.app.config,
      { clienteId, usuarioId: null, apiKeyId: null, ip: '127.0.0.1', puedeFacturas: true },
      partida,
      { entrega: true, factura: false, firma: false, dias: 7, email: null },
    );
    return { id: creado.id, token: new URL(creado.url).pathname.split('/').at(-1)! };
  }

  const suscribir = async (token: string, email: string, idioma?: string) => {
    const res = await demo.app.inject({
      method: 'POST',
      url: `/api/envio/${token}/avisos`,
      payload: { email, ...(idioma ? { idioma } : {}) },
    });
    expect(res.statusCode).toBe(204);
  };

  /** Runs the outbox dry; returns the new e-mails. */
  async function entregar() {
    vi.spyOn(demo.app.push, 'send').mockResolvedValue('sent');
    const dir = outboxDir(demo.app.config.dataDir);
    const before = new Set(outboxFiles(dir));
    while ((await demo.app.outbox.runOnce()) > 0);
    return outboxFiles(dir)
      .filter((f) => !before.has(f))
      .map((f) => readEml(dir, f));
  }

  const para = (mails: Awaited<ReturnType<typeof entregar>>, to: string) =>
    mails.filter((m) => m.headers['to'] === to);

  it('la carga llega por e-mail a cada suscriptor de un enlace vivo, en su idioma, una vez', async () => {
    const { partida, evento } = await porteEnRuta();
    const a = await enlace(partida);
    const b = await enlace(partida);
    const anulado = await enlace(partida);
    const caducado = await enlace(partida);
    await suscribir(a.token, 'Consignee@Destino.example', 'en');
    // The same address through a second link of the shipment: still one e-mail.
    await suscribir(b.token, 'consignee@destino.example', 'en');
    await suscribir(b.token, 'almacen@destino.example');
    await suscribir(anulado.token, 'anulado@destino.example');
    await suscribir(caducado.token, 'caducado@destino.example');
    await demo.handle.db
      .updateTable('enlaces_porte')
      .set({ revoked_at: clock.now().toISOString() })
      .where('id', '=', anulado.id)
      .execute();
    await demo.handle.db
      .updateTable('enlaces_porte')
      .set({ expires_at: new Date(clock.now().getTime() - 60_000).toISOString() })
      .where('id', '=', caducado.id)
      .execute();

    expect((await evento('Madrid', 'carga')).statusCode).toBe(201);
    const mails = await entregar();

    const [en] = para(mails, 'consignee@destino.example');
    expect(para(mails, 'consignee@destino.example')).toHaveLength(1);
    expect(en?.headers['subject']).toBe(`Goods loaded: shipment ${partida}`);
    expect(en?.text).toContain('The driver has loaded the goods in Madrid (ES).');
    expect(en?.text).toContain('Shared by: Conservas del Ebro S.A.');
    expect(en?.text).toContain('Destination: Zaragoza (ES)');
    // The customer's own reference is not the visitor's business (as on the page).
    expect(en?.text).not.toContain('PED-SECRETO');
    expect(en?.html).toContain('<html lang="en">');

    // The shipment's page under the subscription's own token: it opens the shipment.
    const pagina = /View the shipment: (https:\/\/extranet\.example\/envio\/(\S+))/.exec(en!.text);
    expect(pagina).not.toBeNull();
    const abierta = await demo.app.inject({ method: 'GET', url: `/api/envio/${pagina![2]}` });
    expect(abierta.statusCode).toBe(200);
    expect(abierta.json<{ porte: { partida: string } }>().porte.partida).toBe(partida);
    // The database holds neither of the subscription's tokens.
    const filas = JSON.stringify(
      await demo.handle.db.selectFrom('enlaces_porte_avisos').selectAll().execute(),
    );
    expect(filas).not.toContain(pagina![2]!.split('.')[1]);

    // The one-click unsubscription: a page link for the reader, an RFC 8058 header for the client.
    const baja = /Stop these notices: https:\/\/extranet\.example\/envio\/baja#(\S+)/.exec(
      en!.text,
    );
    expect(baja).not.toBeNull();
    expect(en?.headers['list-unsubscribe']).toBe(`<${PUBLIC_URL}/api/envio/${baja![1]}/baja>`);
    expect(en?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // No language chosen: Spanish.
    const [es] = para(mails, 'almacen@destino.example');
    expect(es?.headers['subject']).toBe(`Mercancía cargada: envío ${partida}`);
    expect(es?.text).toContain('El conductor ha cargado la mercancía en Madrid (ES).');
    expect(es?.text).toContain(
      'Dejar de recibir estos avisos: https://extranet.example/envio/baja#',
    );

    // A revoked or expired link's subscribers hear nothing.
    expect(para(mails, 'anulado@destino.example')).toEqual([]);
    expect(para(mails, 'caducado@destino.example')).toEqual([]);
  });

  it('avisa de la llegada a descarga (no a carga), de la incidencia y de la entrega', async () => {
    const { porteId, partida, evento } = await porteEnRuta();
    const a = await enlace(partida);
    await suscribir(a.token, 'fr@destino.example', 'fr');

    expect((await evento('Madrid', 'llegada')).statusCode).toBe(201);
    expect(para(await entregar(), 'fr@destino.example')).toEqual([]);

    expect((await evento('Zaragoza', 'llegada')).statusCode).toBe(201);
    expect(
      (await evento('Zaragoza', 'incidencia', 'Muelle ocupado hasta las 16:00')).statusCode,
    ).toBe(201);
    const mails = para(await entregar(), 'fr@destino.example');
    expect(mails.map((m) => m.headers['subject']).sort()).toEqual([
      `Arrivée au point de déchargement : envoi ${partida}`,
      `Incident : envoi ${partida}`,
    ]);
    const incidencia = mails.find((m) => m.headers['subject']?.startsWith('Incident'));
    expect(incidencia?.text).toContain(
      'Le chauffeur a signalé un incident à l’arrêt de Zaragoza (ES).',
    );
    expect(incidencia?.text).toContain('Incident: Muelle ocupado hasta las 16:00');

    // Delivery (from the ERP): the shipment's event, with the same recipients.
    const entregadoAt = clock.now().toISOString();
    await demo.handle.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('portes')
        .set({ estado: 'entregado', entregado_at: entregadoAt })
        .where('id', '=', porteId)
        .execute();
      await recordEvent(trx, 'porte.entregado', {
        porte_id: porteId,
        partida,
        cliente_id: clienteId,
        ref_cliente: null,
        origen_poblacion: 'Madrid',
        origen_pais_iso: 'ES',
        destino_poblacion: 'Zaragoza',
        destino_pais_iso: 'ES',
        fecha_carga_prevista: '2026-11-27',
        fecha_entrega_prevista: null,
        entregado_at: entregadoAt,
      });
    });
    const [entregado] = para(await entregar(), 'fr@destino.example');
    expect(entregado?.headers['subject']).toBe(`Envoi livré : envoi ${partida}`);
    expect(entregado?.text).toContain('L’envoi a été livré à destination.');
  });

  it('la baja en un clic y la anulación del enlace paran los avisos', async () => {
    const { partida, evento } = await porteEnRuta();
    const a = await enlace(partida);
    await suscribir(a.token, 'baja@destino.example', 'it');
    await suscribir(a.token, 'sigue@destino.example', 'ro');
    expect((await evento('Madrid', 'carga')).statusCode).toBe(201);
    const primeros = await entregar();
    const [it] = para(primeros, 'baja@destino.example');
    expect(it?.headers['subject']).toBe(`Merce caricata: spedizione ${partida}`);
    const token = /\/envio\/baja#(\S+)/.exec(it!.text)![1]!;
    const pagina = /\/envio\/(\d+\.[0-9a-f]+)/.exec(it!.text)![1]!;

    // Neither token does the other's job.
    expect((await demo.app.inject({ method: 'GET', url: `/api/envio/${token}` })).statusCode).toBe(
      404,
    );
    expect(
      (await demo.app.inject({ method: 'POST', url: `/api/envio/${pagina}/baja` })).statusCode,
    ).toBe(404);
    expect(
      (
        await demo.app.inject({
          method: 'POST',
          url: `/api/envio/${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}/baja`,
        })
      ).statusCode,
    ).toBe(404);

    // The mail client's RFC 8058 post: a form body, no cookie, no CSRF token.
    const baja = await demo.app.inject({
      method: 'POST',
      url: `/api/envio/${token}/baja`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(baja.statusCode).toBe(200);
    expect(baja.json()).toEqual({ email: 'baja@destino.example', partida });
    // Again (the reader's click after the client's): the same answer.
    expect(
      (await demo.app.inject({ method: 'POST', url: `/api/envio/${token}/baja` })).statusCode,
    ).toBe(200);

    expect((await evento('Zaragoza', 'llegada')).statusCode).toBe(201);
    const segundos = await entregar();
    expect(para(segundos, 'baja@destino.example')).toEqual([]);
    expect(para(segundos, 'sigue@destino.example').map((m) => m.headers['subject'])).toEqual([
      `Sosire la punctul de descărcare: transportul ${partida}`,
    ]);
    // The page link of the notices already sent still opens while the link lives.
    expect((await demo.app.inject({ method: 'GET', url: `/api/envio/${pagina}` })).statusCode).toBe(
      200,
    );

    // Revoked after the news was recorded, before the worker sent it: nothing leaves.
    expect((await evento('Zaragoza', 'descarga')).statusCode).toBe(201);
    const revoke = await demo.handle.db
      .updateTable('enlaces_porte')
      .set({ revoked_at: clock.now().toISOString() })
      .where('id', '=', a.id)
      .executeTakeFirst();
    expect(Number(revoke.numUpdatedRows)).toBe(1);
    expect(para(await entregar(), 'sigue@destino.example')).toEqual([]);
    expect((await demo.app.inject({ method: 'GET', url: `/api/envio/${pagina}` })).statusCode).toBe(
      410,
    );
  });
});
