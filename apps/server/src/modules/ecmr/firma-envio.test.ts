import QRCode from 'qrcode';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clock } from '../../lib/clock.js';
import { clienteIdOf } from '../../test/clientes.js';
import { transporteConEnlace } from '../../test/conductor.js';
import { testDatabases } from '../../test/databases.js';
import { signedIn, type TestBrowser } from '../../test/session.js';
import { useDemoCarrier, multipart } from '../../test/transportes.js';
import { createApiKey } from '../api-keys/service.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/*
 * Issue 19's last piece: the holder of a shipment link whose customer took it for the consignee
 * signs the delivery of a leg's e-CMR from the shipment's page, once the driver asks for a
 * contactless signature; the link opens that and nothing more.
 */
describe.each(testDatabases())(
  'firma de la entrega desde el enlace del envío ($name)',
  ({ open }) => {
    const demo = useDemoCarrier(open);
    let cliente: TestBrowser;
    let clienteId: number;
    let firmaPng: string;
    let serie = 0;

    beforeAll(async () => {
      cliente = await signedIn(demo.app, 'cliente@demo.es');
      clienteId = await clienteIdOf(demo.handle, 'Conservas del Ebro S.A.');
      firmaPng = (await QRCode.toBuffer('firma', { type: 'png', width: 160 })).toString('base64');
    }, 60_000);
    afterEach(() => {
      vi.restoreAllMocks();
    });

    /** A shipment of the demo customer carried by the demo carrier in one leg, with a driver link. */
    async function envio() {
      serie += 1;
      const t = await transporteConEnlace(demo.handle, demo.browser, {
        proveedorId: demo.proveedorId,
        clienteId,
        estado: 'en_transito',
        referencia: `FE${serie}`,
      });
      return { partida: t.partida, subpartidaId: t.subpartidaId, conductor: t.conductor };
    }

    const publico = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      demo.app.inject({
        method,
        url,
        headers: { 'user-agent': 'Movil del destinatario/1.0' },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });

    const firma = (documentoSha256: string, extra: Json = {}) => ({
      nombre: 'Ana Remitente',
      firma_png: `data:image/png;base64,${firmaPng}`,
      documento_sha256: documentoSha256,
      ...extra,
    });

    /** The driver and the sender sign on the driver's phone: the note awaits its consignee. */
    async function recogidaFirmada(conductor: string): Promise<Json> {
      const e = (await publico('GET', conductor)).json<Json>();
      for (const rol of ['transportista', 'remitente']) {
        const res = await publico('POST', `${conductor}/firmas`, {
          rol,
          ...firma(e.documento_sha256),
        });
        expect(res.statusCode).toBe(201);
      }
      return e;
    }

    /** The driver asks for the consignee's contactless signature: a code on the screen. */
    async function pedirFirma(conductor: string) {
      const res = await publico('POST', `${conductor}/invitaciones`, {
        rol: 'destinatario',
        canal: 'codigo',
      });
      expect(res.statusCode).toBe(201);
      return res.json<{ id: number; codigo: string; expires_at: string }>();
    }

    /** The customer's link of a shipment; `firma` lets its holder sign the delivery. */
    async function enlace(partida: string, body: Json = { firma: true }) {
      const res = await cliente.post(
        `/api/clientes/portes/${encodeURIComponent(partida)}/enlaces`,
        {
          dias: 7,
          ...body,
        },
      );
      expect(res.statusCode).toBe(201);
      const creado = res.json<Json>();
      return { id: creado.id as number, token: new URL(creado.url).pathname.split('/').at(-1)! };
    }

    const firmasDe = (subpartidaId: number) =>
      demo.handle.db
        .selectFrom('ecmr_firmas as f')
        .innerJoin('ecmr as e', 'e.id', 'f.ecmr_id')
        .select(['f.id', 'f.rol', 'f.canal'])
        .where('e.subpartida_id', '=', subpartidaId)
        .orderBy('f.id')
        .execute();

    const archivos = () =>
      demo.handle.db.selectFrom('archivos').select('id').orderBy('id').execute();

    /** A refusal in the product's shape, Spanish message, with this status and code. */
    function rechazo(res: { statusCode: number; json: <T>() => T }, status: number, code: string) {
      expect(res.statusCode).toBe(status);
      const body = res.json<{ error: { code: string; message: string } }>();
      expect(body.error.code).toBe(code);
      expect(body.error.message).toMatch(/[a-záéíóú]/);
    }

    it('the holder signs the delivery the driver asks for, with reservations and a photo; the signature records the link', async () => {
      const t = await envio();
      const link = await enlace(t.partida);
      const pagina = `/api/envio/${link.token}`;
      const nota = `${pagina}/ecmr/${t.subpartidaId}`;

      // Nothing asked yet: the page offers nothing and the note is not open to the link.
      expect((await publico('GET', pagina)).json<Json>().entregas).toEqual([]);
      const e = await recogidaFirmada(t.conductor);
      rechazo(await publico('GET', nota), 409, 'SIGNATURE_NOT_REQUESTED');

      const peticion = await pedirFirma(t.conductor);
      const abierta = (await publico('GET', pagina)).json<Json>();
      expect(abierta.entregas).toEqual([
        {
          subpartida_id: t.subpartidaId,
          numero: `FE${serie}-1`,
          pendiente: true,
          pendiente_hasta: peticion.expires_at,
          firma: null,
        },
      ]);

      const leida = await publico('GET', nota);
      expect(leida.statusCode).toBe(200);
      expect(leida.headers['cache-control']).toBe('no-store');
      expect(leida.headers['referrer-policy']).toBe('no-referrer');
      expect(leida.headers['x-robots-tag']).toContain('noindex');
      expect(leida.headers['set-cookie']).toBeUndefined();
      expect(leida.json<Json>()).toMatchObject({
        rol: 'destinatario',
        numero: `FE${serie}-1`,
        documento_sha256: e.documento_sha256,
        expires_at: peticion.expires_at,
        firmas: [
          expect.objectContaining({ rol: 'transportista' }),
          expect.objectContaining({ rol: 'remitente', nombre: 'Ana Remitente' }),
        ],
      });

      const foto = multipart(
        {},
        { filename: 'golpe.png', content: Buffer.from(firmaPng, 'base64'), type: 'image/png' },
      );
      const subida = await demo.app.inject({
        method: 'POST',
        url: `${nota}/fotos`,
        payload: foto.payload,
        headers: foto.headers,
      });
      expect(subida.statusCode).toBe(201);
      const { archivo_id: fotoId } = subida.json<{ archivo_id: number }>();

      const firmada = await publico(
        'POST',
        nota,
        firma(e.documento_sha256, {
          nombre: 'Jean Destinataire',
          reservas: 'Un palé con el film roto.',
          fotos: [fotoId],
        }),
      );
      expect(firmada.statusCode).toBe(201);
      expect(firmada.json<Json>().firmas.at(-1)).toMatchObject({
        rol: 'destinatario',
        nombre: 'Jean Destinataire',
      });

      // The signature, its sealed event, the spent request and the audit name the link.
      const detalle = (await publico('GET', t.conductor)).json<Json>();
      expect(detalle.estado).toBe('con_reservas');
      expect(detalle.firmas.at(-1)).toMatchObject({
        rol: 'destinatario',
        canal: 'enlace_envio',
        nombre: 'Jean Destinataire',
        dispositivo: 'Movil del destinatario/1.0',
        reservas: 'Un palé con el film roto.',
        fotos: [expect.objectContaining({ archivo_id: fotoId })],
      });
      const firmaId = detalle.firmas.at(-1).id as number;
      const evento = await demo.handle.db
        .selectFrom('ecmr_eventos')
        .select('datos')
        .where('tipo', '=', 'firmado')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(evento.datos)).toMatchObject({ firma_id: firmaId, canal: 'enlace_envio' });
      const invitacion = await demo.handle.db
        .selectFrom('ecmr_invitaciones')
        .select(['usada_at', 'firma_id'])
        .where('id', '=', peticion.id)
        .executeTakeFirstOrThrow();
      expect(invitacion.usada_at).not.toBeNull();
      expect(Number(invitacion.firma_id)).toBe(firmaId);
      const audit = await demo.handle.db
        .selectFrom('audit_log')
        .select(['entidad', 'entidad_id', 'detalles'])
        .where('accion', '=', 'ecmr.firmado_enlace_envio')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ entidad: 'enlace_porte', entidad_id: String(link.id) });
      expect(JSON.parse(audit.detalles!)).toMatchObject({
        firmaId,
        subpartidaId: t.subpartidaId,
        invitacionId: peticion.id,
        rol: 'destinatario',
      });
      const verificacion = await publico(
        'GET',
        `/api/ecmr/verificacion/${String(detalle.verificacion_url).split('/').at(-1)}`,
      );
      expect(verificacion.json<Json>().intacto).toBe(true);

      // The page shows it signed, and the delivered note as the leg's CMR.
      const despues = (await publico('GET', pagina)).json<Json>();
      expect(despues.entregas).toEqual([
        {
          subpartida_id: t.subpartidaId,
          numero: `FE${serie}-1`,
          pendiente: false,
          pendiente_hasta: null,
          firma: {
            nombre: 'Jean Destinataire',
            firmado_at: detalle.firmas.at(-1).firmado_at,
            con_reservas: true,
          },
        },
      ]);
      expect(despues.documentos.map((d: Json) => d.tipo)).toContain('cmr');

      // Signed: the link has nothing more to sign, and the driver's code is spent.
      const antes = await firmasDe(t.subpartidaId);
      rechazo(await publico('GET', nota), 409, 'ALREADY_SIGNED');
      rechazo(await publico('POST', nota, firma(e.documento_sha256)), 409, 'ALREADY_SIGNED');
      expect(await firmasDe(t.subpartidaId)).toEqual(antes);
      rechazo(
        await publico('POST', '/api/ecmr/firma-codigo', { codigo: peticion.codigo }),
        410,
        'LINK_USED',
      );
    });

    it('opens only its own shipment’s pending consignee signature; every other case is refused and changes nothing', async () => {
      const a = await envio();
      const b = await envio();
      const ea = await recogidaFirmada(a.conductor);
      await recogidaFirmada(b.conductor);
      await pedirFirma(a.conductor);
      await pedirFirma(b.conductor);
      const conFirma = await enlace(a.partida);
      const sinFirma = await enlace(a.partida, {});
      const antesA = await firmasDe(a.subpartidaId);
      const antesB = await firmasDe(b.subpartidaId);
      const antesArchivos = await archivos();
      const foto = () =>
        multipart(
          {},
          { filename: 'golpe.png', content: Buffer.from(firmaPng, 'base64'), type: 'image/png' },
        );
      /** GET, POST and the photo upload of a leg through a token: each refused alike. */
      async function todosRechazados(
        token: string,
        subpartidaId: number,
        status: number,
        code: string,
      ) {
        const nota = `/api/envio/${token}/ecmr/${subpartidaId}`;
        rechazo(await publico('GET', nota), status, code);
        rechazo(await publico('POST', nota, firma(ea.documento_sha256)), status, code);
        const f = foto();
        rechazo(
          await demo.app.inject({ method: 'POST', url: `${nota}/fotos`, ...f }),
          status,
          code,
        );
      }

      // The list says which links let their holder sign.
      const lista = await cliente.get(
        `/api/clientes/portes/${encodeURIComponent(a.partida)}/enlaces`,
      );
      const items = lista.json<Json>().items as Json[];
      expect(items.find((i) => i.id === conFirma.id)?.firma).toBe(true);
      expect(items.find((i) => i.id === sinFirma.id)?.firma).toBe(false);

      // A link the customer did not make for the consignee: it sees no request and signs nothing.
      expect((await publico('GET', `/api/envio/${sinFirma.token}`)).json<Json>().entregas).toEqual(
        [],
      );
      await todosRechazados(sinFirma.token, a.subpartidaId, 403, 'SIGNATURE_NOT_ALLOWED');
      // Another shipment's leg, whose driver asks too: not found through this link.
      await todosRechazados(conFirma.token, b.subpartidaId, 404, 'NOT_FOUND');
      // An unknown token.
      await todosRechazados('x'.repeat(43), a.subpartidaId, 404, 'NOT_FOUND');
      // A bad body: the product's 400, in Spanish.
      rechazo(
        await publico('POST', `/api/envio/${conFirma.token}/ecmr/${a.subpartidaId}`, {
          nombre: 'J',
          documento_sha256: ea.documento_sha256,
        }),
        400,
        'VALIDATION_ERROR',
      );
      // The driver's request expired (a code lasts 15 minutes): nothing to sign.
      vi.spyOn(clock, 'now').mockReturnValue(new Date(Date.now() + 16 * 60_000));
      expect((await publico('GET', `/api/envio/${conFirma.token}`)).json<Json>().entregas).toEqual(
        [],
      );
      await todosRechazados(conFirma.token, a.subpartidaId, 409, 'SIGNATURE_NOT_REQUESTED');
      vi.restoreAllMocks();
      // Expired link.
      await demo.handle.db
        .updateTable('enlaces_porte')
        .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
        .where('id', '=', conFirma.id)
        .execute();
      await todosRechazados(conFirma.token, a.subpartidaId, 410, 'LINK_EXPIRED');
      await demo.handle.db
        .updateTable('enlaces_porte')
        .set({ expires_at: new Date(Date.now() + 86_400_000).toISOString() })
        .where('id', '=', conFirma.id)
        .execute();
      // Revoked link: at once.
      expect(
        (await publico('GET', `/api/envio/${conFirma.token}/ecmr/${a.subpartidaId}`)).statusCode,
      ).toBe(200);
      const revocado = await cliente.request(
        'DELETE',
        `/api/clientes/enlaces-porte/${conFirma.id}`,
      );
      expect(revocado.statusCode).toBe(204);
      await todosRechazados(conFirma.token, a.subpartidaId, 410, 'LINK_REVOKED');

      expect(await firmasDe(a.subpartidaId)).toEqual(antesA);
      expect(await firmasDe(b.subpartidaId)).toEqual(antesB);
      expect(await archivos()).toEqual(antesArchivos);
    });

    it('the consignee signs after the sender: a request before the pick-up is signed shows nothing to sign', async () => {
      const t = await envio();
      await pedirFirma(t.conductor);
      const link = await enlace(t.partida);
      expect((await publico('GET', `/api/envio/${link.token}`)).json<Json>().entregas).toEqual([]);
      rechazo(
        await publico('GET', `/api/envio/${link.token}/ecmr/${t.subpartidaId}`),
        409,
        'PICKUP_NOT_SIGNED',
      );
      expect(await firmasDe(t.subpartidaId)).toEqual([]);
    });

    it('the ERP may make a link whose holder signs', async () => {
      const t = await envio();
      const { key } = await createApiKey(demo.handle.db, {
        nombre: 'ERP firma',
        scopes: ['enlaces:write'],
      });
      const res = await demo.app.inject({
        method: 'POST',
        url: `/api/integration/v1/portes/${encodeURIComponent(t.partida)}/enlaces`,
        headers: { authorization: `Bearer ${key}` },
        payload: { firma: true, dias: 7 },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json<Json>()).toMatchObject({ firma: true, entrega: true, factura: false });
    });
  },
);
