import {
  bajaEnvioAviso,
  createEnvioAviso,
  downloadEnvioDocumento,
  getEnvio,
} from '@extranet/contracts/envio/endpoints';
import type { EntregaEcmrEnvio, EnvioPublico } from '@extranet/contracts/envio/envio';
import { urlOf } from '@extranet/contracts/common/endpoint';
import { lazy, Suspense, useCallback, useEffect, useState, type FormEvent } from 'react';
import { call, ConductorApiError } from '../conductor/api';
import { Cabecera } from '../conductor/cabecera';
import { dayTime, type Language } from '../conductor/i18n';
import { type T, useTexts } from '../conductor/use-texts';

// Signing the delivery (issue 19): the contactless signer's screens, loaded only when used.
const FirmaEntrega = lazy(() => import('./firma-entrega'));

/** The live figures change with each ping batch (about every 2 minutes). */
const REFRESH_MS = 60_000;

/**
 * The shared shipment's page (issue 19): read-only, no session, the shipment's status, live
 * position, ETA, stops and the documents its link shows, in the visitor's language among the
 * driver page's. A dead link shows the server's Spanish reason, which names whom to ask.
 */
export function App({ token }: { token: string }) {
  const { language, choose, texts, t } = useTexts();
  const [envio, setEnvio] = useState<EnvioPublico>();
  const [dead, setDead] = useState<string>();
  const [failed, setFailed] = useState(false);
  /** The leg whose delivery the visitor is signing: the page shows that alone meanwhile. */
  const [firmando, setFirmando] = useState<number>();

  const load = useCallback(
    (first: boolean) => {
      call(getEnvio, { params: { token }, query: first ? { apertura: '1' } : {} }).then(
        (loaded) => {
          setEnvio(loaded);
          setFailed(false);
        },
        (error: unknown) => {
          if (error instanceof ConductorApiError && (error.status === 404 || error.status === 410))
            setDead(error.message);
          else setFailed(true);
        },
      );
    },
    [token],
  );
  useEffect(() => {
    load(true);
    const timer = setInterval(() => load(false), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  const when = (iso: string | null | undefined) => dayTime(language, iso);
  const day = (isoDate: string) =>
    new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
      new Date(`${isoDate}T00:00:00Z`),
    );

  if (!texts) return null;
  const porte = envio?.porte;
  const vivo = porte?.seguimiento ?? null;

  return (
    <main>
      <Cabecera
        titulo={porte ? t('envio.title', { partida: porte.partida }) : t('envio.loading')}
        language={language}
        choose={choose}
        t={t}
      />
      {dead !== undefined && (
        // The reason comes from the server, in Spanish, naming the company to contact.
        <p className="card warn" role="alert" lang="es">
          {dead}
        </p>
      )}
      {failed && dead === undefined && (
        <div className="card warn" role="alert">
          <p>{t('envio.error')}</p>
          <button type="button" className="button" onClick={() => load(envio === undefined)}>
            {t('envio.retry')}
          </button>
        </div>
      )}
      {envio && porte && dead === undefined && firmando !== undefined && (
        <Suspense fallback={<p role="status">{t('signLoading')}</p>}>
          <FirmaEntrega
            token={token}
            subpartidaId={firmando}
            t={t}
            language={language}
            onVolver={() => {
              setFirmando(undefined);
              load(false);
            }}
          />
        </Suspense>
      )}
      {envio && porte && dead === undefined && firmando === undefined && (
        <>
          <p>
            {porte.origen_poblacion} ({porte.origen_pais_iso}) → {porte.destino_poblacion} (
            {porte.destino_pais_iso})
          </p>
          <p className="muted">{t('envio.sharedBy', { empresa: envio.empresa })}</p>
          {envio.entregas.length > 0 && (
            <Entregas entregas={envio.entregas} t={t} when={when} onFirmar={setFirmando} />
          )}
          <section className="card" aria-labelledby="estado-title">
            <h2 id="estado-title">{t(`envio.estado.${porte.estado}`)}</h2>
            {porte.entregado_at ? (
              <p>{t('envio.delivered', { time: when(porte.entregado_at) })}</p>
            ) : (
              <>
                {vivo?.eta_at ? (
                  <p className="state">{t('envio.eta', { time: when(vivo.eta_at) })}</p>
                ) : porte.fecha_entrega_prevista ? (
                  <p>{t('envio.planned', { date: day(porte.fecha_entrega_prevista) })}</p>
                ) : null}
                <p>
                  {porte.retraso > 0 ? t('envio.delay', { min: porte.retraso }) : t('envio.onTime')}
                  {porte.kilometros_destino !== null &&
                    ` · ${t('envio.kmLeft', { km: porte.kilometros_destino })}`}
                </p>
              </>
            )}
            {porte.incidencia && <p className="warn">{porte.incidencia}</p>}
            {porte.posicion_actual && (
              <p className="muted">
                {t('envio.position', {
                  place:
                    porte.posicion_actual.poblacion ??
                    `${porte.posicion_actual.lat.toFixed(3)}, ${porte.posicion_actual.lng.toFixed(3)}`,
                  time: porte.posicion_actual.posicion_at
                    ? when(porte.posicion_actual.posicion_at)
                    : `${porte.posicion_actual.fecha} ${porte.posicion_actual.hora}`,
                })}
              </p>
            )}
          </section>
          {porte.paradas_previstas.length > 0 && (
            <section aria-labelledby="previstas-title">
              <h2 id="previstas-title">{t('envio.plannedStops')}</h2>
              <ol className="stops">
                {porte.paradas_previstas.map((p) => (
                  <li key={p.id} className="card">
                    <h3>
                      {t(p.tipo === 'carga' ? 'stopLoad' : 'stopUnload')}: {p.poblacion}
                    </h3>
                    <p className="muted">
                      {t('window', { from: when(p.ventana_desde), to: when(p.ventana_hasta) })}
                    </p>
                    {p.completada_at ? (
                      <p>{t('doneAt', { time: when(p.completada_at) })}</p>
                    ) : p.eta_at ? (
                      <p>{t('envio.eta', { time: when(p.eta_at) })}</p>
                    ) : null}
                  </li>
                ))}
              </ol>
            </section>
          )}
          <section aria-labelledby="paradas-title">
            <h2 id="paradas-title">{t('stops')}</h2>
            {porte.paradas.length === 0 ? (
              <p className="muted">{t('envio.noStops')}</p>
            ) : (
              <ol className="stops">
                {[...porte.paradas].reverse().map((s) => (
                  <li key={s.id} className="card">
                    <h3>
                      {s.poblacion ?? s.poblacionB ?? ''} {s.pais_iso ? `(${s.pais_iso})` : ''}
                    </h3>
                    <p className="muted">
                      {day(s.fecha)} {s.hora}
                      {s.retraso > 0 ? ` · ${t('envio.delay', { min: s.retraso })}` : ''}
                    </p>
                    {s.comentarios && <p>{s.comentarios}</p>}
                  </li>
                ))}
              </ol>
            )}
          </section>
          {envio.documentos.length > 0 && (
            <section aria-labelledby="docs-title">
              <h2 id="docs-title">{t('envio.documents')}</h2>
              <ul className="stops">
                {envio.documentos.map((d) => (
                  <li key={d.id}>
                    <a
                      className="button"
                      href={urlOf(downloadEnvioDocumento, {
                        params: { token, archivoId: d.id },
                      })}
                      download
                      rel="noreferrer"
                    >
                      {t(`envio.doc.${d.tipo}`)}: {d.nombre}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <Avisos token={token} language={language} t={t} />
          <p className="muted">{t('envio.expires', { time: when(envio.expires_at) })}</p>
        </>
      )}
    </main>
  );
}

/**
 * The legs whose delivery the visitor may sign (the driver asks for it now) or sees signed: on
 * a link the customer made for the consignee only.
 */
function Entregas({
  entregas,
  t,
  when,
  onFirmar,
}: {
  entregas: EntregaEcmrEnvio[];
  t: T;
  when: (iso: string | null) => string;
  onFirmar: (subpartidaId: number) => void;
}) {
  const pendiente = entregas.some((e) => e.pendiente);
  return (
    <section className={pendiente ? 'card focus' : 'card on'} aria-labelledby="entregas-title">
      <h2 id="entregas-title">{t('envio.signTitle')}</h2>
      <ul className="stops">
        {entregas.map((e) => (
          <li key={e.subpartida_id}>
            {e.firma ? (
              <p className="ok">
                {t('envio.signedBy', {
                  numero: e.numero,
                  name: e.firma.nombre,
                  time: when(e.firma.firmado_at),
                })}
                {e.firma.con_reservas ? ` ${t('envio.signedWithReservations')}` : ''}
              </p>
            ) : (
              <>
                <p id={`pide-${e.subpartida_id}`}>{t('envio.signAsked', { numero: e.numero })}</p>
                {e.pendiente_hasta && (
                  <p className="muted">{t('ecmrExpires', { time: when(e.pendiente_hasta) })}</p>
                )}
                <button
                  type="button"
                  className="button primary"
                  aria-describedby={`pide-${e.subpartida_id}`}
                  onClick={() => onFirmar(e.subpartida_id)}
                >
                  {t('envio.signButton')}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** E-mail notices of this shipment only, written in the page's language. */
function Avisos({ token, language, t }: { token: string; language: Language; t: T }) {
  const [email, setEmail] = useState('');
  const [done, setDone] = useState<string>();
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(undefined);
    call(createEnvioAviso, { params: { token }, body: { email, idioma: language } })
      .then(
        () => setDone(email.trim().toLowerCase()),
        (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
      )
      .finally(() => setSending(false));
  };
  return (
    <section className="card" aria-labelledby="avisos-title">
      <h2 id="avisos-title">{t('envio.notices')}</h2>
      {done ? (
        <p role="status">{t('envio.subscribed', { email: done })}</p>
      ) : (
        <form onSubmit={submit}>
          <p className="muted">{t('envio.noticesExplain')}</p>
          <label className="envio-field">
            <span>{t('envio.email')}</span>
            <input
              type="email"
              required
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </label>
          {error && (
            <p className="warn" role="alert" lang="es">
              {error}
            </p>
          )}
          <button type="submit" className="button primary" disabled={sending}>
            {t('envio.subscribe')}
          </button>
        </form>
      )}
    </section>
  );
}

/**
 * `/envio/baja#<token>`, the unsubscription link of a notice: one click, it is done (the token
 * in the fragment never reaches a server log). A link scanner that runs no script leaves it be.
 */
export function Baja({ token }: { token: string }) {
  const { language, choose, texts, t } = useTexts();
  const [done, setDone] = useState<{ email: string; partida: string }>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    call(bajaEnvioAviso, { params: { token } }).then(setDone, (e: unknown) =>
      setError(e instanceof Error ? e.message : String(e)),
    );
  }, [token]);
  if (!texts) return null;
  return (
    <main>
      <Cabecera titulo={t('envio.notices')} language={language} choose={choose} t={t} />
      {done ? (
        <p className="card" role="status">
          {t('envio.unsubscribed', { email: done.email, partida: done.partida })}
        </p>
      ) : error ? (
        // The server's reason, in Spanish.
        <p className="card warn" role="alert" lang="es">
          {error}
        </p>
      ) : (
        <p className="muted" role="status">
          {t('envio.unsubscribing')}
        </p>
      )}
    </main>
  );
}
