import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createPublicKey, verify } from 'node:crypto';
import { EventoEcmrFirmado } from '@extranet/contracts/integracion/eventos-ecmr';
import QRCode from 'qrcode';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { clock } from '../../lib/clock.js';
import { outboxDir } from '../../mail/mailer.js';
import { LUGARES, transporteConEnlace } from '../../test/conductor.js';
import { testDatabases } from '../../test/databases.js';
import { outboxFiles, readEml } from '../../test/eml.js';
import { signedIn } from '../../test/session.js';
import { useDemoCarrier, multipart, otherCarrierTransporte } from '../../test/transportes.js';
import { createApiKey } from '../api-keys/service.js';
import { LIMITE_ECMR_POR_MINUTO } from './routes.js';
import { codigoHash, tokenFirmaHash } from './service.js';

/** Where the test writes the rendered PDF, to be looked at. */
const BUILD_DIR = path.resolve(import.meta.dirname, '../../../../../build/ecmr');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** An international carriage: the CMR's place of delivery is abroad. */
const LYON = { poblacion: 'Lyon', cp: '69001', pais_iso: 'FR', lat: 45.76, lng: 4.84 };

describe.each(testDatabases())('e-CMR ($name)', ({ name, open }) => {
  const demo = useDemoCarrier(open);
  let firmaPng: string;
  let serie = 0;

  beforeAll(async () => {
    // A real PNG (the PDF embeds it): any picture will do as a drawn signature.
    firmaPng = (await QRCode.toBuffer('firma', { type: 'png', width: 160 })).toString('base64');
  });

  /** A fresh leg of the demo carrier, in a transport loading today, with a driver link. */
  async function tramoConEnlace(razonSocial?: string) {
    serie += 1;
    const cliente = await demo.handle.db
      .selectFrom('clientes')
      .select('id')
      .$if(razonSocial !== undefined, (qb) => qb.where('razon_social', '=', razonSocial!))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // The note's boxes the tests read: places, goods, marks, number, plate and driver.
    const t = await transporteConEnlace(demo.handle, demo.browser, {
      proveedorId: demo.proveedorId,
      clienteId: cliente.id,
      estado: 'en_transito',
      origen: LUGARES.zaragoza,
      destino: LYON,
      bultos: 12,
      pesoKg: 3400,
      referencia: `EC${serie}`,
      refCliente: `PED-${serie}`,
      matricula: '9876XYZ',
      conductor: 'Marta Conductora',
    });
    return {
      transporteId: t.id,
      subpartidaId: t.subpartidaId,
      partida: t.partida,
      conductor: t.conductor,
      proveedor: `/api/proveedores/subpartidas/${t.subpartidaId}/ecmr`,
    };
  }

  const publico = (
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    demo.app.inject({
      method,
      url,
      headers: { 'user-agent': 'Telefono de prueba/1.0', ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const firma = (documentoSha256: string, extra: Json = {}) => ({
    nombre: 'Ana Remitente',
    firma_png: `data:image/png;base64,${firmaPng}`,
    documento_sha256: documentoSha256,
    ...extra,
  });

  let verificaciones = 0;
  /** The public verification, each call from its own address (it is rate-limited per IP). */
  async function verificacion(verificacionUrl: string, h?: string): Promise<Json> {
    const id = verificacionUrl.split('/').at(-1)!;
    verificaciones += 1;
    const res = await demo.app.inject({
      method: 'GET',
      url: `/api/ecmr/verificacion/${id}${h ? `?h=${h}` : ''}`,
      remoteAddress: `10.9.${verificaciones >> 8}.${verificaciones & 255}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  it('makes the note from the transport data; the carrier edits it in place until the first signature', async () => {
    const t = await tramoConEnlace();
    expect((await demo.browser.get(t.proveedor)).statusCode).toBe(404);
    const creado = await demo.browser.post(t.proveedor, {});
    expect(creado.statusCode).toBe(201);
    const ecmr = creado.json<Json>();
    expect(ecmr).toMatchObject({
      numero: 'EC' + String(serie) + '-1',
      estado: 'sin_firmar',
      version: 1,
      editable: true,
      firmas: [],
    });
    expect(ecmr.contenido).toMatchObject({
      remitente: { nombre: expect.any(String) },
      lugar_carga: { poblacion: 'Zaragoza', pais_iso: 'ES' },
      lugar_entrega: { poblacion: 'Lyon', pais_iso: 'FR' },
      mercancias: [{ bultos: 12, peso_bruto_kg: 3400, marcas: `PED-${serie}` }],
      transportista: { matricula: '9876XYZ', conductor: 'Marta Conductora' },
      referencias: { partida: t.partida },
    });
    expect(ecmr.eventos.map((e: Json) => e.tipo)).toEqual(['creado']);
    expect((await demo.browser.post(t.proveedor, {})).statusCode).toBe(409);

    const destinatario = { ...ecmr.contenido.destinatario, nombre: 'Almacenes Lyon SARL' };
    const editado = await demo.browser.request('PATCH', t.proveedor, {
      payload: { documento_sha256: ecmr.documento_sha256, cambios: { destinatario } },
    });
    expect(editado.statusCode).toBe(200);
    const v1 = editado.json<Json>();
    expect(v1.version).toBe(1);
    expect(v1.contenido.destinatario.nombre).toBe('Almacenes Lyon SARL');
    expect(v1.documento_sha256).not.toBe(ecmr.documento_sha256);
    expect(v1.eventos.map((e: Json) => e.tipo)).toEqual(['creado', 'editado']);
    // An edit made on what the carrier read before is refused, and changes nothing.
    const stale = await demo.browser.request('PATCH', t.proveedor, {
      payload: { documento_sha256: ecmr.documento_sha256, cambios: { reembolso: '100 EUR' } },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: { code: 'ECMR_CHANGED' } });
    expect((await demo.browser.get(t.proveedor)).json<Json>().documento_sha256).toBe(
      v1.documento_sha256,
    );
    expect((await verificacion(v1.verificacion_url)).intacto).toBe(true);
  });

  it('box 2 starts with the consignee the ERP sent with the shipment', async () => {
    const t = await tramoConEnlace();
    const porte = await demo.handle.db
      .selectFrom('portes as p')
      .innerJoin('clientes as c', 'c.id', 'p.cliente_id')
      .selectAll('p')
      .select('c.erp_id as cliente_erp_id')
      .where('p.partida', '=', t.partida)
      .executeTakeFirstOrThrow();
    // The customer needs its ERP id for the ERP to send its shipment.
    const clienteErpId = porte.cliente_erp_id ?? `CLI-ECMR-${serie}`;
    await demo.handle.db
      .updateTable('clientes')
      .set({ erp_id: clienteErpId })
      .where('id', '=', porte.cliente_id)
      .execute();
    const { key } = await createApiKey(demo.handle.db, { nombre: 'erp', scopes: ['portes:write'] });
    const enviado = await demo.app.inject({
      method: 'PUT',
      url: '/api/integration/v1/portes',
      headers: { authorization: `Bearer ${key}` },
      payload: {
        items: [
          {
            partida: porte.partida,
            cliente_erp_id: clienteErpId,
            ref_cliente: porte.ref_cliente,
            origen_poblacion: porte.origen_poblacion,
            origen_cp: porte.origen_cp,
            origen_pais_iso: porte.origen_pais_iso,
            destino_poblacion: porte.destino_poblacion,
            destino_cp: porte.destino_cp,
            destino_pais_iso: porte.destino_pais_iso,
            fecha_carga_prevista: porte.fecha_carga_prevista,
            fecha_entrega_prevista: porte.fecha_entrega_prevista,
            bultos: porte.bultos,
            peso_kg: porte.peso_kg,
            p_facturable_kg: porte.p_facturable_kg,
            estado: porte.estado,
            destinatario_nombre: 'Almacenes Rhône SARL',
            destinatario_cif: 'FR40303265045',
            destinatario_direccion: '12 Quai Perrache',
          },
        ],
      },
    });
    expect(enviado.statusCode, enviado.body).toBe(200);

    const creado = await demo.browser.post(t.proveedor, {});
    expect(creado.statusCode).toBe(201);
    expect(creado.json<Json>().contenido.destinatario).toEqual({
      nombre: 'Almacenes Rhône SARL',
      cif: 'FR40303265045',
      direccion: '12 Quai Perrache',
      cp: '69001',
      poblacion: 'Lyon',
      pais_iso: 'FR',
    });
  });

  it('another carrier and an unknown leg get a 404; a bad edit a 400 that changes nothing', async () => {
    const ajeno = await otherCarrierTransporte(demo.handle, demo.proveedorId);
    expect(
      (await demo.browser.post(`/api/proveedores/subpartidas/${ajeno.subpartida_id}/ecmr`, {}))
        .statusCode,
    ).toBe(404);
    const t = await tramoConEnlace();
    const ecmr = (await demo.browser.post(t.proveedor, {})).json<Json>();
    const bad = await demo.browser.request('PATCH', t.proveedor, {
      payload: { documento_sha256: ecmr.documento_sha256, cambios: { forma_pago: 'gratis' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Json>().error.message).toMatch(/[a-záéíóú]/);
    expect((await demo.browser.get(t.proveedor)).json<Json>().eventos).toHaveLength(1);
  });

  it('signs on the driver phone; after a signature a change is a new version the signature no longer covers', async () => {
    const t = await tramoConEnlace();
    const inicial = (await publico('GET', t.conductor)).json<Json>();
    expect(inicial.estado).toBe('sin_firmar');

    const remitente = await publico('POST', `${t.conductor}/firmas`, {
      rol: 'remitente',
      ...firma(inicial.documento_sha256, {
        posicion: { lat: 41.65, lng: -0.89, precision_m: 8.4 },
      }),
    });
    expect(remitente.statusCode).toBe(201);
    const firmado = remitente.json<Json>();
    expect(firmado.estado).toBe('recogida_firmada');
    expect(firmado.firmas).toEqual([
      expect.objectContaining({
        rol: 'remitente',
        nombre: 'Ana Remitente',
        canal: 'movil_conductor',
        version: 1,
        documento_sha256: inicial.documento_sha256,
        posicion: { lat: 41.65, lng: -0.89 },
        dispositivo: 'Telefono de prueba/1.0',
        cubre_version_actual: true,
      }),
    ]);
    // The same role twice on one version, and reservations by anyone but the consignee: refused.
    const otra = await publico('POST', `${t.conductor}/firmas`, {
      rol: 'remitente',
      ...firma(inicial.documento_sha256),
    });
    expect(otra.statusCode).toBe(409);
    const reservas = await publico('POST', `${t.conductor}/firmas`, {
      rol: 'transportista',
      ...firma(inicial.documento_sha256, { reservas: 'Nada' }),
    });
    expect(reservas.statusCode).toBe(400);
    const noPng = await publico('POST', `${t.conductor}/firmas`, {
      rol: 'transportista',
      ...firma(inicial.documento_sha256, { firma_png: Buffer.from('GIF89a').toString('base64') }),
    });
    expect(noPng.statusCode).toBe(400);

    const editado = await demo.browser.request('PATCH', t.proveedor, {
      payload: { documento_sha256: inicial.documento_sha256, cambios: { reembolso: '250 EUR' } },
    });
    expect(editado.statusCode).toBe(200);
    const v2 = editado.json<Json>();
    expect(v2.version).toBe(2);
    expect(v2.firmas[0]).toMatchObject({ version: 1, cubre_version_actual: false });
    expect(v2.eventos.map((e: Json) => e.tipo)).toEqual(['creado', 'firmado', 'nueva_version']);
    // A signature on what was shown before the change is refused.
    const tarde = await publico('POST', `${t.conductor}/firmas`, {
      rol: 'transportista',
      ...firma(inicial.documento_sha256),
    });
    expect(tarde.statusCode).toBe(409);
    expect(tarde.json()).toMatchObject({ error: { code: 'ECMR_CHANGED' } });

    const versiones = (await demo.browser.get(`${t.proveedor}/versiones`)).json<Json>();
    expect(versiones.items.map((v: Json) => [v.version, v.documento_sha256])).toEqual([
      [1, inicial.documento_sha256],
      [2, v2.documento_sha256],
    ]);
    const diff = await demo.browser.get(`${t.proveedor}/diferencias?desde=1&hasta=2`);
    expect(diff.json()).toEqual({
      desde: 1,
      hasta: 2,
      cambios: [{ campo: 'reembolso', antes: null, despues: '250 EUR' }],
    });
    expect((await demo.browser.get(`${t.proveedor}/diferencias?desde=1&hasta=9`)).statusCode).toBe(
      404,
    );
    const v = await verificacion(v2.verificacion_url);
    expect(v.intacto).toBe(true);
    expect(v.firmas).toEqual([
      expect.objectContaining({ rol: 'remitente', version: 1, cubre_version_actual: false }),
    ]);
    // The public answer carries no position, device or e-mail.
    expect(JSON.stringify(v)).not.toMatch(/Telefono de prueba|41\.65|dispositivo|posicion/);
  });

  it("the customer's tracking shows each leg's e-CMR; its PDF downloads once signed, only for its own shipments", async () => {
    const cliente = await signedIn(demo.app, 'cliente@demo.es');
    const t = await tramoConEnlace('Conservas del Ebro S.A.');
    const tracking = async () =>
      (await cliente.get(`/api/clientes/portes/${t.partida}/tracking`)).json<Json>();
    const pdfUrl = `/api/clientes/portes/${t.partida}/ecmr/${t.subpartidaId}/pdf`;
    // No note yet: nothing to show.
    expect((await tracking()).ecmr).toEqual([]);

    const e = (await publico('GET', t.conductor)).json<Json>();
    expect((await tracking()).ecmr).toEqual([
      {
        subpartida_id: t.subpartidaId,
        tramo: 1,
        numero: e.numero,
        estado: 'sin_firmar',
        verificacion_url: e.verificacion_url,
        pdf: false,
      },
    ]);
    // An unsigned draft is the carrier's: no PDF for the customer yet.
    expect((await cliente.get(pdfUrl)).statusCode).toBe(404);

    await publico('POST', `${t.conductor}/firmas`, {
      rol: 'remitente',
      ...firma(e.documento_sha256),
    });
    expect((await tracking()).ecmr).toEqual([
      expect.objectContaining({ estado: 'recogida_firmada', pdf: true }),
    ]);
    const pdf = await cliente.get(pdfUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The same leg under another partida, an unknown leg, and a signed leg of another
    // customer's shipment: all 404, never telling which.
    // Another shipment of the same customer (a second leg made for it).
    const otroPorte = { partida: (await tramoConEnlace('Conservas del Ebro S.A.')).partida };
    expect(
      (await cliente.get(`/api/clientes/portes/${otroPorte.partida}/ecmr/${t.subpartidaId}/pdf`))
        .statusCode,
    ).toBe(404);
    expect(
      (await cliente.get(`/api/clientes/portes/${t.partida}/ecmr/999999999/pdf`)).statusCode,
    ).toBe(404);
    const ajeno = await tramoConEnlace('Papelera del Norte S.A.');
    const ea = (await publico('GET', ajeno.conductor)).json<Json>();
    await publico('POST', `${ajeno.conductor}/firmas`, {
      rol: 'remitente',
      ...firma(ea.documento_sha256),
    });
    const otro = await cliente.get(
      `/api/clientes/portes/${ajeno.partida}/ecmr/${ajeno.subpartidaId}/pdf`,
    );
    expect(otro.statusCode).toBe(404);
    expect(otro.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    // Without a customer session: 401.
    expect((await demo.app.inject({ method: 'GET', url: pdfUrl })).statusCode).toBe(401);
  });

  it('a code expires, and guessing codes is rate-limited per address', async () => {
    const t = await tramoConEnlace();
    const inv = await publico('POST', `${t.conductor}/invitaciones`, {
      rol: 'remitente',
      canal: 'codigo',
    });
    const { codigo, expires_at: expira } = inv.json<{ codigo: string; expires_at: string }>();
    const tarde = new Date(new Date(expira).getTime() + 1000);
    vi.spyOn(clock, 'now').mockReturnValue(tarde);
    const caducado = await publico('POST', '/api/ecmr/firma-codigo', { codigo });
    vi.restoreAllMocks();
    expect(caducado.statusCode).toBe(410);
    expect(caducado.json()).toMatchObject({ error: { code: 'LINK_EXPIRED' } });

    const intentos = [];
    for (let i = 0; i <= LIMITE_ECMR_POR_MINUTO.codigo; i++) {
      intentos.push(
        (
          await demo.app.inject({
            method: 'POST',
            url: '/api/ecmr/firma-codigo',
            payload: { codigo: `AAAA-AA${String(i).padStart(2, '2')}` },
            remoteAddress: '10.8.0.1',
          })
        ).statusCode,
      );
    }
    expect(intentos.slice(0, -1).every((s) => s === 404)).toBe(true);
    expect(intentos.at(-1)).toBe(429);
  });

  it('the consignee signs only after the sender', async () => {
    const t = await tramoConEnlace();
    const e = (await publico('GET', t.conductor)).json<Json>();
    const res = await publico('POST', `${t.conductor}/firmas`, {
      rol: 'destinatario',
      ...firma(e.documento_sha256),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'PICKUP_NOT_SIGNED' } });
  });

  it('walks a transport: sender on the phone, consignee contactless with a code, reservations and a photo; the PDF becomes the CMR', async () => {
    const t = await tramoConEnlace();
    const pendientes = async () =>
      (
        await demo.browser.get(
          `/api/proveedores/albaranes-pendientes?transporteId=${t.transporteId}`,
        )
      )
        .json<Json>()
        .items.map((r: Json) => r.id);
    expect(await pendientes()).toEqual([t.transporteId]);
    const e = (await publico('GET', t.conductor)).json<Json>();
    await publico('POST', `${t.conductor}/firmas`, {
      rol: 'remitente',
      ...firma(e.documento_sha256),
    });
    await publico('POST', `${t.conductor}/firmas`, {
      rol: 'transportista',
      ...firma(e.documento_sha256, { nombre: 'Marta Conductora' }),
    });

    const inv = await publico('POST', `${t.conductor}/invitaciones`, {
      rol: 'destinatario',
      canal: 'codigo',
    });
    expect(inv.statusCode).toBe(201);
    const { codigo } = inv.json<{ codigo: string }>();
    expect(codigo).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const stored = await demo.handle.db
      .selectFrom('ecmr_invitaciones')
      .select(['codigo_hash', 'token_hash'])
      .where('id', '=', inv.json<Json>().id)
      .executeTakeFirstOrThrow();
    expect(stored.codigo_hash).toBe(codigoHash(codigo.replace('-', '')));
    expect(stored.token_hash).toBeNull();

    expect(
      (await publico('POST', '/api/ecmr/firma-codigo', { codigo: 'ZZZZ-ZZZZ' })).statusCode,
    ).toBe(404);
    const canje = await publico('POST', '/api/ecmr/firma-codigo', { codigo: codigo.toLowerCase() });
    expect(canje.statusCode).toBe(200);
    const { token } = canje.json<{ token: string }>();
    expect((await publico('POST', '/api/ecmr/firma-codigo', { codigo })).statusCode).toBe(410);
    const conToken = await demo.handle.db
      .selectFrom('ecmr_invitaciones')
      .select('token_hash')
      .where('id', '=', inv.json<Json>().id)
      .executeTakeFirstOrThrow();
    expect(conToken.token_hash).toBe(tokenFirmaHash(token));

    const paraFirmar = await publico('GET', `/api/ecmr/firma/${token}`);
    expect(paraFirmar.statusCode).toBe(200);
    expect(paraFirmar.json()).toMatchObject({
      rol: 'destinatario',
      numero: e.numero,
      documento_sha256: e.documento_sha256,
    });
    expect(paraFirmar.json<Json>().firmas.map((f: Json) => f.rol)).toEqual([
      'remitente',
      'transportista',
    ]);

    const foto = multipart(
      {},
      { filename: 'golpe.png', content: Buffer.from(firmaPng, 'base64'), type: 'image/png' },
    );
    const subida = await demo.app.inject({
      method: 'POST',
      url: `/api/ecmr/firma/${token}/fotos`,
      payload: foto.payload,
      headers: foto.headers,
    });
    expect(subida.statusCode).toBe(201);
    const { archivo_id: fotoId } = subida.json<{ archivo_id: number }>();

    const firmaRemota = await publico(
      'POST',
      `/api/ecmr/firma/${token}`,
      firma(e.documento_sha256, {
        nombre: 'Jean Destinataire',
        reservas: 'Dos palés con el film roto.',
        fotos: [fotoId],
      }),
      { 'user-agent': 'Movil del destinatario' },
    );
    expect(firmaRemota.statusCode).toBe(201);
    // Single use: the link is spent.
    expect((await publico('GET', `/api/ecmr/firma/${token}`)).statusCode).toBe(410);
    expect(
      (await publico('POST', `/api/ecmr/firma/${token}`, firma(e.documento_sha256))).statusCode,
    ).toBe(410);

    const final = (await demo.browser.get(t.proveedor)).json<Json>();
    expect(final.estado).toBe('con_reservas');
    expect(final.editable).toBe(false);
    expect(final.firmas.at(-1)).toMatchObject({
      rol: 'destinatario',
      canal: 'codigo',
      nombre: 'Jean Destinataire',
      dispositivo: 'Movil del destinatario',
      reservas: 'Dos palés con el film roto.',
      fotos: [{ archivo_id: fotoId, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }],
    });
    // The photo is referenced by a foreign key, so the purge of unreferenced files keeps it.
    const enlazadas = await demo.handle.db
      .selectFrom('ecmr_fotos')
      .select('archivo_id')
      .where('archivo_id', '=', fotoId)
      .execute();
    expect(enlazadas).toHaveLength(1);
    // After delivery: no edit, no signature.
    const edit = await demo.browser.request('PATCH', t.proveedor, {
      payload: { documento_sha256: final.documento_sha256, cambios: { reembolso: 'x' } },
    });
    expect(edit.statusCode).toBe(409);

    // The ERP's event for each signature, within its schema.
    const eventos = await demo.handle.db
      .selectFrom('eventos')
      .select('payload')
      .where('tipo', '=', 'ecmr.firmado')
      .execute();
    const mios = eventos
      .map((r) => EventoEcmrFirmado.parse(JSON.parse(r.payload)))
      .filter((p) => p.ecmr_id === final.id);
    expect(mios.map((p) => [p.rol, p.estado])).toEqual([
      ['remitente', 'recogida_firmada'],
      ['transportista', 'recogida_firmada'],
      ['destinatario', 'con_reservas'],
    ]);

    // "CMR uploaded": the leg's CMR is the delivered note's PDF; the transport shows the state.
    const leg = await demo.handle.db
      .selectFrom('subpartidas')
      .select(['cmr_archivo_id'])
      .where('id', '=', t.subpartidaId)
      .executeTakeFirstOrThrow();
    expect(leg.cmr_archivo_id).not.toBeNull();
    const detalle = (
      await demo.browser.get(`/api/proveedores/transportes/${t.transporteId}`)
    ).json<Json>();
    expect(detalle.cmr_pendientes).toBe(0);
    // The leg leaves "Subir albaranes" like an uploaded CMR.
    expect(await pendientes()).toEqual([]);
    expect(detalle.subpartidas_detalle).toEqual([
      expect.objectContaining({ id: t.subpartidaId, ecmr_estado: 'con_reservas' }),
    ]);
    const cmr = await demo.browser.get(`/api/proveedores/archivos/${leg.cmr_archivo_id}`);
    expect(cmr.headers['content-type']).toBe('application/pdf');

    // The PDF, rendered into build/ to be looked at.
    const pdf = await demo.browser.get(`${t.proveedor}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    mkdirSync(BUILD_DIR, { recursive: true });
    writeFileSync(path.join(BUILD_DIR, `ecmr-${name}.pdf`), pdf.rawPayload);

    const v = await verificacion(final.verificacion_url, final.eventos.at(-1).hash.slice(0, 16));
    expect(v).toMatchObject({ intacto: true, estado: 'con_reservas', copia_en_cadena: true });
    expect(v.resumen).toBe('El documento está intacto: nadie lo ha cambiado desde que se firmó.');
    expect((await verificacion(final.verificacion_url, 'abcdef0123456789')).intacto).toBe(false);

    // The ERP reads the signed note (JSON and PDF) with its key.
    const { key } = await createApiKey(demo.handle.db, {
      nombre: 'erp',
      scopes: ['novedades:read'],
    });
    const erp = await demo.app.inject({
      method: 'GET',
      url: `/api/integration/v1/ecmr/${final.id}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(erp.statusCode).toBe(200);
    expect(erp.json<Json>().eventos).toHaveLength(final.eventos.length);
    expect(JSON.stringify(erp.json())).not.toContain(firmaPng.slice(0, 40));
    const erpPdf = await demo.app.inject({
      method: 'GET',
      url: `/api/integration/v1/ecmr/${final.id}/pdf`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(erpPdf.statusCode).toBe(200);
    expect(
      (await demo.app.inject({ method: 'GET', url: `/api/integration/v1/ecmr/${final.id}` }))
        .statusCode,
    ).toBe(401);

    // Offline: each seal verifies with the published public key alone.
    const clave = (await publico('GET', '/api/ecmr/clave-publica')).json<{
      pem: string;
      clave_id: string;
    }>();
    const publicKey = createPublicKey(clave.pem);
    for (const ev of erp.json<Json>().eventos) {
      expect(ev.clave_id).toBe(clave.clave_id);
      expect(
        verify(null, Buffer.from(ev.hash, 'hex'), publicKey, Buffer.from(ev.sello, 'base64')),
      ).toBe(true);
    }
  });

  it('sends a one-time link by e-mail through the outbox, stored only as a hash', async () => {
    const t = await tramoConEnlace();
    const e = (await publico('GET', t.conductor)).json<Json>();
    const inv = await publico('POST', `${t.conductor}/invitaciones`, {
      rol: 'remitente',
      canal: 'email',
      email: 'expediciones@remitente.example',
    });
    expect(inv.statusCode).toBe(201);
    expect(inv.json()).toMatchObject({ codigo: null, canal: 'email' });
    expect(
      (await publico('POST', `${t.conductor}/invitaciones`, { rol: 'remitente', canal: 'email' }))
        .statusCode,
    ).toBe(400);
    const dir = outboxDir(demo.app.config.dataDir);
    const antes = new Set(outboxFiles(dir));
    await demo.app.outbox.runOnce();
    const nuevo = outboxFiles(dir).find((f) => !antes.has(f));
    expect(nuevo).toBeDefined();
    const mail = readEml(dir, nuevo!);
    expect(mail.headers['to']).toContain('expediciones@remitente.example');
    const link = /https?:\/\/\S+\/ecmr\/firmar#([A-Za-z0-9_-]{43})/.exec(mail.text);
    expect(link).not.toBeNull();
    const token = link![1]!;
    const row = await demo.handle.db
      .selectFrom('ecmr_invitaciones')
      .select('token_hash')
      .where('id', '=', inv.json<Json>().id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(tokenFirmaHash(token));
    const eventos = await demo.handle.db
      .selectFrom('eventos')
      .select('payload')
      .where('tipo', '=', 'ecmr.invitacion')
      .execute();
    expect(JSON.stringify(eventos)).not.toContain(token);

    const res = await publico('POST', `/api/ecmr/firma/${token}`, firma(e.documento_sha256));
    expect(res.statusCode).toBe(201);
    expect((await demo.browser.get(t.proveedor)).json<Json>().firmas[0]).toMatchObject({
      rol: 'remitente',
      canal: 'enlace_email',
    });
    expect(
      (await publico('POST', `/api/ecmr/firma/${token}`, firma(e.documento_sha256))).statusCode,
    ).toBe(410);
    expect((await publico('GET', '/api/ecmr/firma/no-existe')).statusCode).toBe(404);
  });

  it('a link whose role signed meanwhile on the phone says so, before showing the note', async () => {
    const t = await tramoConEnlace();
    const e = (await publico('GET', t.conductor)).json<Json>();
    const inv = await publico('POST', `${t.conductor}/invitaciones`, {
      rol: 'remitente',
      canal: 'email',
      email: 'muelle@remitente.example',
    });
    expect(inv.statusCode).toBe(201);
    const dir = outboxDir(demo.app.config.dataDir);
    const antes = new Set(outboxFiles(dir));
    await demo.app.outbox.runOnce();
    const nuevo = outboxFiles(dir).find((f) => !antes.has(f));
    const token = /\/ecmr\/firmar#([A-Za-z0-9_-]{43})/.exec(readEml(dir, nuevo!).text)![1]!;
    expect((await publico('GET', `/api/ecmr/firma/${token}`)).statusCode).toBe(200);

    // The sender signs on the driver's phone after all.
    const enMovil = await publico('POST', `${t.conductor}/firmas`, {
      rol: 'remitente',
      ...firma(e.documento_sha256),
    });
    expect(enMovil.statusCode).toBe(201);
    for (const res of [
      await publico('GET', `/api/ecmr/firma/${token}`),
      await publico('POST', `/api/ecmr/firma/${token}`, firma(e.documento_sha256)),
    ]) {
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject({
        error: {
          code: 'ALREADY_SIGNED',
          message: 'La carta de porte ya la ha firmado el remitente: este enlace ya no hace falta.',
        },
      });
    }
    expect((await demo.browser.get(t.proveedor)).json<Json>().firmas).toHaveLength(1);
  });

  it('the verification detects tampering with any stored field or signature', async () => {
    const t = await tramoConEnlace();
    const e = (await publico('GET', t.conductor)).json<Json>();
    await publico('POST', `${t.conductor}/firmas`, {
      rol: 'remitente',
      ...firma(e.documento_sha256, { posicion: { lat: 41.6, lng: -0.8 } }),
    });
    const foto = multipart(
      {},
      { filename: 'f.png', content: Buffer.from(firmaPng, 'base64'), type: 'image/png' },
    );
    const subida = await demo.app.inject({
      method: 'POST',
      url: `${t.conductor}/fotos`,
      payload: foto.payload,
      headers: foto.headers,
    });
    expect(subida.statusCode).toBe(201);
    await publico('POST', `${t.conductor}/firmas`, {
      rol: 'destinatario',
      ...firma(e.documento_sha256, {
        reservas: 'Caja abollada',
        fotos: [subida.json<Json>().archivo_id],
      }),
    });
    const ecmr = await demo.handle.db
      .selectFrom('ecmr')
      .selectAll()
      .where('subpartida_id', '=', t.subpartidaId)
      .executeTakeFirstOrThrow();
    expect((await verificacion(e.verificacion_url)).intacto).toBe(true);

    const db = demo.handle.db;
    const casos: Array<[string, () => Promise<unknown>, () => Promise<unknown>]> = [];
    const version = await db
      .selectFrom('ecmr_versiones')
      .selectAll()
      .where('ecmr_id', '=', ecmr.id)
      .executeTakeFirstOrThrow();
    const firmas = await db
      .selectFrom('ecmr_firmas')
      .selectAll()
      .where('ecmr_id', '=', ecmr.id)
      .orderBy('id')
      .execute();
    const eventos = await db
      .selectFrom('ecmr_eventos')
      .selectAll()
      .where('ecmr_id', '=', ecmr.id)
      .orderBy('secuencia')
      .execute();
    const fotoRow = await db
      .selectFrom('archivos')
      .select(['id', 'sha256'])
      .where('id', '=', subida.json<Json>().archivo_id)
      .executeTakeFirstOrThrow();
    const setVersion = (v: Partial<typeof version>) => () =>
      db.updateTable('ecmr_versiones').set(v).where('id', '=', version.id).execute();
    const setFirma = (i: number, v: Partial<(typeof firmas)[number]>) => () =>
      db.updateTable('ecmr_firmas').set(v).where('id', '=', firmas[i]!.id).execute();
    const setEvento = (i: number, v: Partial<(typeof eventos)[number]>) => () =>
      db.updateTable('ecmr_eventos').set(v).where('id', '=', eventos[i]!.id).execute();
    const contenido = JSON.parse(version.contenido) as Json;
    casos.push(
      [
        'peso de la mercancía',
        setVersion({
          contenido: JSON.stringify({
            ...contenido,
            mercancias: [{ ...contenido.mercancias[0], peso_bruto_kg: 1 }],
          }),
        }),
        setVersion({ contenido: version.contenido }),
      ],
      [
        'hash de la versión',
        setVersion({ documento_sha256: 'a'.repeat(64) }),
        setVersion({ documento_sha256: version.documento_sha256 }),
      ],
      [
        'nombre del firmante',
        setFirma(0, { nombre: 'Otro' }),
        setFirma(0, { nombre: firmas[0]!.nombre }),
      ],
      [
        'fecha de la firma',
        setFirma(0, { firmado_at: '2020-01-01T00:00:00.000Z' }),
        setFirma(0, { firmado_at: firmas[0]!.firmado_at }),
      ],
      [
        'rol de la firma',
        setFirma(0, { rol: 'transportista' }),
        setFirma(0, { rol: firmas[0]!.rol }),
      ],
      ['posición', setFirma(0, { lat: 1 }), setFirma(0, { lat: firmas[0]!.lat })],
      [
        'imagen de la firma',
        setFirma(0, { imagen_png: firmas[1]!.imagen_png.slice(0, -8) + 'AAAAAAA=' }),
        setFirma(0, { imagen_png: firmas[0]!.imagen_png }),
      ],
      ['reservas', setFirma(1, { reservas: null }), setFirma(1, { reservas: firmas[1]!.reservas })],
      [
        'foto de las reservas',
        () =>
          db
            .updateTable('archivos')
            .set({ sha256: 'b'.repeat(64) })
            .where('id', '=', fotoRow.id)
            .execute(),
        () =>
          db
            .updateTable('archivos')
            .set({ sha256: fotoRow.sha256 })
            .where('id', '=', fotoRow.id)
            .execute(),
      ],
      [
        'datos de un evento',
        setEvento(1, { datos: eventos[1]!.datos.replace('Ana Remitente', 'Eva') }),
        setEvento(1, { datos: eventos[1]!.datos }),
      ],
      [
        'fecha de un evento',
        setEvento(0, { ocurrido_at: '2020-01-01T00:00:00.000Z' }),
        setEvento(0, { ocurrido_at: eventos[0]!.ocurrido_at }),
      ],
      [
        'sello de un evento',
        setEvento(2, { sello: eventos[1]!.sello }),
        setEvento(2, { sello: eventos[2]!.sello }),
      ],
      [
        'estado de la nota',
        () => db.updateTable('ecmr').set({ version_actual: 2 }).where('id', '=', ecmr.id).execute(),
        () => db.updateTable('ecmr').set({ version_actual: 1 }).where('id', '=', ecmr.id).execute(),
      ],
      [
        'firma borrada',
        () => db.deleteFrom('ecmr_firmas').where('id', '=', firmas[1]!.id).execute(),
        () => db.insertInto('ecmr_firmas').values(firmas[1]!).execute(),
      ],
      [
        'último evento borrado',
        () => db.deleteFrom('ecmr_eventos').where('id', '=', eventos.at(-1)!.id).execute(),
        () => db.insertInto('ecmr_eventos').values(eventos.at(-1)!).execute(),
      ],
    );
    const noDetectados: string[] = [];
    for (const [caso, alterar, restaurar] of casos) {
      await alterar();
      const v = await verificacion(e.verificacion_url);
      if (v.intacto !== false || !v.resumen.startsWith('El documento no está intacto'))
        noDetectados.push(caso);
      await restaurar();
      expect((await verificacion(e.verificacion_url)).intacto, caso).toBe(true);
    }
    expect(noDetectados).toEqual([]);
  });
});
