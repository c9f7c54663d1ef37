import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonico, huella } from './canonico.js';
import {
  HASH_INICIAL,
  datosDeFirma,
  hashDeEvento,
  hashDeImagen,
  verificarDocumento,
  type DocumentoGuardado,
  type EventoGuardado,
  type FirmaGuardada,
  type TipoEventoEcmr,
} from './cadena.js';
import { generarClavePrivada, selloDe, selloValido } from './sello.js';

describe('forma canónica (RFC 8785)', () => {
  it('orders keys by UTF-16 code units, without whitespace, at every depth', () => {
    expect(canonico({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
    // "€" (U+20AC) sorts after "ñ" (U+00F1), and an astral character by its surrogates.
    expect(canonico({ '€': 1, ñ: 2, '😀': 3, z: 4 })).toBe('{"z":4,"ñ":2,"€":1,"😀":3}');
  });

  it('prints numbers as ECMAScript does and escapes only what JSON requires', () => {
    // The RFC's own example: a literal that JavaScript reads as 333333333.3333333.
    expect(canonico([1.0, -0, 1e21, 0.000001, 1e-7, Number('333333333.33333329')])).toBe(
      '[1,0,1e+21,0.000001,1e-7,333333333.3333333]',
    );
    expect(canonico({ t: 'a"b\\c\n\u0001é' })).toBe('{"t":"a\\"b\\\\c\\n\\u0001é"}');
  });

  it('gives the same hash for the same content whatever the key order, another for any change', () => {
    const a = { remitente: { nombre: 'A', cp: '28001' }, bultos: 10 };
    const b = { bultos: 10, remitente: { cp: '28001', nombre: 'A' } };
    expect(huella(a)).toBe(huella(b));
    expect(huella(a)).toBe(createHash('sha256').update(canonico(a)).digest('hex'));
    expect(huella({ ...a, bultos: 11 })).not.toBe(huella(a));
  });

  it('refuses values JSON cannot carry', () => {
    expect(() => canonico(Number.NaN)).toThrow();
    expect(() => canonico({ x: Infinity })).toThrow();
  });
});

describe('sello Ed25519', () => {
  const sello = selloDe(generarClavePrivada());

  it('seals a hash so that the public key verifies it, and nothing else', () => {
    const hash = huella({ x: 1 });
    const firma = sello.sellar(hash);
    expect(selloValido(sello.publicKey, hash, firma)).toBe(true);
    expect(selloValido(sello.publicKey, huella({ x: 2 }), firma)).toBe(false);
    const otra = selloDe(generarClavePrivada());
    expect(selloValido(otra.publicKey, hash, firma)).toBe(false);
    expect(selloValido(sello.publicKey, hash, 'no es base64 de nada')).toBe(false);
    expect(sello.claveId).toMatch(/^[0-9a-f]{16}$/);
    expect(otra.claveId).not.toBe(sello.claveId);
  });
});

describe('cadena de eventos y su verificación', () => {
  const sello = selloDe(generarClavePrivada());
  const claves = new Map([[sello.claveId, sello.publicKey]]);
  const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64');
  const nota = { numero: 'T1-1', bultos: 10 };

  /** A note created, signed by the sender, then changed (version 2), as the service stores it. */
  function documento(): DocumentoGuardado {
    const eventos: EventoGuardado[] = [];
    const agregar = (tipo: TipoEventoEcmr, datos: unknown, at: string) => {
      const anterior = eventos.at(-1)?.hash ?? HASH_INICIAL;
      const parsed = JSON.parse(canonico(datos)) as unknown;
      const hash = hashDeEvento({
        documento: 'ver1',
        secuencia: eventos.length + 1,
        tipo,
        ocurrido_at: at,
        datos: parsed,
        hash_anterior: anterior,
      });
      eventos.push({
        secuencia: eventos.length + 1,
        tipo,
        ocurrido_at: at,
        datos: canonico(datos),
        hash_anterior: anterior,
        hash,
        sello: sello.sellar(hash),
        clave_id: sello.claveId,
      });
    };
    const v1 = huella(nota);
    const v2 = huella({ ...nota, bultos: 9 });
    agregar('creado', { version: 1, documento_sha256: v1 }, '2026-11-25T08:00:00.000Z');
    const firma: FirmaGuardada = {
      id: 7,
      version: 1,
      rol: 'remitente',
      nombre: 'Ana Remitente',
      canal: 'movil_conductor',
      firmado_at: '2026-11-25T09:00:00.000Z',
      documento_sha256: v1,
      imagen_png: PNG,
      imagen_sha256: hashDeImagen(PNG),
      lat: 40.4,
      lng: -3.7,
      precision_m: 12,
      dispositivo: 'Mozilla/5.0',
      reservas: null,
      fotos: '[]',
    };
    agregar('firmado', datosDeFirma(firma), firma.firmado_at);
    agregar(
      'nueva_version',
      { version: 2, documento_sha256: v2, anterior_sha256: v1 },
      '2026-11-25T10:00:00.000Z',
    );
    return {
      verificacion_id: 'ver1',
      version_actual: 2,
      eventos_n: 3,
      ultimo_hash: eventos.at(-1)!.hash,
      versiones: [
        { version: 1, contenido: canonico(nota), documento_sha256: v1 },
        { version: 2, contenido: canonico({ ...nota, bultos: 9 }), documento_sha256: v2 },
      ],
      firmas: [firma],
      eventos,
      fotos: new Map(),
    };
  }

  const fallos = (doc: DocumentoGuardado, c = claves) =>
    verificarDocumento(doc, c)
      .comprobaciones.filter((x) => !x.correcta)
      .map((x) => x.nombre);

  it('links each event to the previous one and finds an intact document intact', () => {
    const doc = documento();
    expect(doc.eventos[0]!.hash_anterior).toBe(HASH_INICIAL);
    expect(doc.eventos[1]!.hash_anterior).toBe(doc.eventos[0]!.hash);
    expect(doc.eventos[2]!.hash_anterior).toBe(doc.eventos[1]!.hash);
    const r = verificarDocumento(doc, claves);
    expect(r.comprobaciones.map((c) => [c.nombre, c.correcta])).toEqual([
      ['cadena', true],
      ['sellos', true],
      ['versiones', true],
      ['firmas', true],
    ]);
    expect(r.intacto).toBe(true);
  });

  it('the hash covers the document, the place in the chain, the type, the time and the data', () => {
    const base = {
      documento: 'ver1',
      secuencia: 1,
      tipo: 'creado' as const,
      ocurrido_at: '2026-11-25T08:00:00.000Z',
      datos: { version: 1 },
      hash_anterior: HASH_INICIAL,
    };
    const h = hashDeEvento(base);
    expect(hashDeEvento({ ...base, documento: 'ver2' })).not.toBe(h);
    expect(hashDeEvento({ ...base, secuencia: 2 })).not.toBe(h);
    expect(hashDeEvento({ ...base, tipo: 'editado' })).not.toBe(h);
    expect(hashDeEvento({ ...base, ocurrido_at: '2026-11-25T08:00:01.000Z' })).not.toBe(h);
    expect(hashDeEvento({ ...base, datos: { version: 2 } })).not.toBe(h);
    expect(hashDeEvento({ ...base, hash_anterior: 'f'.repeat(64) })).not.toBe(h);
  });

  it('detects a changed event, a broken link, a lost event, a truncated tail and a bad seal', () => {
    const changed = documento();
    changed.eventos[1]!.datos = changed.eventos[1]!.datos.replace('Ana', 'Eva');
    expect(fallos(changed)).toContain('cadena');

    const relinked = documento();
    relinked.eventos[2]!.hash_anterior = HASH_INICIAL;
    expect(fallos(relinked)).toContain('cadena');

    const lost = documento();
    lost.eventos = [lost.eventos[0]!, lost.eventos[2]!];
    expect(fallos(lost)).toContain('cadena');

    const truncated = documento();
    truncated.eventos = truncated.eventos.slice(0, 2);
    expect(fallos(truncated)).toContain('cadena');

    const resealed = documento();
    resealed.eventos[0]!.sello = resealed.eventos[1]!.sello;
    expect(fallos(resealed)).toEqual(['sellos']);

    expect(fallos(documento(), new Map())).toEqual(['sellos']);
  });

  it('detects a changed version, signature, image or photo', () => {
    const version = documento();
    version.versiones[0]!.contenido = canonico({ ...nota, bultos: 100 });
    expect(fallos(version)).toEqual(['versiones']);

    const nombre = documento();
    (nombre.firmas[0] as { nombre: string }).nombre = 'Otra Persona';
    expect(fallos(nombre)).toEqual(['firmas']);

    const imagen = documento();
    (imagen.firmas[0] as { imagen_png: string }).imagen_png =
      Buffer.from('otra').toString('base64');
    expect(fallos(imagen)).toEqual(['firmas']);

    const posicion = documento();
    (posicion.firmas[0] as { lat: number }).lat = 41;
    expect(fallos(posicion)).toEqual(['firmas']);

    const sinFirma = documento();
    sinFirma.firmas = [];
    expect(fallos(sinFirma)).toEqual(['firmas']);

    const foto = documento();
    (foto.firmas[0] as { fotos: string }).fotos = JSON.stringify([{ archivo_id: 3, sha256: 'a' }]);
    expect(fallos(foto)).toEqual(['firmas']);
  });
});
