import type { EcmrParaFirmar } from '@extranet/contracts/ecmr/ecmr';
import {
  getEcmrEnvio,
  signEcmrEnvio,
  uploadEcmrFotoEnvio,
} from '@extranet/contracts/ecmr/endpoints';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call, ConductorApiError } from '../conductor/api';
import { FirmaRemota, FirmaTerminada } from '../conductor/ecmr/firma-remota';
import type { T } from '../conductor/use-texts';

type Estado =
  | { tipo: 'cargando' }
  | { tipo: 'firmar'; nota: EcmrParaFirmar }
  | { tipo: 'hecho'; nota: EcmrParaFirmar; nombre: string }
  | { tipo: 'error'; error: unknown };

/** The visitor's reason in their language when there is one; else the server's, in Spanish. */
function Motivo({ error, t }: { error: unknown; t: T }) {
  if (error instanceof ConductorApiError && error.code === 'ALREADY_SIGNED') {
    return <p>{t('envio.signAlready')}</p>;
  }
  if (error instanceof ConductorApiError && error.code === 'SIGNATURE_NOT_REQUESTED') {
    return <p>{t('envio.signNotRequested')}</p>;
  }
  return <p lang="es">{error instanceof Error ? error.message : String(error)}</p>;
}

/**
 * "Firmar la entrega" on the shared shipment's page (issue 19, decision 015): the visitor, whom
 * the customer took for the consignee, reads the leg's e-CMR and signs its delivery through the
 * shipment link, on the contactless signer's components. A lazy chunk: most visitors never sign.
 */
export default function FirmaEntrega({
  token,
  subpartidaId,
  t,
  language,
  onVolver,
}: {
  token: string;
  subpartidaId: number;
  t: T;
  language: string;
  /** Back to the shipment (which reads itself again: the delivery may be signed now). */
  onVolver: () => void;
}) {
  const [estado, setEstado] = useState<Estado>({ tipo: 'cargando' });
  const titulo = useRef<HTMLHeadingElement>(null);

  const cargar = useCallback(() => {
    call(getEcmrEnvio, { params: { token, subpartidaId } }).then(
      (nota) => setEstado({ tipo: 'firmar', nota }),
      (error: unknown) => setEstado({ tipo: 'error', error }),
    );
  }, [token, subpartidaId]);
  useEffect(cargar, [cargar]);
  // A screen of its own: it starts at its title, where a screen reader is taken too.
  useEffect(() => {
    titulo.current?.focus();
    titulo.current?.scrollIntoView?.({ block: 'start' });
  }, [estado.tipo]);

  const params = { token, subpartidaId };
  return (
    <section aria-labelledby="firma-entrega-title">
      <h2 id="firma-entrega-title" ref={titulo} tabIndex={-1}>
        {t('envio.signTitle')}
      </h2>
      {estado.tipo === 'cargando' && <p role="status">{t('signLoading')}</p>}
      {estado.tipo === 'error' && (
        <div className="card warn-card" role="alert">
          <Motivo error={estado.error} t={t} />
        </div>
      )}
      {estado.tipo === 'firmar' && (
        <FirmaRemota
          nota={estado.nota}
          t={t}
          language={language}
          subirFoto={{ definition: uploadEcmrFotoEnvio, input: { params } }}
          firmar={(body) => call(signEcmrEnvio, { params, body })}
          onFirmada={(nota, nombre) => setEstado({ tipo: 'hecho', nota, nombre })}
          onSinFirma={(error) => setEstado({ tipo: 'error', error })}
          onCambiada={cargar}
        />
      )}
      {estado.tipo === 'hecho' && (
        <FirmaTerminada numero={estado.nota.numero} nombre={estado.nombre} t={t}>
          <p className="muted">{t('envio.signDoneExplain')}</p>
        </FirmaTerminada>
      )}
      <button
        type="button"
        className={estado.tipo === 'firmar' ? 'button' : 'button primary'}
        onClick={onVolver}
      >
        {t('envio.back')}
      </button>
    </section>
  );
}
