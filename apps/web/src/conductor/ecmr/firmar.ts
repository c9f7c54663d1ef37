import type { Endpoint, EndpointInput, ResponseOf } from '@extranet/contracts/common/endpoint';
import type { FotoSubida } from '@extranet/contracts/ecmr/ecmr';
import { upload } from '../api';
import type { FirmaHecha } from './firma-form';

/**
 * The body of a signature after its photos: each reservation photo goes up first (its stored id
 * is what the signature names), then the signature with the hash of the note the signer read.
 */
export async function cuerpoDeFirma<E extends Endpoint>(
  firma: FirmaHecha,
  documentoSha256: string,
  subirFoto: { definition: E; input: EndpointInput<E> },
): Promise<{
  nombre: string;
  firma_png: string;
  documento_sha256: string;
  reservas?: string;
  fotos?: number[];
}> {
  const fotos: number[] = [];
  for (const [index, blob] of firma.fotos.entries()) {
    const subida = (await upload(
      subirFoto.definition,
      subirFoto.input,
      blob,
      `reserva-${index + 1}.jpg`,
    )) as ResponseOf<E> & FotoSubida;
    fotos.push(subida.archivo_id);
  }
  return {
    nombre: firma.nombre,
    firma_png: firma.firma_png,
    documento_sha256: documentoSha256,
    ...(firma.reservas === undefined ? {} : { reservas: firma.reservas }),
    ...(fotos.length > 0 ? { fotos } : {}),
  };
}

/** Day and time of a signature or an expiry, in the page's language. */
export function fechaHora(language: string, iso: string): string {
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}
