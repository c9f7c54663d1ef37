import type { CertificadoTipoEstado } from '@extranet/contracts/certificados/certificado';
import dayjs from 'dayjs';

/**
 * The dates a renewal opens with: issued today, and valid for as long as the current version
 * was (its issue-to-expiry span); a year when that is unknown (most carriers' certificates, the
 * ATP and insurance among them, are yearly).
 */
export function renovacionInicial(
  certificado: Pick<CertificadoTipoEstado, 'actual'>,
  today: string,
): { emision: string; caducidad: string } {
  const actual = certificado.actual;
  const desde = dayjs(today);
  let caducidad = desde.add(1, 'year');
  if (actual?.fecha_emision && actual.fecha_emision < actual.fecha_caducidad) {
    const dias = dayjs(actual.fecha_caducidad).diff(dayjs(actual.fecha_emision), 'day');
    caducidad = desde.add(dias, 'day');
  }
  return { emision: today, caducidad: caducidad.format('YYYY-MM-DD') };
}
