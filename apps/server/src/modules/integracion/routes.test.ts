import { paradaEjemplo, porteEjemplo } from '@extranet/contracts/integracion/integracion';
import { beforeAll, describe, expect, it } from 'vitest';
import { clienteIdOf, demoClientesApp } from '../../test/clientes.js';
import { testDatabases } from '../../test/databases.js';
import { erpCaller, useErpApp } from '../../test/integracion.js';
import { signedIn } from '../../test/session.js';
import { createApiKey, revokeApiKey } from '../api-keys/service.js';

const V1 = '/api/integration/v1';

const invalidKey = {
  error: { code: 'INVALID_API_KEY', message: 'Clave de API no válida o revocada.' },
};

function empresa(erpId: string, overrides: Record<string, unknown> = {}) {
  return {
    erp_id: erpId,
    region: 'es',
    razon_social: `Empresa ${erpId}`,
    localidad: 'Zaragoza',
    cif: 'B50000000',
    pais_iso: 'ES',
    email: `${erpId.toLowerCase()}@example.es`,
    ...overrides,
  };
}

/** The contract's example shipment under another partida, for the client `clienteErpId`. */
function porte(partida: string, clienteErpId: string, overrides: Record<string, unknown> = {}) {
  return {
    ...porteEjemplo,
    partida,
    cliente_erp_id: clienteErpId,
    ref_cliente: `REF-${partida}`,
    ...overrides,
  };
}

