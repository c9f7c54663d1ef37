import type { EcmrParaFirmar } from '@extranet/contracts/ecmr/ecmr';
import {
  getEcmrParaFirmar,
  redeemEcmrCodigo,
  signEcmrRemoto,
  uploadEcmrFotoRemota,
} from '@extranet/contracts/ecmr/endpoints';
import { useCallback, useEffect, useState } from 'react';
import { call, ConductorApiError } from '../api';
import { LanguageSelect } from '../language-select';
import { type T, useTexts } from '../use-texts';
import { FirmaForm } from './firma-form';
import { cuerpoDeFirma, fechaHora } from './firmar';
import { NotaEcmr } from './nota-ecmr';

/** Why a link or code cannot be used, from the server's error code. */
type Motivo = 'usado' | 'firmado' | 'caducado' | 'invalido' | 'otro';

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
      <header className="bar">
        <h1>{t('signTitle')}</h1>
        <LanguageSelect label={t('language')} language={language} onChange={choose} />
      </header>
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
        <Firmar
          nota={estado.nota}
          t={t}
          language={language}
          onSign={async (firma) => {
            const body = await cuerpoDeFirma(firma, estado.nota.documento_sha256, {
              definition: uploadEcmrFotoRemota,
              input: { params: { token } },
            });
            try {
              const nota = await call(signEcmrRemoto, { params: { token }, body });
              setEstado({ tipo: 'hecho', nota, nombre: firma.nombre });
            } catch (error) {
              const { motivo } = motivoDe(error);
              // Spent or expired meanwhile: say so; a changed note: show the new one.
              if (motivo === 'usado' || motivo === 'firmado' || motivo === 'caducado') {
                setEstado({ tipo: 'error', ...motivoDe(error) });
                return;
              }
              if (error instanceof ConductorApiError && error.code === 'ECMR_CHANGED') {
                cargar(token);
              }
              throw error;
            }
          }}
        />
      )}
      {estado.tipo === 'hecho' && (
        <div className="card on" role="status">
          <h2 className="ok">{t('signDone', { numero: estado.nota.numero })}</h2>
          <p>{t('ecmrThanks', { name: estado.nombre })}</p>
          <p className="muted">{t('signDoneExplain')}</p>
        </div>
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

function Firmar({
  nota,
  t,
  language,
  onSign,
}: {
  nota: EcmrParaFirmar;
  t: T;
  language: string;
  onSign: Parameters<typeof FirmaForm>[0]['onSign'];
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
        <FirmaForm rol={nota.rol} t={t} onSign={onSign} />
      </section>
    </>
  );
}
