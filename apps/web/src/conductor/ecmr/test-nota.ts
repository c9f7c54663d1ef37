/*
 * A consignment note as the contactless signer reads it (`EcmrParaFirmar`): the signing pages'
 * tests share it.
 */

/** The SHA-256 the signer is shown and sends back. */
export const HASH = 'd'.repeat(64);
/** The note's content: 24 packages from Madrid to Valencia. */
export const NOTA = {
  numero: 'T1-1',
  remitente: {
    nombre: 'Conservas del Ebro S.A.',
    cif: null,
    direccion: null,
    cp: null,
    poblacion: 'Zaragoza',
    pais_iso: 'ES',
  },
  destinatario: {
    nombre: 'Mercavalencia',
    cif: null,
    direccion: null,
    cp: null,
    poblacion: 'Valencia',
    pais_iso: 'ES',
  },
  lugar_entrega: { direccion: null, cp: null, poblacion: 'Valencia', pais_iso: 'ES', fecha: null },
  lugar_carga: { direccion: null, cp: null, poblacion: 'Madrid', pais_iso: 'ES', fecha: null },
  documentos_anexos: null,
  mercancias: [
    {
      marcas: null,
      bultos: 24,
      embalaje: null,
      naturaleza: 'Conservas',
      numero_estadistico: null,
      peso_bruto_kg: 12000,
      volumen_m3: null,
    },
  ],
  instrucciones_remitente: null,
  forma_pago: null,
  reembolso: null,
  transportista: {
    nombre: 'Transportes Demo',
    cif: null,
    direccion: null,
    cp: null,
    poblacion: null,
    pais_iso: null,
    matricula: null,
    conductor: null,
  },
  porteadores_sucesivos: [],
  reservas_transportista: null,
  estipulaciones: null,
  establecido_en: { lugar: 'Madrid', fecha: null },
  referencias: { transporte: 'T1', subpartida: 1, partida: null },
};
/** The consignee's note to sign, the sender's signature already on it. */
export const PARA_FIRMAR = {
  rol: 'destinatario',
  numero: 'T1-1',
  version: 1,
  documento_sha256: HASH,
  contenido: NOTA,
  firmas: [{ rol: 'remitente', nombre: 'Luis Pérez', firmado_at: '2026-11-27T09:00:00.000Z' }],
  expires_at: '2026-11-28T09:00:00.000Z',
};