describe.each(testDatabases())('API de integración ($name)', ({ open }) => {
  const erp = useErpApp(
    open,
    ['clientes:write', 'proveedores:write', 'portes:write'],
    demoClientesApp,
  );
  let clientesOnlyKey: string;
  let revokedKey: string;

  beforeAll(async () => {
    clientesOnlyKey = (
      await createApiKey(erp.app.db, { nombre: 'CRM', scopes: ['clientes:write'] })
    ).key;
    const revoked = await createApiKey(erp.app.db, { nombre: 'Vieja', scopes: ['clientes:write'] });
    await revokeApiKey(erp.app.db, revoked.id);
    revokedKey = revoked.key;
  }, 60_000);

  const call = erpCaller(
    () => erp.app,
    () => erp.key,
  );

  const clientesPorErp = (erpIds: string[]) =>
    erp.handle.db.selectFrom('clientes').selectAll().where('erp_id', 'in', erpIds).execute();

  describe('autenticación', () => {
    const lote = { items: [empresa('AUTH-1')] };

    it('sin clave, con una clave mal formada, desconocida o revocada: 401', async () => {
      const malformed = 'ext_zzzz_no';
      const unknown = `ext_00000000_${'a'.repeat(43)}`;
      const wrongSecret = `${erp.key.slice(0, 13)}${'b'.repeat(43)}`;
      for (const key of [null, malformed, unknown, wrongSecret, revokedKey]) {
        const res = await call('PUT', `${V1}/clientes`, lote, { key });
        expect(res.statusCode, String(key)).toBe(401);
        expect(res.json()).toEqual(invalidKey);
      }
      const basic = await erp.app.inject({
        method: 'PUT',
        url: `${V1}/clientes`,
        headers: { authorization: `Basic ${Buffer.from(`x:${erp.key}`).toString('base64')}` },
        payload: lote,
      });
      expect(basic.statusCode).toBe(401);
      expect(await clientesPorErp(['AUTH-1'])).toEqual([]);
    });

    it('una sesión de cliente del portal sin clave: 401 (las cookies no cuentan)', async () => {
      const browser = await signedIn(erp.app, 'cliente@demo.es');
      const res = await browser.put(`${V1}/clientes`, lote);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(invalidKey);
    });

    it('sin el permiso de la ruta: 403 INSUFFICIENT_SCOPE', async () => {
      const res = await call(
        'PUT',
        `${V1}/portes`,
        { items: [porte('X-1', 'AUTH-1')] },
        {
          key: clientesOnlyKey,
        },
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('INSUFFICIENT_SCOPE');
      const ok = await call('PUT', `${V1}/clientes`, lote, { key: clientesOnlyKey });
      expect(ok.statusCode).toBe(200);
    });

    it('registra cada uso de una clave y su último uso', async () => {
      const before = await erp.handle.db
        .selectFrom('api_key_usos')
        .selectAll()
        .where('api_key_id', '=', erp.keyId)
        .execute();
      const res = await call('PUT', `${V1}/clientes`, { items: [empresa('USO-1')] });
      expect(res.statusCode).toBe(200);
      const bad = await call('PUT', `${V1}/clientes?x=1`, { items: [] });
      expect(bad.statusCode).toBe(400);
      const after = await erp.handle.db
        .selectFrom('api_key_usos')
        .select(['metodo', 'ruta', 'status'])
        .where('api_key_id', '=', erp.keyId)
        .orderBy('id')
        .execute();
      expect(after.slice(before.length)).toEqual([
        { metodo: 'PUT', ruta: `${V1}/clientes`, status: 200 },
        { metodo: 'PUT', ruta: `${V1}/clientes`, status: 400 },
      ]);
      const key = await erp.handle.db
        .selectFrom('api_keys')
        .select(['last_used_at', 'key_hash'])
        .where('id', '=', erp.keyId)
        .executeTakeFirstOrThrow();
      expect(key.last_used_at).not.toBeNull();
      expect(key.key_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(key.key_hash).not.toContain(erp.key.slice(13));
    });
  });

  describe('lotes de clientes y proveedores', () => {
    it('crea y después actualiza por erp_id, sin duplicar', async () => {
      const first = await call('PUT', `${V1}/clientes`, {
        items: [empresa('C-1'), empresa('C-2')],
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ creados: 2, actualizados: 0 });
      const second = await call('PUT', `${V1}/clientes`, {
        items: [empresa('C-1', { razon_social: 'Nueva razón S.L.' }), empresa('C-3')],
      });
      expect(second.json()).toMatchObject({
        creados: 1,
        actualizados: 1,
        items: [
          { erp_id: 'C-1', creado: false, id: first.json().items[0].id },
          { erp_id: 'C-3', creado: true },
        ],
      });
      const rows = await clientesPorErp(['C-1', 'C-2', 'C-3']);
      expect(rows).toHaveLength(3);
      expect(rows.find((r) => r.erp_id === 'C-1')?.razon_social).toBe('Nueva razón S.L.');

      const prov = await call('PUT', `${V1}/proveedores`, {
        items: [empresa('P-1', { activo: false })],
      });
      expect(prov.statusCode).toBe(200);
      const again = await call('PUT', `${V1}/proveedores`, { items: [empresa('P-1')] });
      expect(again.json()).toMatchObject({ creados: 0, actualizados: 1 });
      const proveedores = await erp.handle.db
        .selectFrom('proveedores')
        .select(['activo'])
        .where('erp_id', '=', 'P-1')
        .execute();
      expect(proveedores).toEqual([{ activo: 1 }]);
    });

    it('un registro malo (índice 3) rechaza el lote entero con su índice; nada se escribe', async () => {
      const items = ['A-0', 'A-1', 'A-2', 'A-3', 'A-4'].map((id) => empresa(id));
      items[3] = empresa('A-3', { email: 'no-es-un-email', region: 'xx' });
      const res = await call('PUT', `${V1}/clientes`, { items });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.error.code).toBe('VALIDATION_ERROR');
      expect(body.error.message).toContain('No se ha guardado nada');
      const details = body.error.details as Array<{ index?: number; path: string }>;
      expect(details.map((d) => [d.index, d.path]).sort()).toEqual([
        [3, 'email'],
        [3, 'region'],
      ]);
      expect(await clientesPorErp(items.map((i) => i.erp_id))).toEqual([]);
    });

    it('erp_id repetido y lote demasiado grande: 400 con índice o ruta', async () => {
      const dup = await call('PUT', `${V1}/clientes`, {
        items: [empresa('D-1'), empresa('D-1')],
      });
      expect(dup.statusCode).toBe(400);
      expect(dup.json().error.details).toEqual([
        { index: 1, path: 'erp_id', message: 'erp_id repetido en el lote.' },
      ]);
      const big = await call('PUT', `${V1}/clientes`, {
        items: Array.from({ length: 1001 }, (_, i) => empresa(`B-${i}`)),
      });
      expect(big.statusCode).toBe(400);
      expect(big.json().error.details[0]).toMatchObject({ path: 'items' });
      expect(big.json().error.details[0].index).toBeUndefined();
    });

    it('1000 registros en una llamada', async () => {
      const items = Array.from({ length: 1000 }, (_, i) => empresa(`M-${i}`));
      const res = await call('PUT', `${V1}/proveedores`, { items });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ creados: 1000, actualizados: 0 });
    });
  });

  describe('idempotencia', () => {
    it('la misma clave y el mismo contenido devuelven la respuesta guardada sin escribir', async () => {
      const lote = { items: [empresa('I-1')] };
      const first = await call('PUT', `${V1}/clientes`, lote, { idempotencyKey: 'idem-1' });
      expect(first.statusCode).toBe(200);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      // A change made meanwhile must survive the retry: the retry does not write again.
      await erp.handle.db
        .updateTable('clientes')
        .set({ razon_social: 'Cambiada' })
        .where('erp_id', '=', 'I-1')
        .execute();
      // Same payload with its keys in another order.
      const reordered = { items: [Object.fromEntries(Object.entries(lote.items[0]!).reverse())] };
      const retry = await call('PUT', `${V1}/clientes`, reordered, { idempotencyKey: 'idem-1' });
      expect(retry.statusCode).toBe(200);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual(first.json());
      expect((await clientesPorErp(['I-1']))[0]?.razon_social).toBe('Cambiada');
    });

    it('la misma clave con otro contenido u otra ruta: 422 IDEMPOTENCY_KEY_REUSED', async () => {
      const first = await call(
        'PUT',
        `${V1}/clientes`,
        { items: [empresa('I-2')] },
        {
          idempotencyKey: 'idem-2',
        },
      );
      expect(first.statusCode).toBe(200);
      const reused = {
        error: {
          code: 'IDEMPOTENCY_KEY_REUSED',
          message: 'La clave de idempotencia ya se usó con otro contenido.',
        },
      };
      const other = await call(
        'PUT',
        `${V1}/clientes`,
        { items: [empresa('I-3')] },
        {
          idempotencyKey: 'idem-2',
        },
      );
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual(reused);
      const otherRoute = await call(
        'PUT',
        `${V1}/proveedores`,
        { items: [empresa('I-2')] },
        {
          idempotencyKey: 'idem-2',
        },
      );
      expect(otherRoute.statusCode).toBe(422);
      expect(await clientesPorErp(['I-3'])).toEqual([]);
      // Keys are per API key: another key may use the same value.
      const otherKey = await call(
        'PUT',
        `${V1}/clientes`,
        { items: [empresa('I-3')] },
        {
          key: clientesOnlyKey,
          idempotencyKey: 'idem-2',
        },
      );
      expect(otherKey.statusCode).toBe(200);
    });

    it('dos primeros intentos simultáneos: una sola escritura, la misma respuesta', async () => {
      const lote = { items: [empresa('I-C1'), empresa('I-C2')] };
      const [a, b] = await Promise.all([
        call('PUT', `${V1}/clientes`, lote, { idempotencyKey: 'idem-concurrente' }),
        call('PUT', `${V1}/clientes`, lote, { idempotencyKey: 'idem-concurrente' }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(a.json()).toEqual(b.json());
      expect(a.json()).toMatchObject({ creados: 2 });
      expect(await clientesPorErp(['I-C1', 'I-C2'])).toHaveLength(2);
    });

    it('una petición rechazada no guarda la clave: se puede reintentar corregida', async () => {
      const bad = await call(
        'PUT',
        `${V1}/portes`,
        { items: [porte('I-P1', 'NO-EXISTE')] },
        {
          idempotencyKey: 'idem-3',
        },
      );
      expect(bad.statusCode).toBe(400);
      await call('PUT', `${V1}/clientes`, { items: [empresa('NO-EXISTE')] });
      const good = await call(
        'PUT',
        `${V1}/portes`,
        { items: [porte('I-P1', 'NO-EXISTE')] },
        {
          idempotencyKey: 'idem-3',
        },
      );
      expect(good.statusCode).toBe(200);
      expect(good.headers['idempotent-replayed']).toBeUndefined();
    });
  });

  describe('portes y seguimiento', () => {
    it('un cliente desconocido rechaza el lote con el índice; nada se escribe', async () => {
      await call('PUT', `${V1}/clientes`, { items: [empresa('K-1')] });
      const res = await call('PUT', `${V1}/portes`, {
        items: [porte('K-P0', 'K-1'), porte('K-P1', 'K-1'), porte('K-P2', 'NADIE')],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        { index: 2, path: 'cliente_erp_id', message: 'No hay ningún cliente con erp_id NADIE.' },
      ]);
      const portes = await erp.handle.db
        .selectFrom('portes')
        .select('id')
        .where('partida', 'in', ['K-P0', 'K-P1', 'K-P2'])
        .execute();
      expect(portes).toEqual([]);
    });

    it('paradas de un porte que no existe: 404', async () => {
      const res = await call('POST', `${V1}/portes/NO-HAY/seguimiento`, {
        items: [{ erp_id: 'S-1', fecha: '2026-11-24', hora: '08:00' }],
      });
      expect(res.statusCode).toBe(404);
    });

    it('el ERP envía un porte con paradas y el cliente lo ve en su seguimiento', async () => {
      const clienteId = await clienteIdOf(erp.handle, 'Conservas del Ebro S.A.');
      // The ERP already knows this demo client by its own id.
      await erp.handle.db
        .updateTable('clientes')
        .set({ erp_id: 'ERP-EBRO' })
        .where('id', '=', clienteId)
        .execute();
      const put = await call('PUT', `${V1}/portes`, { items: [porte('ERP-0001', 'ERP-EBRO')] });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({ creados: 1 });

      const paradas = [
        paradaEjemplo,
        {
          erp_id: 'S-2',
          fecha: '2026-11-25',
          hora: '10:30',
          comentarios: 'Aduana',
          poblacion: 'Lyon',
          pais_iso: 'FR',
          retraso: 45,
          lat: 45.764,
          lng: 4.8357,
        },
      ];
      const post = await call('POST', `${V1}/portes/ERP-0001/seguimiento`, { items: paradas });
      expect(post.statusCode).toBe(200);
      expect(post.json()).toMatchObject({ creados: 2, actualizados: 0 });
      // The same stop again updates it.
      const again = await call('POST', `${V1}/portes/ERP-0001/seguimiento`, {
        items: [{ ...paradas[1], comentarios: 'Aduana despachada' }],
      });
      expect(again.json()).toMatchObject({ creados: 0, actualizados: 1 });
      // Updating the shipment keeps one row.
      const update = await call('PUT', `${V1}/portes`, {
        items: [porte('ERP-0001', 'ERP-EBRO', { bultos: 30 })],
      });
      expect(update.json()).toMatchObject({ creados: 0, actualizados: 1 });

      const cliente = await signedIn(erp.app, 'cliente@demo.es');
      const res = await cliente.get('/api/clientes/portes/ERP-0001/tracking');
      expect(res.statusCode).toBe(200);
      const tracking = res.json();
      expect(tracking).toMatchObject({
        partida: 'ERP-0001',
        ref_cliente: 'REF-ERP-0001',
        estado: 'en_transito',
        bultos: 30,
        retraso: 45,
        // The latest stop (Lyon) gave no distance.
        kilometros_destino: null,
        posicion_actual: { poblacion: 'Lyon', lat: 45.764, lng: 4.8357 },
      });
      expect(
        tracking.paradas.map((p: { poblacion: string; comentarios: string }) => [
          p.poblacion,
          p.comentarios,
        ]),
      ).toEqual([
        ['Logroño', 'Salida de almacén'],
        ['Lyon', 'Aduana despachada'],
      ]);
      expect(tracking.paradas[0].poblacionB).toBe('Milano');
    });
  });

  it('aparece en el documento OpenAPI con ejemplos', async () => {
    const res = await erp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json();
    const put = doc.paths['/api/integration/v1/portes'].put;
    expect(put.tags).toEqual(['integracion']);
    expect(JSON.stringify(put.requestBody)).toContain(porteEjemplo.partida);
    expect(doc.paths['/api/integration/v1/portes/{partida}/seguimiento'].post).toBeDefined();
    expect(doc.tags.map((t: { name: string }) => t.name)).toContain('integracion');
  });
});
