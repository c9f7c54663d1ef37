import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clock } from '../../lib/clock.js';
import { todayInSpain } from '../cargas/offer-rules.js';
import { outboxDir } from '../../mail/mailer.js';
import { accessLinkBrowser, clientesDe, useClientesDemo, walk } from '../../test/clientes.js';
import { testDatabases } from '../../test/databases.js';
import { outboxFiles, readEml } from '../../test/eml.js';
import { signedIn, TestBrowser } from '../../test/session.js';

/** A calendar day relative to today in Spain, 'YYYY-MM-DD'. */
function dia(offset: number): string {
  const date = new Date(`${todayInSpain(new Date())}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}
const es = (iso: string) => iso.split('-').reverse().join('/');

function solicitud(overrides: Record<string, unknown> = {}) {
  return {
    origen_poblacion: 'Zaragoza',
    origen_direccion: 'Polígono Plaza, calle B 12',
    origen_cp: '50197',
    origen_pais_iso: 'es',
    destino_poblacion: 'Lyon',
    destino_direccion: null,
    destino_cp: '69007',
    destino_pais_iso: 'FR',
    fecha_carga: dia(3),
    fecha_entrega: dia(5),
    mercancia: 'Conservas vegetales paletizadas',
    bultos: 26,
    peso_kg: 18_500,
    tipo_vehiculo: 'lona',
    observaciones: 'Carga con cita previa; muelle 4.',
    ...overrides,
  };
}

describe.each(testDatabases())('solicitudes y sugerencias del cliente ($name)', ({ open }) => {
  const demo = useClientesDemo(open, { OPERATORS_EMAIL: 'trafico@empresa.es' });
  let outbox: string;

  beforeAll(() => {
    outbox = outboxDir(demo.app.config.dataDir);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const count = async (table: 'solicitudes' | 'sugerencias' | 'audit_log') =>
    Number(
      (
        await demo.handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('sin sesión 401; sin CSRF 403', async () => {
    const anon = new TestBrowser(demo.app);
    expect((await anon.get('/api/clientes/solicitudes')).statusCode).toBe(401);
    expect((await anon.post('/api/clientes/solicitudes', solicitud())).statusCode).toBe(401);
    expect((await anon.get('/api/clientes/sugerencias')).statusCode).toBe(401);
    const noCsrf = await demo.cliente.request('POST', '/api/clientes/sugerencias', {
      payload: { texto: 'Sin token CSRF' },
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('registra la solicitud, avisa a los operadores por e-mail (outbox) y deja auditoría', async () => {
    const before = outboxFiles(outbox).length;
    const audits = await count('audit_log');
    const res = await demo.cliente.post('/api/clientes/solicitudes', solicitud());
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const row = res.json();
    expect(row).toMatchObject({
      estado: 'recibida',
      origen_poblacion: 'Zaragoza',
      origen_pais_iso: 'ES',
      destino_direccion: null,
      tipo_vehiculo: 'lona',
      bultos: 26,
      peso_kg: 18_500,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    const stored = await demo.handle.db
      .selectFrom('solicitudes')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(stored.cliente_id).toBe(demo.clienteId);
    expect(stored.usuario_id).not.toBeNull();
    expect(await count('audit_log')).toBe(audits + 1);

    // The e-mail leaves through the outbox: nothing until the worker runs.
    expect(outboxFiles(outbox).length).toBe(before);
    await demo.app.outbox.runOnce();
    const files = outboxFiles(outbox);
    expect(files.length).toBe(before + 1);
    // Named by the time they were written: the last one is this request's.
    const mail = readEml(outbox, files.at(-1)!);
    expect(mail.headers['to']).toContain('trafico@empresa.es');
    expect(mail.headers['subject']).toBe(
      `Nueva solicitud de transporte nº ${row.id} de Conservas del Ebro S.A.`,
    );
    for (const text of [
      'Polígono Plaza, calle B 12, 50197 Zaragoza, España',
      '69007 Lyon, Francia',
      `Fecha de carga: ${es(dia(3))}`,
      `Fecha de entrega: ${es(dia(5))}`,
      'Conservas vegetales paletizadas',
      'Bultos: 26',
      'Peso: 18.500 kg',
      'Vehículo: Tráiler lona',
      'Carga con cita previa; muelle 4.',
      'Enviada por: cliente@demo.es',
    ]) {
      expect(mail.text).toContain(text);
    }
    expect(mail.html).toContain('Conservas vegetales paletizadas');
  });

  it('formularios no válidos: 400 en español con detalles, nada escrito ni enviado', async () => {
    const before = { rows: await count('solicitudes'), mails: outboxFiles(outbox).length };
    const casos: Array<[Record<string, unknown>, string, string]> = [
      [
        { origen_poblacion: 'Z' },
        'origen_poblacion',
        'La población debe tener al menos 2 caracteres.',
      ],
      [{ origen_cp: '1' }, 'origen_cp', 'Código postal no válido: de 3 a 10 letras o cifras.'],
      [{ destino_pais_iso: 'XX' }, 'destino_pais_iso', 'País no válido: elija uno de la lista.'],
      [{ bultos: 0 }, 'bultos', 'Como mínimo 1 bulto.'],
      [{ peso_kg: 40_001 }, 'peso_kg', 'El peso no puede superar 40.000 kg.'],
      [
        { mercancia: 'x'.repeat(201) },
        'mercancia',
        'La mercancía no puede superar 200 caracteres.',
      ],
      [{ tipo_vehiculo: 'cohete' }, 'tipo_vehiculo', ''],
      [
        { observaciones: 'x'.repeat(1001) },
        'observaciones',
        'Las observaciones no pueden superar 1000 caracteres.',
      ],
      [
        { fecha_entrega: dia(2) },
        'fecha_entrega',
        'La fecha de entrega no puede ser anterior a la de carga.',
      ],
      [
        { fecha_carga: dia(-1), fecha_entrega: null },
        'fecha_carga',
        'La fecha de carga no puede ser anterior a hoy.',
      ],
      [
        { fecha_carga: dia(400), fecha_entrega: null },
        'fecha_carga',
        'La fecha de carga no puede ser dentro de más de un año.',
      ],
      [{ fecha_carga: '25/11/2026' }, 'fecha_carga', 'Fecha no válida: use AAAA-MM-DD.'],
    ];
    for (const [override, field, message] of casos) {
      const res = await demo.cliente.post('/api/clientes/solicitudes', solicitud(override));
      expect(res.statusCode, field).toBe(400);
      const body = res.json();
      expect(body.error.code).toBe('VALIDATION_ERROR');
      const detail = (body.error.details as Array<{ path: string; message: string }>).find((d) =>
        d.path.includes(field),
      );
      expect(detail, field).toBeDefined();
      if (message) expect(detail!.message).toBe(message);
    }
    const { mercancia: _omitted, ...sinMercancia } = solicitud();
    expect((await demo.cliente.post('/api/clientes/solicitudes', sinMercancia)).statusCode).toBe(
      400,
    );
    expect(await count('solicitudes')).toBe(before.rows);
    expect(outboxFiles(outbox).length).toBe(before.mails);
  });

  it('hoy en España es válido como fecha de carga', async () => {
    // 23:30 UTC on the 22nd is already the 23rd in Madrid.
    vi.spyOn(clock, 'now').mockReturnValue(new Date('2026-11-22T23:30:00Z'));
    // Signed in under the fake clock, so the session lives at that instant.
    const cliente = await signedIn(demo.app, 'cliente@demo.es');
    const ayer = await cliente.post(
      '/api/clientes/solicitudes',
      solicitud({ fecha_carga: '2026-11-22', fecha_entrega: null }),
    );
    expect(ayer.statusCode).toBe(400);
    const hoy = await cliente.post(
      '/api/clientes/solicitudes',
      solicitud({ fecha_carga: '2026-11-23', fecha_entrega: null }),
    );
    expect(hoy.statusCode).toBe(201);
    // Delivered at that instant too, so it does not count among a later test's e-mails.
    await demo.app.outbox.runOnce();
  });

  it('lista solo las solicitudes del cliente por cursor; el enlace de acceso también envía', async () => {
    const propias = await demo.handle.db
      .selectFrom('solicitudes')
      .select('id')
      .where('cliente_id', '=', demo.clienteId)
      .execute();
    const items = await walk<{ id: number; estado: string }>(
      demo.cliente,
      '/api/clientes/solicitudes?limit=2',
    );
    expect(items.map((s) => s.id).sort()).toEqual(propias.map((s) => s.id).sort());
    expect(new Set(items.map((s) => s.id)).size).toBe(items.length);

    const [a] = await clientesDe(demo.handle, 'grupo@demo.es');
    const grupo = await signedIn(demo.app, 'grupo@demo.es', { clienteId: a! });
    const suyas = await walk<{ id: number }>(grupo, '/api/clientes/solicitudes');
    expect(suyas.some((s) => propias.some((p) => p.id === s.id))).toBe(false);

    const enlace = await accessLinkBrowser(demo.app, demo.clienteId);
    const before = new Set(outboxFiles(outbox));
    const res = await enlace.post('/api/clientes/solicitudes', solicitud());
    expect(res.statusCode).toBe(201);
    await demo.app.outbox.runOnce();
    const nuevos = outboxFiles(outbox).filter((f) => !before.has(f));
    expect(nuevos).toHaveLength(1);
    const mail = readEml(outbox, nuevos[0]!);
    expect(mail.text).toContain('Enviada por: enlace de acceso del cliente');
  });

  it('sugerencias: envía, valida y lista las del cliente', async () => {
    const before = await count('sugerencias');
    const res = await demo.cliente.post('/api/clientes/sugerencias', {
      asunto: 'Avisos',
      texto: 'Un aviso por SMS al cargar estaría bien.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      asunto: 'Avisos',
      texto: 'Un aviso por SMS al cargar estaría bien.',
    });
    for (const body of [
      { texto: 'hola' },
      { texto: 'x'.repeat(2001) },
      { asunto: 'x'.repeat(121), texto: 'Texto válido' },
      {},
    ]) {
      const bad = await demo.cliente.post('/api/clientes/sugerencias', body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details.length).toBeGreaterThan(0);
    }
    expect(
      (await demo.cliente.post('/api/clientes/sugerencias', { texto: 'hola' })).json().error
        .details[0].message,
    ).toBe('La sugerencia debe tener al menos 5 caracteres.');
    expect(await count('sugerencias')).toBe(before + 1);
    const items = await walk<{ id: number }>(demo.cliente, '/api/clientes/sugerencias?limit=1');
    const propias = await demo.handle.db
      .selectFrom('sugerencias')
      .select('id')
      .where('cliente_id', '=', demo.clienteId)
      .execute();
    expect(items.map((s) => s.id).sort()).toEqual(propias.map((s) => s.id).sort());
    expect(items[0]!.id).toBe(res.json().id);
    const [a] = await clientesDe(demo.handle, 'grupo@demo.es');
    const grupo = await signedIn(demo.app, 'grupo@demo.es', { clienteId: a! });
    expect(await walk(grupo, '/api/clientes/sugerencias')).toEqual([]);
  });
});
