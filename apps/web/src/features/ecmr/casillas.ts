import type { TFunction } from 'i18next';

/** The paper CMR's box number of each top-level field of the note (CMR art. 6). */
export const NUMERO_CASILLA: Record<string, string> = {
  remitente: '1',
  destinatario: '2',
  lugar_entrega: '3',
  lugar_carga: '4',
  documentos_anexos: '5',
  mercancias: '6–12',
  instrucciones_remitente: '13',
  forma_pago: '14',
  reembolso: '15',
  transportista: '16',
  porteadores_sucesivos: '17',
  reservas_transportista: '18',
  estipulaciones: '19',
  establecido_en: '21',
};

/** "1 · Remitente": a box's number and name. */
export function tituloCasilla(t: TFunction, casilla: string): string {
  const nombre = t(`ecmr.casillas.${casilla}`, { defaultValue: casilla });
  const numero = NUMERO_CASILLA[casilla];
  return numero ? `${numero} · ${nombre}` : nombre;
}

/** A diff's field path in words: `mercancias.0.peso_bruto_kg` → "6–12 · Mercancías · Línea 1 · Peso bruto (kg)". */
export function nombreCampo(t: TFunction, path: string): string {
  const [casilla = path, ...resto] = path.split('.');
  const partes = [tituloCasilla(t, casilla)];
  for (const parte of resto) {
    partes.push(
      /^\d+$/.test(parte)
        ? t('ecmr.linea', { n: Number(parte) + 1 })
        : t(`ecmr.campos.${parte}`, { defaultValue: parte }),
    );
  }
  return partes.join(' · ');
}
