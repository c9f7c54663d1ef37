import type { Endpoint, EndpointInput } from '@extranet/contracts/common/endpoint';
import type { EcmrParaFirmar } from '@extranet/contracts/ecmr/ecmr';
import type { ReactNode } from 'react';
import { ConductorApiError } from '../api';
import type { T } from '../use-texts';
import { FirmaForm } from './firma-form';
import { cuerpoDeFirma, fechaHora } from './firmar';
import { NotaEcmr } from './nota-ecmr';

/*
 * What a signer on their own device goes through, whichever way they came: the e-mailed link or
 * the driver's code (`/ecmr/firmar`, issue 18), or the shared shipment's page (`/envio/:token`,
 * issue 19). Each page gives its own endpoints; the reading, the form and the outcome are these.
 */

/** Why a link or code cannot be used, from the server's error code. */
export type Motivo = 'usado' | 'firmado' | 'caducado' | 'invalido' | 'otro';

export function motivoDe(error: unknown): { motivo: Motivo; message: string } {
  const message = error instanceof Error ? error.message : String(error);
  if (!(error instanceof ConductorApiError)) return { motivo: 'otro', message };
  if (error.code === 'LINK_USED' || error.code === 'CODE_USED') return { motivo: 'usado', message };
  // The signer's role signed meanwhile another way: nothing left to do with this link.
  if (error.code === 'ALREADY_SIGNED') return { motivo: 'firmado', message };
  if (error.code === 'LINK_EXPIRED') return { motivo: 'caducado', message };
  if (error.status === 404) return { motivo: 'invalido', message };
  return { motivo: 'otro', message };
}

/** The body of a signature once its photos are up (what the signing endpoints take). */
export type CuerpoDeFirma = Awaited<ReturnType<typeof cuerpoDeFirma>>;

/**
 * The note to read, who signed it already, and the signing form. The photos go up first (to
 * `subirFoto`), then `firmar` sends the signature; the page hears how it ended.
 */
export function FirmaRemota<E extends Endpoint>({
  nota,
  t,
  language,
  subirFoto,
  firmar,
  onFirmada,
  onSinFirma,
  onCambiada,
}: {
  nota: EcmrParaFirmar;
  t: T;
  language: string;
  /** Where each reservation photo is uploaded before the signature. */
  subirFoto: { definition: E; input: EndpointInput<E> };
  /** Sends the signature; resolves with the note as signed. */
  firmar: (body: CuerpoDeFirma) => Promise<EcmrParaFirmar>;
  onFirmada: (nota: EcmrParaFirmar, nombre: string) => void;
  /** Nothing left to sign (spent, signed another way meanwhile, expired): the page says so. */
  onSinFirma: (error: unknown) => void;
  /** The note changed since it was shown: the page loads it again. */
  onCambiada: () => void;
}) {
  const hora = (iso: string) => fechaHora(language, iso);
  return (
    <>
      <p>{t(`signIntro_${nota.rol}`, { numero: nota.numero })}</p>
      <p className="muted">{t('ecmrExpires', { time: hora(nota.expires_at) })}</p>
      <section className="card" aria-labelledby="nota-title">
        <h2 id="nota-title">{t('ecmrFor', { numero: nota.numero })}</h2>
        <NotaEcmr nota={nota.contenido} t={t} language={language} />
        {nota.firmas.length > 0 && (
          <>
            <h3>{t('signAlreadySigned')}</h3>
            <ul>
              {nota.firmas.map((firma) => (
                <li key={`${firma.rol}-${firma.firmado_at}`}>
                  {t(`ecmrRole_${firma.rol}`)}:{' '}
                  {t('ecmrSignedBy', { name: firma.nombre, time: hora(firma.firmado_at) })}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <section className="card" aria-labelledby="firma-title">
        <h2 id="firma-title">{t('ecmrSignAs', { role: t(`ecmrRole_${nota.rol}`) })}</h2>
        <FirmaForm
          rol={nota.rol}
          t={t}
          onSign={async (firma) => {
            const body = await cuerpoDeFirma(firma, nota.documento_sha256, subirFoto);
            try {
              onFirmada(await firmar(body), firma.nombre);
            } catch (error) {
              const { motivo } = motivoDe(error);
              // Spent or expired meanwhile: say so; a changed note: show the new one.
              if (motivo === 'usado' || motivo === 'firmado' || motivo === 'caducado') {
                onSinFirma(error);
                return;
              }
              if (error instanceof ConductorApiError && error.code === 'ECMR_CHANGED') {
                onCambiada();
              }
              throw error;
            }
          }}
        />
      </section>
    </>
  );
}

/** The signature is made: the note's number, the signer thanked, and what happens next. */
export function FirmaTerminada({
  numero,
  nombre,
  t,
  children,
}: {
  numero: string;
  nombre: string;
  t: T;
  /** What the page adds: an explanation, a way back. */
  children?: ReactNode;
}) {
  return (
    <div className="card on" role="status">
      <h2 className="ok">{t('signDone', { numero })}</h2>
      <p>{t('ecmrThanks', { name: nombre })}</p>
      {children}
    </div>
  );
}
