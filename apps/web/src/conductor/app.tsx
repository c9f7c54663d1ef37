import { getViajeConductor } from '@extranet/contracts/conductor/endpoints';
import type {
  ParadaConductor,
  SubpartidaConductor,
  ViajeConductor,
} from '@extranet/contracts/conductor/conductor';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { call, ConductorApiError } from './api';
import { Cabecera } from './cabecera';
import { compressPhoto, type CompressedPhoto } from './compress';
import type { Posicion } from './ecmr/ecmr-card';
import { navigationUrl } from './geo';
import { dayTime } from './i18n';
import { jpegsToPdf } from './pdf';
import { clientId, nextSeq } from './queue';
import { type Outbox, useOutbox } from './use-outbox';
import { useWaitingUpdate } from './update';
import { type PositionSharing, usePositionSharing } from './use-position-sharing';
import { type T, useTexts } from './use-texts';

// The e-CMR screens load on their own: the trip shows first on a weak network.
const EcmrCard = lazy(() => import('./ecmr/ecmr-card'));

/** How often, and how many times, the trip is read again while a delivered leg's CMR is made. */
const CMR_REINTENTO_MS = 3000;
const CMR_REINTENTOS = 10;

export function App({ token }: { token: string }) {
  const { language, choose, texts, t } = useTexts();
  const [viaje, setViaje] = useState<ViajeConductor>();
  const [dead, setDead] = useState(false);
  const [announce, setAnnounce] = useState('');
  // The leg whose e-CMR is being signed: the rest of the page steps aside for the signer.
  const [enfoque, setEnfoque] = useState<number | null>(null);
  const update = useWaitingUpdate();

  const reload = useCallback(() => {
    call(getViajeConductor, { params: { token } }).then(setViaje, (error: unknown) => {
      if (error instanceof ConductorApiError && (error.status === 404 || error.status === 410))
        setDead(true);
    });
  }, [token]);
  useEffect(reload, [reload]);

  // A consignee who signed on their own device: the server makes the leg's CMR from the note
  // right after the signature, so the trip is read again until it says so (a few tries).
  const [cmrEsperado, setCmrEsperado] = useState<{ subpartidaId: number; intentos: number }>();
  useEffect(() => {
    if (!cmrEsperado || !viaje) return;
    const leg = viaje.subpartidas.find((s) => s.id === cmrEsperado.subpartidaId);
    if (!leg || leg.cmr_subido || cmrEsperado.intentos >= CMR_REINTENTOS) return;
    const timer = window.setTimeout(() => {
      setCmrEsperado({ ...cmrEsperado, intentos: cmrEsperado.intentos + 1 });
      reload();
    }, CMR_REINTENTO_MS);
    return () => window.clearTimeout(timer);
  }, [cmrEsperado, viaje, reload]);

  const outbox = useOutbox(token, reload);
  // Signatures record where they were made when the driver shares the position.
  const posicion = useRef<Posicion | undefined>(undefined);
  const sharing = usePositionSharing(
    `extranet-conductor-compartir-${token.slice(0, 24)}`,
    (position) => {
      posicion.current = {
        lat: position.coords.latitude,
        lng: position.coords.longitude,
        precision_m: Math.min(100_000, Math.round(position.coords.accuracy)),
      };
      void outbox.enqueue({
        kind: 'ping',
        id: clientId(),
        seq: nextSeq(),
        lat: position.coords.latitude,
        lng: position.coords.longitude,
        precision_m: Math.min(100_000, Math.round(position.coords.accuracy)),
        tomada_at: new Date(position.timestamp).toISOString(),
      });
    },
  );

  const time = (iso: string | null | undefined) => dayTime(language, iso);
  const clock = (date: Date) =>
    new Intl.DateTimeFormat(language, {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).format(date);

  if (!texts) return null;
  const paradas = viaje ? [...viaje.paradas].sort((a, b) => a.orden - b.orden) : [];
  const next = paradas.find((parada) => parada.completada_at === null);

  return (
    <main>
      <Cabecera
        titulo={viaje ? t('title', { ref: viaje.transporte.referencia }) : t('loading')}
        language={language}
        choose={choose}
        t={t}
      />
      <p className="sr-only" role="status" aria-live="polite">
        {announce}
      </p>
      {update && (
        <p className="card" role="status">
          {t('newVersion')}{' '}
          <button type="button" className="button primary" onClick={update}>
            {t('reload')}
          </button>
        </p>
      )}
      {dead && (
        <p className="card warn" role="alert">
          {t('linkDead')}
        </p>
      )}
      {viaje && !dead && (
        <>
          <div hidden={enfoque !== null}>
            {viaje.transporte.matricula && (
              <p className="muted">{t('plate', { plate: viaje.transporte.matricula })}</p>
            )}
            <SharingCard t={t} sharing={sharing} outbox={outbox} clock={clock} />
            {next && (
              <a
                className="button primary"
                href={navigationUrl(next)}
                target="_blank"
                rel="noreferrer"
              >
                {t('navigate')}: {next.poblacion}
              </a>
            )}
            <h2>{t('stops')}</h2>
            <ol className="stops">
              {paradas.map((parada) => (
                <Stop
                  key={parada.id}
                  parada={parada}
                  isNext={parada === next}
                  t={t}
                  time={time}
                  outbox={outbox}
                  onDone={(message) => setAnnounce(message)}
                />
              ))}
            </ol>
          </div>
          {viaje.subpartidas.length > 0 && (
            <section aria-labelledby="ecmr-title">
              <h2 id="ecmr-title">{t('ecmrTitle')}</h2>
              <Suspense fallback={<p role="status">{t('ecmrLoading')}</p>}>
                {viaje.subpartidas.map((subpartida) => (
                  <div key={subpartida.id} hidden={enfoque !== null && enfoque !== subpartida.id}>
                    <EcmrCard
                      token={token}
                      subpartidaId={subpartida.id}
                      t={t}
                      language={language}
                      posicion={() => (sharing.state === 'on' ? posicion.current : undefined)}
                      onDone={(message, entregado) => {
                        setAnnounce(message);
                        // A delivered e-CMR becomes the leg's CMR.
                        reload();
                        if (entregado) setCmrEsperado({ subpartidaId: subpartida.id, intentos: 0 });
                      }}
                      onFocus={(focused) =>
                        setEnfoque((current) =>
                          focused ? subpartida.id : current === subpartida.id ? null : current,
                        )
                      }
                    />
                  </div>
                ))}
              </Suspense>
            </section>
          )}
          {viaje.subpartidas.length > 0 && (
            <section aria-labelledby="cmr-title" hidden={enfoque !== null}>
              <h2 id="cmr-title">{t('cmrTitle')}</h2>
              {viaje.subpartidas.map((subpartida) => (
                <CmrCard
                  key={subpartida.id}
                  subpartida={subpartida}
                  t={t}
                  outbox={outbox}
                  onDone={setAnnounce}
                />
              ))}
            </section>
          )}
        </>
      )}
    </main>
  );
}

function SharingCard({
  t,
  sharing,
  outbox,
  clock,
}: {
  t: T;
  sharing: PositionSharing;
  outbox: Outbox;
  clock: (date: Date) => string;
}) {
  return (
    <section
      className={`card ${sharing.state === 'on' ? 'on' : ''}`}
      aria-labelledby="sharing-title"
    >
      <h2 id="sharing-title">{t('sharingTitle')}</h2>
      <p className="state" role="status">
        {sharing.state === 'on'
          ? t('sharingOn')
          : sharing.state === 'denied'
            ? t('sharingDenied')
            : t('sharingOff')}
      </p>
      {sharing.state !== 'on' && <p className="muted">{t('sharingExplain')}</p>}
      <p>
        {outbox.lastPingSentAt
          ? t('lastSent', { time: clock(outbox.lastPingSentAt) })
          : t('neverSent')}
      </p>
      {outbox.pending > 0 && <p>{t('pending', { count: outbox.pending })}</p>}
      {!outbox.online && <p className="warn">{t('offline')}</p>}
      {outbox.error && (
        <p className="warn" role="alert">
          {t('error', { message: outbox.error })}
        </p>
      )}
      {sharing.state === 'on' ? (
        <button type="button" className="button" onClick={sharing.stop}>
          {t('sharingStop')}
        </button>
      ) : (
        <button type="button" className="button primary" onClick={sharing.start}>
          {t('sharingStart')}
        </button>
      )}
    </section>
  );
}

function Stop({
  parada,
  isNext,
  t,
  time,
  outbox,
  onDone,
}: {
  parada: ParadaConductor;
  isNext: boolean;
  t: T;
  time: (iso: string | null) => string;
  outbox: Outbox;
  onDone: (message: string) => void;
}) {
  const [incident, setIncident] = useState(false);
  const [texto, setTexto] = useState('');
  const [foto, setFoto] = useState<{ photo: CompressedPhoto; url: string }>();
  const [marked, setMarked] = useState<Set<string>>(new Set());
  const titleId = `parada-${parada.id}`;

  const send = async (
    tipo: 'llegada' | 'carga' | 'descarga' | 'incidencia',
    extra: { texto?: string; foto?: Blob } = {},
  ) => {
    await outbox.enqueue({
      kind: 'evento',
      id: clientId(),
      seq: nextSeq(),
      paradaId: parada.id,
      tipo,
      ocurrido_at: new Date().toISOString(),
      ...extra,
    });
    setMarked((current) => new Set(current).add(tipo));
    onDone(navigator.onLine ? t('sent') : t('saved'));
  };

  const arrived = parada.llegada_at !== null || marked.has('llegada');
  const done = parada.completada_at !== null || marked.has(parada.tipo);
  const address = [parada.direccion, parada.cp, parada.poblacion, parada.pais_iso]
    .filter(Boolean)
    .join(', ');

  return (
    <li className={`card stop ${isNext ? 'next' : ''}`} aria-labelledby={titleId}>
      <h3 id={titleId}>
        {parada.orden}. {parada.tipo === 'carga' ? t('stopLoad') : t('stopUnload')}:{' '}
        {parada.poblacion}
        {isNext && <span className="tag">{t('next')}</span>}
      </h3>
      <p>{address}</p>
      <p>{t('window', { from: time(parada.ventana_desde), to: time(parada.ventana_hasta) })}</p>
      {parada.eta_at && parada.completada_at === null && (
        <p>{t('eta', { eta: time(parada.eta_at), km: parada.km_restantes ?? '—' })}</p>
      )}
      {parada.llegada_at && <p>{t('arrivedAt', { time: time(parada.llegada_at) })}</p>}
      {parada.completada_at && <p>{t('doneAt', { time: time(parada.completada_at) })}</p>}
      {!done && (
        <div className="actions">
          {!arrived && (
            <button type="button" className="button primary" onClick={() => void send('llegada')}>
              {t('arrived')}
            </button>
          )}
          <button type="button" className="button primary" onClick={() => void send(parada.tipo)}>
            {parada.tipo === 'carga' ? t('loaded') : t('unloaded')}
          </button>
        </div>
      )}
      {incident ? (
        <form
          className="incident"
          onSubmit={(event) => {
            event.preventDefault();
            if (texto.trim() === '') return;
            void send('incidencia', {
              texto: texto.trim(),
              ...(foto ? { foto: foto.photo.blob } : {}),
            }).then(() => {
              setIncident(false);
              setTexto('');
              if (foto) URL.revokeObjectURL(foto.url);
              setFoto(undefined);
            });
          }}
        >
          <label>
            <span>{t('incidentText')}</span>
            <textarea
              required
              maxLength={500}
              rows={3}
              value={texto}
              onChange={(event) => setTexto(event.target.value)}
            />
          </label>
          <label>
            <span>{t('incidentPhoto')}</span>
            <input
              type="file"
              accept="image/*"
              capture="environment"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (!file) return;
                void compressPhoto(file).then((photo) =>
                  setFoto((current) => {
                    if (current) URL.revokeObjectURL(current.url);
                    return { photo, url: URL.createObjectURL(photo.blob) };
                  }),
                );
              }}
            />
          </label>
          {foto && <img className="preview" src={foto.url} alt={t('incidentPhotoPreview')} />}
          <div className="actions">
            <button type="submit" className="button primary">
              {t('incidentSend')}
            </button>
            <button type="button" className="button" onClick={() => setIncident(false)}>
              {t('cancel')}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="button" onClick={() => setIncident(true)}>
          {t('incident')}
        </button>
      )}
    </li>
  );
}

