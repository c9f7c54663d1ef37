import { afterEach, describe, expect, it, vi } from 'vitest';
import { clock } from '../../lib/clock.js';
import { testDatabases } from '../../test/databases.js';
import { signedIn, TestBrowser, type TestBrowser as Browser } from '../../test/session.js';
import { certificateBlockMessage, todayInSpain } from '../cargas/offer-rules.js';
import {
  count,
  multipart,
  pdfBytes,
  postMultipart,
  SVG_BYTES,
  useDemoCarrier,
} from '../../test/transportes.js';
import { estadoCertificado } from './service.js';

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

describe('estado de un certificado (límite de 30 días)', () => {
  const tipo = { codigo: 'itv', nombre: 'ITV' };
  it.each([
    [31, 'valido'],
    [30, 'caduca_pronto'],
    [0, 'caduca_pronto'],
    [-1, 'caducado'],
  ])('a %i días: %s', (dias, estado) => {
    expect(estadoCertificado(tipo, addDays('2026-11-22', dias), '2026-11-22')).toBe(estado);
  });
});

describe.each(testDatabases())('certificados del proveedor ($name)', ({ open }) => {
  const demo = useDemoCarrier(open);
  const today = todayInSpain(new Date());

  afterEach(() => vi.restoreAllMocks());

  type Item = {
    tipo: string;
    estado: string;
    obligatorio: boolean;
    dias_restantes: number | null;
    historial: unknown[];
    actual: { archivo_id: number } | null;
  };
  async function list(b: Browser = demo.browser) {
    const res = await b.get('/api/proveedores/certificados');
    expect(res.statusCode).toBe(200);
    return res.json<{ items: Item[]; bloqueo: { bloqueado: boolean; motivo: string | null } }>();
  }
  const subir = (
    fields: Record<string, string>,
    content = pdfBytes('cert'),
    filename = 'cert.pdf',
  ) =>
    postMultipart(
      demo.browser,
      '/api/proveedores/certificados',
      multipart(fields, { filename, content }),
    );

  it('lista cada tipo con su estado, obligatorio y los que faltan', async () => {
    const { items, bloqueo } = await list();
    const byTipo = new Map(items.map((i) => [i.tipo, i]));
    expect(byTipo.get('seguro_mercancias')).toMatchObject({
      estado: 'caduca_pronto',
      obligatorio: true,
    });
    expect(byTipo.get('tarjeta_transporte')).toMatchObject({ estado: 'valido', obligatorio: true });
    expect(byTipo.get('seguridad_social')).toMatchObject({
      estado: 'caducado',
      obligatorio: false,
    });
    expect(byTipo.get('adr')).toMatchObject({
      estado: 'falta',
      actual: null,
      dias_restantes: null,
    });
    expect(bloqueo).toEqual({ bloqueado: false, motivo: null });
    expect((await demo.browser.get('/api/proveedores/certificados/estado')).json()).toEqual(
      bloqueo,
    );
    expect((await new TestBrowser(demo.app).get('/api/proveedores/certificados')).statusCode).toBe(
      401,
    );
  });

  it('sube una nueva versión (conserva el historial) y la descarga', async () => {
    const before = (await list()).items.find((i) => i.tipo === 'seguro_mercancias')!;
    const res = await subir({
      tipo: 'seguro_mercancias',
      fecha_emision: today,
      fecha_caducidad: addDays(today, 365),
    });
    expect(res.statusCode).toBe(201);
    const after = res.json<{ items: Item[] }>().items.find((i) => i.tipo === 'seguro_mercancias')!;
    expect(after.estado).toBe('valido');
    expect(after.historial.length).toBe(before.historial.length + 1);
    const file = await demo.browser.get(`/api/proveedores/archivos/${after.actual!.archivo_id}`);
    expect(file.statusCode).toBe(200);
  });

  it('estados en el límite de 30 días con un reloj falso', async () => {
    expect((await subir({ tipo: 'adr', fecha_caducidad: addDays(today, 40) })).statusCode).toBe(
      201,
    );
    expect((await subir({ tipo: 'itv', fecha_caducidad: addDays(today, 41) })).statusCode).toBe(
      201,
    );
    const at = (day: string) =>
      vi.spyOn(clock, 'now').mockReturnValue(new Date(`${day}T12:00:00Z`));

    at(addDays(today, 10));
    let items = (
      await list(await signedIn(demo.app, 'proveedor@demo.es', { portal: 'proveedores' }))
    ).items;
    expect(items.find((i) => i.tipo === 'adr')).toMatchObject({
      estado: 'caduca_pronto',
      dias_restantes: 30,
    });
    expect(items.find((i) => i.tipo === 'itv')).toMatchObject({
      estado: 'valido',
      dias_restantes: 31,
    });

    at(addDays(today, 41));
    items = (await list(await signedIn(demo.app, 'proveedor@demo.es', { portal: 'proveedores' })))
      .items;
    expect(items.find((i) => i.tipo === 'itv')).toMatchObject({
      estado: 'caduca_pronto',
      dias_restantes: 0,
    });
    at(addDays(today, 42));
    items = (await list(await signedIn(demo.app, 'proveedor@demo.es', { portal: 'proveedores' })))
      .items;
    expect(items.find((i) => i.tipo === 'itv')).toMatchObject({
      estado: 'caducado',
      dias_restantes: -1,
    });
  });

  it('un obligatorio caducado bloquea con el mismo texto que las ofertas', async () => {
    const yesterday = addDays(today, -1);
    await demo.handle.db
      .updateTable('certificados')
      .set({ fecha_caducidad: yesterday })
      .where('proveedor_id', '=', demo.proveedorId)
      .where('tipo', '=', 'tarjeta_transporte')
      .execute();
    const expected = {
      bloqueado: true,
      motivo: certificateBlockMessage({
        tipo: 'tarjeta_transporte',
        nombre: 'Tarjeta de transporte',
        fecha_caducidad: yesterday,
      }),
    };
    expect((await list()).bloqueo).toEqual(expected);
    expect((await demo.browser.get('/api/proveedores/certificados/estado')).json()).toEqual(
      expected,
    );
  });

  it.each([
    ['caducidad hoy', () => ({ tipo: 'adr', fecha_caducidad: today }), 400],
    [
      'emisión futura',
      () => ({
        tipo: 'adr',
        fecha_emision: addDays(today, 1),
        fecha_caducidad: addDays(today, 90),
      }),
      400,
    ],
    ['tipo desconocido', () => ({ tipo: 'nada', fecha_caducidad: addDays(today, 90) }), 400],
    ['fecha inválida', () => ({ tipo: 'adr', fecha_caducidad: '2026-13-01' }), 400],
  ])('400 por %s, sin dejar nada', async (_l, fields, status) => {
    const before = {
      files: (await demo.stored()).length,
      archivos: await count(demo.handle, 'archivos'),
      certs: await count(demo.handle, 'certificados'),
    };
    const res = await subir(fields());
    expect(res.statusCode).toBe(status);
    expect({
      files: (await demo.stored()).length,
      archivos: await count(demo.handle, 'archivos'),
      certs: await count(demo.handle, 'certificados'),
    }).toEqual(before);
  });

  it('rechaza un SVG y no deja nada; el certificado de otro proveedor no se ve', async () => {
    const before = {
      files: (await demo.stored()).length,
      archivos: await count(demo.handle, 'archivos'),
    };
    const res = await subir(
      { tipo: 'adr', fecha_caducidad: addDays(today, 90) },
      SVG_BYTES,
      'c.svg',
    );
    expect(res.statusCode).toBe(415);
    expect({
      files: (await demo.stored()).length,
      archivos: await count(demo.handle, 'archivos'),
    }).toEqual(before);
    const ajeno = await demo.handle.db
      .selectFrom('certificados')
      .select('id')
      .where('proveedor_id', '!=', demo.proveedorId)
      .executeTakeFirstOrThrow();
    const ids = (await list()).items.flatMap((i) =>
      i.historial.map((h) => (h as { id: number }).id),
    );
    expect(ids).not.toContain(ajeno.id);
  });
});
