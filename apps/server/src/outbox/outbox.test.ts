import { Eventos } from '@extranet/contracts/integracion/eventos';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.js';
import { runCli } from '../cli.js';
import { clock } from '../lib/clock.js';
import { hmacHex } from '../lib/tokens.js';
import { outboxDir } from '../mail/mailer.js';
import { demoClientesApp } from '../test/clientes.js';
import { testDatabases, type TestDatabaseHandle } from '../test/databases.js';
import { outboxFiles, readEml } from '../test/eml.js';
import { createProveedorConUsuario } from '../test/proveedores.js';
import { signedIn, type TestBrowser } from '../test/session.js';
import { recordEvent } from './events.js';
import { claimDue } from './repository.js';
import { BACKOFF_BASE_MS, MAX_INTENTOS } from './worker.js';

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A webhook receiver on 127.0.0.1 answering the queued statuses (then 200). */
async function startReceiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = statuses.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/extranet`,
    received,
    statuses,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDatabases())('outbox: eventos, entregas y webhooks ($name)', ({ open }) => {
  let handle: TestDatabaseHandle;
  let app: App;
  let cliente: TestBrowser;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  const cli = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      config: () => app.config,
      db: () => Promise.resolve(handle.db),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  const entregasDe = (eventoId: number) =>
    handle.db
      .selectFrom('entregas')
      .selectAll()
      .where('evento_id', '=', eventoId)
      .orderBy('id')
      .execute();

  const ultimoEvento = async (tipo: string) =>
    handle.db
      .selectFrom('eventos')
      .selectAll()
      .where('tipo', '=', tipo)
      .orderBy('id', 'desc')
      .executeTakeFirst();

  const sugerir = async (texto: string) => {
    const res = await cliente.post('/api/clientes/sugerencias', { asunto: 'Webhook', texto });
    expect(res.statusCode).toBe(201);
    const evento = await ultimoEvento('sugerencia.recibida');
    expect(JSON.parse(evento!.payload)).toMatchObject({ sugerencia_id: res.json().id, texto });
    return Number(evento!.id);
  };

  beforeAll(async () => {
    handle = await open();
    app = await demoClientesApp(handle, { OPERATORS_EMAIL: 'trafico@empresa.es' });
    cliente = await signedIn(app, 'cliente@demo.es');
    receiver = await startReceiver();
  }, 60_000);
  afterAll(async () => {
    await receiver.close();
    await app.close();
    await handle.dispose();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('el evento se escribe en la transacción del cambio: si el cambio falla, no queda', async () => {
    const antes = await handle.db
      .selectFrom('eventos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await recordEvent(trx, 'sugerencia.recibida', {
          sugerencia_id: 1,
          cliente_id: 1,
          usuario_id: null,
          asunto: null,
          texto: 'se deshace',
        });
        throw new Error('el cambio falla');
      }),
    ).rejects.toThrow('el cambio falla');
    // A rejected request (400) writes neither the request nor its event.
    const bad = await cliente.post('/api/clientes/solicitudes', { origen_poblacion: 'X' });
    expect(bad.statusCode).toBe(400);
    const despues = await handle.db
      .selectFrom('eventos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(despues.n)).toBe(Number(antes.n));
  });

  it('un evento que no cumple su contrato no se escribe, y el cambio se deshace con él', async () => {
    const antes = await handle.db
      .selectFrom('eventos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await expect(
      handle.db.transaction().execute((trx) =>
        recordEvent(trx, 'sugerencia.recibida', {
          sugerencia_id: 1,
          cliente_id: 1,
          usuario_id: null,
          asunto: null,
          texto: 42,
        } as unknown as Parameters<typeof recordEvent<'sugerencia.recibida'>>[2]),
      ),
    ).rejects.toThrow(/texto/);
    const despues = await handle.db
      .selectFrom('eventos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(despues.n)).toBe(Number(antes.n));
  });

  it('el worker envía el e-mail de la solicitud a los operadores', async () => {
    const fecha = new Date(clock.now().getTime() + 5 * 86_400_000).toISOString().slice(0, 10);
    const res = await cliente.post('/api/clientes/solicitudes', {
      origen_poblacion: 'Zaragoza',
      origen_cp: '50197',
      origen_pais_iso: 'ES',
      destino_poblacion: 'Lyon',
      destino_cp: '69007',
      destino_pais_iso: 'FR',
      fecha_carga: fecha,
      mercancia: 'Bobinas de papel',
      bultos: 10,
      peso_kg: 12_000,
    });
    expect(res.statusCode).toBe(201);
    const evento = await ultimoEvento('solicitud.recibida');
    const [entrega] = await entregasDe(Number(evento!.id));
    expect(entrega).toMatchObject({ canal: 'email', destino: 'operadores', estado: 'pendiente' });

    const dir = outboxDir(app.config.dataDir);
    const before = new Set(outboxFiles(dir));
    expect(await app.outbox.runOnce()).toBeGreaterThanOrEqual(1);
    const nuevos = outboxFiles(dir).filter((f) => !before.has(f));
    expect(nuevos).toHaveLength(1);
    const mail = readEml(dir, nuevos[0]!);
    expect(mail.headers['to']).toBe('trafico@empresa.es');
    expect(mail.headers['subject']).toBe(
      `Nueva solicitud de transporte nº ${res.json().id} de Conservas del Ebro S.A.`,
    );
    expect(mail.text).toContain('Mercancía: Bobinas de papel');
    expect((await entregasDe(Number(evento!.id)))[0]).toMatchObject({
      estado: 'entregada',
      intentos: 1,
      ultimo_error: null,
    });
  });

  it('webhook: alta por CLI, POST firmado a un receptor local, reintento con backoff', async () => {
    const add = await cli(
      'webhook',
      'add',
      '--url',
      receiver.url,
      '--tipos',
      'sugerencia.recibida,cmr.subido',
    );
    expect(add.code).toBe(0);
    const secret = /Secreto .*: (\S+)$/m.exec(add.out)![1]!;
    expect(secret.length).toBeGreaterThanOrEqual(40);

    const eventoId = await sugerir('Por favor, avisen por webhook.');
    const [entrega] = await entregasDe(eventoId);
    expect(entrega).toMatchObject({ canal: 'webhook', estado: 'pendiente' });

    // First attempt: the receiver fails with 500; retried after 30 s, not before.
    receiver.statuses.push(500);
    const t0 = clock.now();
    vi.spyOn(clock, 'now').mockReturnValue(t0);
    await app.outbox.runOnce();
    let row = (await entregasDe(eventoId))[0]!;
    expect(row).toMatchObject({
      estado: 'pendiente',
      intentos: 1,
      ultimo_error: 'Error: HTTP 500',
    });
    expect(new Date(row.proximo_intento_at).getTime()).toBe(t0.getTime() + BACKOFF_BASE_MS);
    expect(await app.outbox.runOnce()).toBe(0);
    vi.spyOn(clock, 'now').mockReturnValue(new Date(t0.getTime() + BACKOFF_BASE_MS - 1000));
    expect(await app.outbox.runOnce()).toBe(0);

    vi.spyOn(clock, 'now').mockReturnValue(new Date(t0.getTime() + BACKOFF_BASE_MS));
    await app.outbox.runOnce();
    row = (await entregasDe(eventoId))[0]!;
    expect(row).toMatchObject({ estado: 'entregada', intentos: 2, ultimo_error: null });
    expect(receiver.received).toHaveLength(2);

    const last = receiver.received.at(-1)!;
    const timestamp = String(last.headers['x-extranet-timestamp']);
    expect(timestamp).toBe(String(Math.floor((t0.getTime() + BACKOFF_BASE_MS) / 1000)));
    expect(last.headers['content-type']).toBe('application/json');
    expect(last.headers['x-extranet-signature']).toBe(
      `sha256=${hmacHex(secret, `${timestamp}.${last.body}`)}`,
    );
    const body = JSON.parse(last.body);
    // The body is the contract's event, as the document's `webhooks` section describes it.
    expect(Eventos['sugerencia.recibida'].parse(body)).toEqual(body);
    expect(body).toMatchObject({
      id: eventoId,
      tipo: 'sugerencia.recibida',
      payload: { texto: 'Por favor, avisen por webhook.', asunto: 'Webhook' },
    });
    expect(typeof body.created_at).toBe('string');
  });

  it('tras el máximo de intentos la entrega queda fallida', async () => {
    const eventoId = await sugerir('Esta no llegará nunca.');
    let now = clock.now().getTime();
    for (let n = 1; n <= MAX_INTENTOS; n++) {
      receiver.statuses.push(503);
      vi.spyOn(clock, 'now').mockReturnValue(new Date(now));
      await app.outbox.runOnce();
      now += BACKOFF_BASE_MS * 2 ** (n - 1);
    }
    const row = (await entregasDe(eventoId))[0]!;
    expect(row).toMatchObject({ estado: 'fallida', intentos: MAX_INTENTOS });
    const status = await cli('outbox', 'status');
    expect(status.code).toBe(0);
    expect(status.out).toMatch(/fallida [1-9]/);
    expect(status.out).toContain(`#${row.id} sugerencia.recibida webhook→`);
    expect(status.out).toContain('HTTP 503');
  });

  it('una entrega tomada por un worker que murió se entrega al vencer su plazo', async () => {
    const eventoId = await sugerir('El worker se cae a mitad.');
    const t0 = clock.now();
    vi.spyOn(clock, 'now').mockReturnValue(t0);
    // A worker claims it with a 2-minute lease and dies without finishing.
    const lease = new Date(t0.getTime() + 120_000).toISOString();
    const claimed = await claimDue(handle.db, t0.toISOString(), lease, 50);
    expect(claimed.map((c) => c.evento_id)).toContain(eventoId);
    const before = receiver.received.length;
    expect(await app.outbox.runOnce()).toBe(0);

    vi.spyOn(clock, 'now').mockReturnValue(new Date(t0.getTime() + 120_000));
    expect(await app.outbox.runOnce()).toBeGreaterThanOrEqual(1);
    expect((await entregasDe(eventoId))[0]).toMatchObject({ estado: 'entregada', intentos: 2 });
    expect(receiver.received.length).toBe(before + 1);
    // The dead worker's late report changes nothing: its lease token (intentos 1) is stale.
    expect(JSON.parse(receiver.received.at(-1)!.body).id).toBe(eventoId);
  });

  it('oferta aceptada: e-mail y push a los usuarios del transportista', async () => {
    const { proveedorId, usuarioId, email } = await createProveedorConUsuario(handle.db);
    await handle.db
      .insertInto('push_subscriptions')
      .values({
        usuario_id: usuarioId,
        portal: 'proveedores',
        endpoint: `https://push.example.test/${usuarioId}`,
        p256dh: 'p256dh',
        auth: 'auth',
      })
      .execute();
    const send = vi.spyOn(app.push, 'send').mockResolvedValue('sent');
    await handle.db.transaction().execute((trx) =>
      recordEvent(trx, 'oferta.aceptada', {
        oferta_id: 77,
        carga_id: 5,
        proveedor_id: proveedorId,
        referencia: 'CG-0005',
        origen_poblacion: 'Zaragoza',
        destino_poblacion: 'Lyon',
        fecha_carga: '2026-12-01',
        precio_centimos: 123_450,
      }),
    );
    const dir = outboxDir(app.config.dataDir);
    const before = new Set(outboxFiles(dir));
    await app.outbox.runOnce();
    const nuevos = outboxFiles(dir).filter((f) => !before.has(f));
    expect(nuevos).toHaveLength(1);
    const mail = readEml(dir, nuevos[0]!);
    expect(mail.headers['to']).toBe(email);
    expect(mail.headers['subject']).toBe('Oferta aceptada: carga CG-0005 (Zaragoza → Lyon)');
    expect(mail.text).toContain('Su oferta ha sido aceptada');
    expect(mail.text).toContain('Fecha de carga: 01/12/2026');
    expect(mail.text).toMatch(/Precio ofertado: 1234,50\s€/);
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ endpoint: expect.any(String) }), {
      title: 'Oferta aceptada',
      body: 'Carga CG-0005: Zaragoza → Lyon',
      url: '/proveedores/cargas',
    });
  });

  it('CLI: webhook list y remove; validación de opciones', async () => {
    const list = await cli('webhook', 'list');
    expect(list.code).toBe(0);
    expect(list.out).toContain(receiver.url);
    expect(list.out).toMatch(/activo\t.*sugerencia\.recibida,cmr\.subido\tentregadas [1-9]/);
    expect(list.out).not.toMatch(/secret/i);
    const id = /^(\d+)\t/.exec(list.out)![1]!;

    expect((await cli('webhook', 'add', '--url', receiver.url, '--tipos', 'nada')).code).toBe(2);
    expect((await cli('webhook', 'add', '--url', 'ftp://x', '--tipos', 'cmr.subido')).code).toBe(2);
    expect((await cli('webhook', 'remove', '--id', '999999')).code).toBe(1);

    const eventoId = await sugerir('Pendiente al eliminar el webhook.');
    const removed = await cli('webhook', 'remove', '--id', id);
    expect(removed.code).toBe(0);
    expect((await entregasDe(eventoId))[0]).toMatchObject({
      estado: 'fallida',
      ultimo_error: 'Webhook eliminado',
    });
    expect((await cli('webhook', 'list')).out).toBe('No hay webhooks.');
    // A new event reaches no webhook now.
    expect(await entregasDe(await sugerir('Ya sin webhook.'))).toEqual([]);
  });
});
