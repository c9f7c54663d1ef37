import { createHash, randomBytes } from 'node:crypto';
import { existsSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.js';
import { isPostgres } from '../db/sql.js';
import { clock } from '../lib/clock.js';
import { outboxDir } from '../mail/mailer.js';
import { createApiKey } from '../modules/api-keys/service.js';
import { buildTestApp } from '../test/app.js';
import { testDatabases, type TestDatabaseHandle } from '../test/databases.js';
import { outboxFiles, readEml } from '../test/eml.js';
import { contentKey } from '../storage/file-storage.js';
import { LocalDiskStorage } from '../storage/local-disk-storage.js';
import { createProveedorConUsuario } from '../test/proveedores.js';
import { purgarArchivosHuerfanos } from './archivos-huerfanos.js';
import { avisarCertificadosPorCaducar } from './certificados.js';
import { limpiar } from './limpieza.js';
import { REFERENCIAS_ARCHIVO } from './repository.js';
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
    const borrados = await limpiar(handle.db, app.storage, app.config);
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
    expect((await limpiar(handle.db, app.storage, app.config)).idempotency_keys).toBe(1);
  });

  it('limpieza de avisos: los leídos de más de 90 días, todos los de más de 365', async () => {
    const ana = await createProveedorConUsuario(handle.db);
    const luis = await createProveedorConUsuario(handle.db);
    const hace = (dias: number) => new Date(HOY.getTime() - dias * DIA).toISOString();
    async function aviso(
      owner: { usuarioId: number; proveedorId: number },
      texto: string,
      dias: number,
      leidoDias: number | null,
    ) {
      await handle.db
        .insertInto('avisos_usuario')
        .values({
          usuario_id: owner.usuarioId,
          portal: 'proveedores',
          empresa_id: owner.proveedorId,
          tipo: 'oferta',
          evento_id: null,
          titulo: 'Oferta aceptada',
          texto,
          datos: null,
          url: '/proveedores/cargas',
          clave: null,
          created_at: hace(dias),
          leido_at: leidoDias === null ? null : hace(leidoDias),
        })
        .execute();
    }
    await aviso(ana, 'leído hace 91 días', 91, 1);
    await aviso(ana, 'leído hace 89 días', 89, 88);
    await aviso(ana, 'sin leer hace 200 días', 200, null);
    await aviso(ana, 'sin leer hace 364 días', 364, null);
    await aviso(ana, 'sin leer hace 366 días', 366, null);
    await aviso(ana, 'leído hace 400 días', 400, 399);
    await aviso(ana, 'sin leer de ayer', 1, null);
    await aviso(luis, 'de Luis, sin leer hace 300 días', 300, null);
    await aviso(luis, 'de Luis, leído hace 30 días', 30, 2);
    const quedan = async (usuarioId: number) =>
      (
        await handle.db
          .selectFrom('avisos_usuario')
          .select('texto')
          .where('usuario_id', '=', usuarioId)
          .orderBy('id')
          .execute()
      ).map((row) => row.texto);

    at(HOY);
    expect(
      (await limpiar(handle.db, app.storage, app.config)).avisos_usuario,
    ).toBeGreaterThanOrEqual(3);
    expect(await quedan(ana.usuarioId)).toEqual([
      'leído hace 89 días',
      'sin leer hace 200 días',
      'sin leer hace 364 días',
      'sin leer de ayer',
    ]);
    expect(await quedan(luis.usuarioId)).toEqual([
      'de Luis, sin leer hace 300 días',
      'de Luis, leído hace 30 días',
    ]);

    // Two days on: the notice read 89 days ago is past 90, the unread one of 364 past 365.
    at(new Date(HOY.getTime() + 2 * DIA));
    await limpiar(handle.db, app.storage, app.config);
    expect(await quedan(ana.usuarioId)).toEqual(['sin leer hace 200 días', 'sin leer de ayer']);
    expect(await quedan(luis.usuarioId)).toHaveLength(2);
  });

  describe('limpieza de archivos sin referencias', () => {
    const H = 3_600_000;
    const hace = (ms: number) => new Date(HOY.getTime() - ms);

    /** Bytes put in storage under their content address; returns the key. */
    async function fichero(): Promise<string> {
      const bytes = Buffer.from(`%PDF-1.4\n% ${randomBytes(8).toString('hex')}\n%%EOF\n`);
      const key = contentKey(createHash('sha256').update(bytes).digest('hex'));
      await app.storage.put(key, Readable.from([bytes]), { mime: 'application/pdf' });
      return key;
    }

    async function archivo(key: string, createdAt: Date): Promise<number> {
      const row = await handle.db
        .insertInto('archivos')
        .values({
          propietario_tipo: 'sistema',
          propietario_id: null,
          tipo: 'otro',
          nombre: 'documento.pdf',
          mime: 'application/pdf',
          tamano_bytes: 1,
          sha256: key.split('/')[2]!,
          storage_key: key,
          created_at: createdAt.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    }

    const filas = async (ids: number[]) =>
      (await handle.db.selectFrom('archivos').select('id').where('id', 'in', ids).execute())
        .map((r) => Number(r.id))
        .sort((a, b) => a - b);
    const enDisco = (key: string) => existsSync(path.join(disco().root, key));
    const disco = () => {
      if (!(app.storage instanceof LocalDiskStorage)) throw new Error('se esperaba disco local');
      return app.storage;
    };

    it('borra fila y fichero del huérfano de más de 24 h; deja los referenciados y los recientes, con varias instancias', async () => {
      const { proveedorId } = await createProveedorConUsuario(handle.db);
      const [viejo, enlazado, reciente, compartido] = [
        await fichero(),
        await fichero(),
        await fichero(),
        await fichero(),
      ];
      const huerfano = await archivo(viejo, hace(25 * H));
      const referenciado = await archivo(enlazado, hace(30 * DIA));
      const fresco = await archivo(reciente, hace(23 * H));
      // The same bytes behind an orphan and a linked archivo: the row goes, the file stays.
      const copiaHuerfana = await archivo(compartido, hace(25 * H));
      const copiaEnlazada = await archivo(compartido, hace(25 * H));
      const cert = await certificado(proveedorId, tipos[0]!.codigo, '2030-01-01');
      await handle.db
        .updateTable('certificados')
        .set({ archivo_id: referenciado })
        .where('id', '=', cert)
        .execute();
      await handle.db
        .insertInto('prevencion_documentos')
        .values({ titulo: 'Plan de emergencia', archivo_id: copiaEnlazada })
        .execute();

      at(HOY);
      // Two instances at once: each row is deleted once, by whichever gets it.
      const [a, b] = await Promise.all([
        limpiar(handle.db, app.storage, app.config),
        limpiar(handle.db, app.storage, app.config),
      ]);
      expect(a.archivos + b.archivos).toBe(2);
      expect(await filas([huerfano, referenciado, fresco, copiaHuerfana, copiaEnlazada])).toEqual([
        referenciado,
        fresco,
        copiaEnlazada,
      ]);
      expect([viejo, enlazado, reciente, compartido].map(enDisco)).toEqual([
        false,
        true,
        true,
        true,
      ]);
      const certificadoActual = await handle.db
        .selectFrom('certificados')
        .select('archivo_id')
        .where('id', '=', cert)
        .executeTakeFirstOrThrow();
      expect(certificadoActual.archivo_id).toBe(referenciado);

      // Two hours on, the 23-hour-old orphan is past 24 h too.
      at(new Date(HOY.getTime() + 2 * H));
      expect(await limpiar(handle.db, app.storage, app.config)).toMatchObject({
        archivos: 1,
        ficheros: 1,
      });
      expect(await filas([fresco])).toEqual([]);
      expect(enDisco(reciente)).toBe(false);
    });

    it('en disco local borra los ficheros sin fila escritos hace más de 24 h', async () => {
      const [viejo, reciente, conFila] = [await fichero(), await fichero(), await fichero()];
      await archivo(conFila, HOY);
      // A file outside the content addresses (the bulk seed's stand-in) is never ours to judge.
      const ajeno = 'bulk/cmr-bulk.pdf';
      await app.storage.put(ajeno, Readable.from([Buffer.from('x')]), { mime: 'application/pdf' });
      for (const key of [viejo, conFila, ajeno]) {
        utimesSync(path.join(disco().root, key), hace(25 * H), hace(25 * H));
      }
      utimesSync(path.join(disco().root, reciente), hace(23 * H), hace(23 * H));
      expect(await purgarArchivosHuerfanos(handle.db, app.storage, hace(24 * H))).toEqual({
        archivos: 0,
        ficheros: 1,
      });
      expect([viejo, reciente, conFila, ajeno].map(enDisco)).toEqual([false, true, true, true]);
    });

    it('REFERENCIAS_ARCHIVO son todas las claves ajenas a archivos del esquema', async () => {
      const esquema = isPostgres(handle.db)
        ? (
            await sql<{ tabla: string; columna: string }>`
              select kcu.table_name as tabla, kcu.column_name as columna
              from information_schema.referential_constraints rc
              join information_schema.key_column_usage kcu
                on kcu.constraint_name = rc.constraint_name
                and kcu.constraint_schema = rc.constraint_schema
              join information_schema.constraint_column_usage ccu
                on ccu.constraint_name = rc.unique_constraint_name
                and ccu.constraint_schema = rc.unique_constraint_schema
              where ccu.table_name = 'archivos' and kcu.table_schema = current_schema()`.execute(
              handle.db,
            )
          ).rows
        : (
            await sql<{ tabla: string; columna: string }>`
              select m.name as tabla, f."from" as columna
              from sqlite_master m, pragma_foreign_key_list(m.name) f
              where m.type = 'table' and f."table" = 'archivos'`.execute(handle.db)
          ).rows;
      const orden = (l: ReadonlyArray<{ tabla: string; columna: string }>) =>
        l.map(({ tabla, columna }) => `${tabla}.${columna}`).sort();
      expect(orden(esquema)).toEqual(orden(REFERENCIAS_ARCHIVO));
    });
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