interface Page {
  photo: CompressedPhoto;
  url: string;
}

function CmrCard({
  subpartida,
  t,
  outbox,
  onDone,
}: {
  subpartida: SubpartidaConductor;
  t: T;
  outbox: Outbox;
  onDone: (message: string) => void;
}) {
  const [pages, setPages] = useState<Page[]>([]);
  const [busy, setBusy] = useState(false);
  const [queuedId, setQueuedId] = useState<string>();
  const titleId = `cmr-${subpartida.id}`;
  const percent = queuedId === undefined ? undefined : outbox.progress[queuedId];

  const addPage = async (file: File) => {
    setBusy(true);
    try {
      const photo = await compressPhoto(file);
      setPages((current) => [...current, { photo, url: URL.createObjectURL(photo.blob) }]);
    } finally {
      setBusy(false);
    }
  };

  const send = async () => {
    const file =
      pages.length === 1
        ? pages[0]!.photo.blob
        : jpegsToPdf(
            await Promise.all(
              pages.map(async ({ photo }) => ({
                bytes: new Uint8Array(await photo.blob.arrayBuffer()),
                width: photo.width,
                height: photo.height,
              })),
            ),
          );
    const id = clientId();
    setQueuedId(id);
    await outbox.enqueue({
      kind: 'cmr',
      id,
      seq: nextSeq(),
      subpartidaId: subpartida.id,
      file,
      filename: `cmr-${subpartida.numero}.${pages.length === 1 ? 'jpg' : 'pdf'}`,
    });
    pages.forEach((page) => URL.revokeObjectURL(page.url));
    setPages([]);
    onDone(navigator.onLine ? t('sent') : t('cmrQueued'));
  };

  return (
    <div className="card" role="group" aria-labelledby={titleId}>
      <h3 id={titleId}>
        {t('cmrFor', {
          n: subpartida.numero,
          from: subpartida.origen_poblacion,
          to: subpartida.destino_poblacion,
        })}
      </h3>
      {subpartida.cmr_subido ? (
        <p className="ok">{t('cmrDone')}</p>
      ) : (
        <>
          {percent !== undefined && (
            <label className="progress">
              <span>{t('cmrSending', { percent })}</span>
              <progress max={100} value={percent} />
            </label>
          )}
          {queuedId !== undefined && percent === undefined && !outbox.online && (
            <p>{t('cmrQueued')}</p>
          )}
          {pages.length > 0 && (
            <ul className="pages">
              {pages.map((page, index) => (
                <li key={page.url}>
                  <img src={page.url} alt={t('cmrPage', { n: index + 1 })} />
                  <button
                    type="button"
                    className="button"
                    onClick={() => {
                      URL.revokeObjectURL(page.url);
                      setPages((current) => current.filter((other) => other !== page));
                    }}
                  >
                    {t('cmrRemove', { n: index + 1 })}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <label className="button file">
            {busy ? t('compressing') : t('cmrAddPage')}
            <input
              type="file"
              accept="image/*"
              capture="environment"
              disabled={busy}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void addPage(file);
              }}
            />
          </label>
          {pages.length > 0 && (
            <button type="button" className="button primary" onClick={() => void send()}>
              {pages.length === 1 ? t('cmrSendOne') : t('cmrSend', { count: pages.length })}
            </button>
          )}
        </>
      )}
    </div>
  );
}
