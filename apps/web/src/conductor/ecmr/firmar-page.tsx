import type { EcmrParaFirmar } from '@extranet/contracts/ecmr/ecmr';
import {
  getEcmrParaFirmar,
  redeemEcmrCodigo,
  signEcmrRemoto,
  uploadEcmrFotoRemota,
} from '@extranet/contracts/ecmr/endpoints';
import { useCallback, useEffect, useState } from 'react';
import { call } from '../api';
import { Cabecera } from '../cabecera';
import { type T, useTexts } from '../use-texts';
import { FirmaRemota, FirmaTerminada, type Motivo, motivoDe } from './firma-remota';

type Estado =
  | { tipo: 'codigo' }
  | { tipo: 'cargando' }
  | { tipo: 'firmar'; nota: EcmrParaFirmar }
  | { tipo: 'hecho'; nota: EcmrParaFirmar; nombre: string }
  | { tipo: 'error'; motivo: Motivo; message: string };

/** The one-time token in the e-mailed link's fragment (`/ecmr/firmar#<token>`), never sent. */
function tokenDelEnlace(): string {
  return decodeURIComponent(location.hash.replace(/^#/, ''));
}

/**
 * The contactless signer's page (issue 18, decision 013): opened from the e-mailed one-time
 * link, or by typing the code the driver's screen shows; the signer reads the note and signs on
 * their own device. No login and no cookie: the token is the only credential.
 */
export default function FirmarPage() {
  const { language, choose, texts, t } = useTexts();
  const [token, setToken] = useState(tokenDelEnlace);
  const [estado, setEstado] = useState<Estado>(() =>
    tokenDelEnlace() === '' ? { tipo: 'codigo' } : { tipo: 'cargando' },
  );

  useEffect(() => {
    if (texts) document.title = t('signTitle');
  }, [texts, t]);

  const cargar = useCallback((conToken: string) => {
    call(getEcmrParaFirmar, { params: { token: conToken } }).then(
      (nota) => setEstado({ tipo: 'firmar', nota }),
      (error: unknown) => setEstado({ tipo: 'error', ...motivoDe(error) }),
    );
  }, []);
  useEffect(() => {
    if (token !== '') cargar(token);
  }, [token, cargar]);
  // Another link opened in the same tab changes only the fragment: follow it.
  useEffect(() => {
    const seguir = () => {
      const nuevo = tokenDelEnlace();
      if (nuevo === '') return;
      setEstado({ tipo: 'cargando' });
      setToken(nuevo);
    };
    window.addEventListener('hashchange', seguir);
    return () => window.removeEventListener('hashchange', seguir);
  }, []);

  if (!texts) return null;

  return (
    <main>
      <Cabecera titulo={t('signTitle')} language={language} choose={choose} t={t} />
      {estado.tipo === 'codigo' && (
        <CodigoForm
          t={t}
          onToken={(nuevo) => {
            // Kept in the fragment: a reload finds it (the code itself is spent).
            history.replaceState(null, '', `#${nuevo}`);
            setEstado({ tipo: 'cargando' });
            setToken(nuevo);
          }}
        />
      )}
      {estado.tipo === 'cargando' && <p role="status">{t('signLoading')}</p>}
      {estado.tipo === 'error' && (
        <div className="card warn-card" role="alert">
          <h2>{t(`signError_${estado.motivo}`)}</h2>
          {estado.motivo === 'otro' && <p>{estado.message}</p>}
          {estado.motivo !== 'firmado' && <p>{t('signAskAgain')}</p>}
          {estado.motivo === 'otro' && (
            <button
              type="button"
              className="button"
              onClick={() => {
                setEstado({ tipo: 'cargando' });
                cargar(token);
              }}
            >
              {t('retry')}
            </button>
          )}
        </div>
      )}
      {estado.tipo === 'firmar' && (
        <FirmaRemota
          nota={estado.nota}
          t={t}
          language={language}
          subirFoto={{ definition: uploadEcmrFotoRemota, input: { params: { token } } }}
          firmar={(body) => call(signEcmrRemoto, { params: { token }, body })}
          onFirmada={(nota, nombre) => setEstado({ tipo: 'hecho', nota, nombre })}
          onSinFirma={(error) => setEstado({ tipo: 'error', ...motivoDe(error) })}
          onCambiada={() => cargar(token)}
        />
      )}
      {estado.tipo === 'hecho' && (
        <FirmaTerminada numero={estado.nota.numero} nombre={estado.nombre} t={t}>
          <p className="muted">{t('signDoneExplain')}</p>
        </FirmaTerminada>
      )}
    </main>
  );
}

function CodigoForm({ t, onToken }: { t: T; onToken: (token: string) => void }) {
  const [codigo, setCodigo] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <form
      className="card"
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        setError(undefined);
        call(redeemEcmrCodigo, { body: { codigo } })
          .then(
            ({ token }) => onToken(token),
            (failure: unknown) => {
              const { motivo, message } = motivoDe(failure);
              setError(motivo === 'otro' ? t('error', { message }) : t(`signCodeError_${motivo}`));
            },
          )
          .finally(() => setBusy(false));
      }}
    >
      <p>{t('signCodeExplain')}</p>
      <label>
        <span>{t('signCode')}</span>
        <input
          className="code-input"
          type="text"
          required
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          inputMode="text"
          maxLength={20}
          placeholder={t('signCodePlaceholder')}
          value={codigo}
          onChange={(event) => setCodigo(event.target.value.toUpperCase())}
        />
      </label>
      {error && (
        <p className="warn" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button primary" disabled={busy || codigo.trim() === ''}>
        {t('signCodeSubmit')}
      </button>
    </form>
  );
}
