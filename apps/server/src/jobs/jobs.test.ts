import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.js';
import { clock } from '../lib/clock.js';
import { outboxDir } from '../mail/mailer.js';
import { createApiKey } from '../modules/api-keys/service.js';
import { buildTestApp } from '../test/app.js';
import { testDatabases, type TestDatabaseHandle } from '../test/databases.js';
import { outboxFiles, readEml } from '../test/eml.js';
import { createProveedorConUsuario } from '../test/proveedores.js';
import { avisarCertificadosPorCaducar } from './certificados.js';
import { limpiar } from './limpieza.js';
import { createJobScheduler } from './scheduler.js';

const HOY = new Date('2026-11-22T06:00:00.000Z');
const DIA = 86_400_000;

describe.each(testDatabases())('tareas programadas ($name)', ({ open }) => {
  let handle: TestDatabaseHandle;
  let app: App;
  let tipos: Array<{ codigo: string; nombre: string }>;

  beforeAll(async () => {
    handle = await open();
    app = await buildTestApp(handle, { PUBLIC_URL: 'https://extranet.example' });
    tipos = await handle.db
      .selectFrom('certificado_tipos')
      .select(['codigo', 'nombre'])
      .orderBy('orden')
      .execute();
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await handle.dispose();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const at = (date: Date) => vi.spyOn(clock, 'now').mockReturnValue(date);

  async function certificado(proveedorId: number, tipo: string, fechaCaducidad: string) {
    const row = await handle.db
      .insertInto('certificados')
      .values({
        proveedor_id: proveedorId,
        tipo,
        descripcion: null,
        fecha_caducidad: fechaCaducidad,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async function avisados(proveedorId: number) {
    const rows = await handle.db
      .selectFrom('eventos')
      .select('payload')
      .where('tipo', '=', 'certificado.caduca')
      .orderBy('id')
      .execute();
    return rows
      .map(
        (r) =>
          JSON.parse(r.payload) as { proveedor_id: number; certificado_id: number; dias: number },
      )
      .filter((p) => p.proveedor_id === proveedorId);
  }

  it('certificado que caduca en 30 días: un aviso por certificado y fecha, con varias instancias', async () => {
    const { proveedorId } = await createProveedorConUsuario(handle.db);
    const [a, b] = [tipos[0]!.codigo, tipos[1]!.codigo];
    const en30 = await certificado(proveedorId, a, '2026-12-22');
    const en31 = await certificado(proveedorId, b, '2026-12-23');
    await certificado(proveedorId, b, '2026-11-21'); // already expired: too late to warn
    // Renewed: the old version expiring soon is moot.
    const viejo = await certificado(proveedorId, tipos[2]!.codigo, '2026-12-01');
    await certificado(proveedorId, tipos[2]!.codigo, '2027-12-01');

    at(HOY);
    // Two instances at once: the marker lets only one tell it.
    await Promise.all([
      avisarCertificadosPorCaducar(handle.db),
      avisarCertificadosPorCaducar(handle.db),
    ]);
    await avisarCertificadosPorCaducar(handle.db);
    expect(await avisados(proveedorId)).toEqual([
      expect.objectContaining({ certificado_id: en30, dias: 30, fecha_caducidad: '2026-12-22' }),
    ]);
    expect((await avisados(proveedorId)).map((p) => p.certificado_id)).not.toContain(viejo);

    at(new Date(HOY.getTime() + DIA));
    await avisarCertificadosPorCaducar(handle.db);
    expect((await avisados(proveedorId)).map((p) => [p.certificado_id, p.dias])).toEqual([
      [en30, 30],
      [en31, 30],
    ]);
  });

  it('el aviso llega por e-mail y push con la página de certificados', async () => {
    const { proveedorId, usuarioId, email } = await createProveedorConUsuario(handle.db);
    await handle.db
      .insertInto('push_subscriptions')
      .values({
        usuario_id: usuarioId,
        portal: 'proveedores',
        endpoint: `https://push.example.test/prov-${usuarioId}`,
        p256dh: 'p256dh',
        auth: 'auth',
      })
      .execute();
    const id = await certificado(proveedorId, tipos[0]!.codigo, '2026-12-10');
    at(HOY);
    expect(await avisarCertificadosPorCaducar(handle.db)).toBeGreaterThanOrEqual(1);
    const send = vi.spyOn(app.push, 'send').mockResolvedValue('sent');
    const dir = outboxDir(app.config.dataDir);
    const before = new Set(outboxFiles(dir));
    while ((await app.outbox.runOnce()) > 0);
    const mails = outboxFiles(dir)
      .filter((f) => !before.has(f))
      .map((f) => readEml(dir, f))
      .filter((m) => m.headers['to'] === email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.headers['subject']).toBe(`Su certificado ${tipos[0]!.nombre} caduca el 10/12/2026`);
    expect(mail.text).toContain(`caduca en 18 días`);
    expect(mail.text).toContain('Fecha de caducidad: 10/12/2026');
    expect(mail.text).toContain('https://extranet.example/proveedores/certificados');
    expect(mail.html).toContain('Abrir mis certificados');
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({ endpoint: `https://push.example.test/prov-${usuarioId}` }),
      {
        title: 'Certificado a punto de caducar',
        body: `${tipos[0]!.nombre}: caduca el 10/12/2026`,
        url: '/proveedores/certificados',
        tag: `certificado-${id}`,
      },
    );
  });

  it('limpieza: respuestas de idempotencia de más de 24 h, sesiones y tokens caducados', async () => {
    const { usuarioId } = await createProveedorConUsuario(handle.db);
    const apiKey = await createApiKey(app.db, { nombre: 'ERP', scopes: ['portes:write'] });
    const hace = (ms: number) => new Date(HOY.getTime() - ms).toISOString();
    const luego = (ms: number) => new Date(HOY.getTime() + ms).toISOString();
    const H = 3_600_000;
    await handle.db
      .insertInto('idempotency_keys')
      .values(
        [
          ['vieja', hace(25 * H)],
          ['reciente', hace(23 * H)],
        ].map(([clave, created_at]) => ({
          api_key_id: apiKey.id,
          clave: clave!,
          request_hash: 'h',
          status_code: 200,
          response_body: '{}',
          created_at: created_at!,
        })),
      )
      .execute();
    const sesion = (id: string, lastSeen: string, expires: string) => ({
      id,
      usuario_id: usuarioId,
      portal: 'proveedores' as const,
      region: 'es' as const,
      cliente_id: null,
      proveedor_id: null,
      datos: null,
      created_at: hace(3 * H),
      last_seen_at: lastSeen,
      expires_at: expires,
    });
    await handle.db
      .insertInto('sesiones')
      .values([
        sesion('caducada', hace(60_000), hace(1)),
        sesion('inactiva', hace(121 * 60_000), luego(H)),
        sesion('viva', hace(60_000), luego(H)),
      ])
      .execute();
    const token = (hash: string, expires: string, revoked: string | null) => ({
      usuario_id: usuarioId,
      portal: 'proveedores' as const,
      token_hash: hash,
      expires_at: expires,
      revoked_at: revoked,
    });
    await handle.db
      .insertInto('remember_tokens')
      .values([
        token('rt-caducado', hace(1), null),
        token('rt-revocado', luego(H), hace(H)),
        token('rt-vivo', luego(H), null),
      ])
      .execute();
    await handle.db
      .insertInto('password_resets')
      .values([
        { usuario_id: usuarioId, token_hash: 'pr-usado', expires_at: luego(H), used_at: hace(1) },
        { usuario_id: usuarioId, token_hash: 'pr-caducado', expires_at: hace(1), used_at: null },
        { usuario_id: usuarioId, token_hash: 'pr-vivo', expires_at: luego(H), used_at: null },
      ])
      .execute();

    at(HOY);
    const borrados = await limpiar(handle.db, app.config);
    expect(borrados).toMatchObject({ idempotency_keys: 1, sesiones: 2, remember_tokens: 2 });
    expect(borrados.password_resets).toBeGreaterThanOrEqual(2);

    const claves = await handle.db
      .selectFrom('idempotency_keys')
      .select('clave')
      .where('api_key_id', '=', apiKey.id)
      .execute();
    expect(claves.map((c) => c.clave)).toEqual(['reciente']);
    const sesiones = await handle.db
      .selectFrom('sesiones')
      .select('id')
      .where('id', 'in', ['caducada', 'inactiva', 'viva'])
      .execute();
    expect(sesiones.map((s) => s.id)).toEqual(['viva']);
    const tokens = await handle.db
      .selectFrom('remember_tokens')
      .select('token_hash')
      .where('usuario_id', '=', usuarioId)
      .execute();
    expect(tokens.map((t) => t.token_hash)).toEqual(['rt-vivo']);
    const resets = await handle.db
      .selectFrom('password_resets')
      .select('token_hash')
      .where('usuario_id', '=', usuarioId)
      .execute();
    expect(resets.map((t) => t.token_hash)).toEqual(['pr-vivo']);

    // Two hours on, the 23-hour-old answer is past 24 h too.
    at(new Date(HOY.getTime() + 2 * H));
    expect((await limpiar(handle.db, app.config)).idempotency_keys).toBe(1);
  });

  it('el planificador ejecuta las tareas al arrancar y se detiene limpio', async () => {
    const { proveedorId } = await createProveedorConUsuario(handle.db);
    const id = await certificado(proveedorId, tipos[0]!.codigo, '2026-12-01');
    at(HOY);
    const jobs = createJobScheduler(app, { intervalMs: 3_600_000 });
    jobs.start();
    await vi.waitFor(
      async () => expect((await avisados(proveedorId)).map((p) => p.certificado_id)).toEqual([id]),
      { timeout: 5000, interval: 50 },
    );
    await jobs.stop();
  });
});
