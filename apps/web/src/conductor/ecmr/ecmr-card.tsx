import type { EcmrRol } from '@extranet/contracts/ecmr/constants';
import type { EcmrDetalle, FirmaEcmr, InvitacionCreada } from '@extranet/contracts/ecmr/ecmr';
import {
  createEcmrInvitacion,
  getEcmrConductor,
  signEcmrConductor,
  uploadEcmrFotoConductor,
} from '@extranet/contracts/ecmr/endpoints';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '../api';
import type { T } from '../use-texts';
import { FirmaForm } from './firma-form';
import { cuerpoDeFirma, fechaHora } from './firmar';
import { NotaEcmr } from './nota-ecmr';

/** Position sent with a signature: the driver's last shared one. */
export interface Posicion {
  lat: number;
  lng: number;
  precision_m?: number;
}

type Remoto = 'remitente' | 'destinatario';

type Paso =
  | { tipo: 'ver' }
  /** The driver hands the phone over: the signer confirms they hold it. */
  | { tipo: 'entregar'; rol: Remoto }
  | { tipo: 'firmar'; rol: EcmrRol }
  /** Signed on the driver's phone by someone else: give it back. */
  | { tipo: 'devolver'; nombre: string }
  | { tipo: 'remoto'; rol: Remoto; invitacion?: InvitacionCreada; email?: string };

/** How often the driver's screen looks for a contactless signature while one is awaited. */
export const SONDEO_MS = 4000;

const ORDEN: EcmrRol[] = ['transportista', 'remitente', 'destinatario'];

/** The signature of `rol` that covers the current version, else its latest. */
function firmaDe(firmas: FirmaEcmr[], rol: EcmrRol): FirmaEcmr | undefined {
  const delRol = firmas.filter((f) => f.rol === rol);
  return delRol.find((f) => f.cubre_version_actual) ?? delRol.at(-1);
}

/** Who may sign now: nobody once delivered; the consignee only after the sender. */
export function puedeFirmar(ecmr: EcmrDetalle, rol: EcmrRol): boolean {
  if (ecmr.estado === 'entregada' || ecmr.estado === 'con_reservas') return false;
  if (ecmr.firmas.some((f) => f.rol === rol && f.version === ecmr.version)) return false;
  return rol !== 'destinatario' || ecmr.firmas.some((f) => f.rol === 'remitente');
}

/**
 * The e-CMR of one leg on the driver's phone (issue 18): its state, the note to read, and the
 * signatures: the driver's, the sender's and the consignee's on this phone handed over, or on
 * their own device with an e-mailed link or a code shown here.
 */
export default function EcmrCard({
  token,
  subpartidaId,
  t,
  language,
  posicion,
  onDone,
  onFocus,
}: {
  token: string;
  subpartidaId: number;
  t: T;
  language: string;
  /** The driver's last shared position, if any. */
  posicion: () => Posicion | undefined;
  /**
   * Tells the page (and a screen reader) what happened; `entregado` when the consignee signed on
   * their own device (the leg's CMR is being made from the note on the server meanwhile).
   */
  onDone: (message: string, entregado?: boolean) => void;
  /** While someone signs or the phone is handed over, the page shows this card alone. */
  onFocus?: (focused: boolean) => void;
}) {
  const [ecmr, setEcmr] = useState<EcmrDetalle>();
  const [error, setError] = useState<string>();
  const [paso, setPaso] = useState<Paso>({ tipo: 'ver' });
  const [leer, setLeer] = useState(false);
  const card = useRef<HTMLDivElement>(null);
  const params = { token, subpartidaId };

  const cargar = useCallback(
    () =>
      call(getEcmrConductor, { params: { token, subpartidaId } }).then(
        (detalle) => {
          setEcmr(detalle);
          setError(undefined);
          return detalle;
        },
        (failure: unknown) => {
          setError(failure instanceof Error ? failure.message : String(failure));
          return undefined;
        },
      ),
    [token, subpartidaId],
  );
  useEffect(() => {
    void cargar();
  }, [cargar]);

  // Waiting for a contactless signature: look for it until it arrives.
  const esperando = paso.tipo === 'remoto' && paso.invitacion ? paso.rol : undefined;
  useEffect(() => {
    if (!esperando) return;
    const timer = setInterval(() => {
      void cargar().then((detalle) => {
        const firma = detalle?.firmas.find(
          (f) => f.rol === esperando && f.version === detalle.version,
        );
        if (!firma) return;
        setPaso({ tipo: 'ver' });
        onDone(
          t('ecmrSignedBy', { name: firma.nombre, time: fechaHora(language, firma.firmado_at) }),
          esperando === 'destinatario',
        );
      });
    }, SONDEO_MS);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- t and onDone change each render
  }, [esperando, cargar]);

  // A new screen starts at the top of the card, alone on the page while it lasts.
  const enfocado = paso.tipo !== 'ver';
  const enfocar = useRef(onFocus);
  useEffect(() => {
    enfocar.current = onFocus;
  });
  useEffect(() => {
    enfocar.current?.(enfocado);
    if (enfocado) card.current?.scrollIntoView?.({ block: 'start' });
  }, [enfocado, paso.tipo]);
  useEffect(() => () => enfocar.current?.(false), []);

  const hora = (iso: string) => fechaHora(language, iso);
  const rolTexto = (rol: EcmrRol) => t(`ecmrRole_${rol}`);
  const titleId = `ecmr-${subpartidaId}`;

  if (!ecmr) {
    return (
      <div className="card" role="group" aria-label={t('ecmrTitle')}>
        {error ? (
          <>
            <p className="warn" role="alert">
              {t('error', { message: error })}
            </p>
            <button type="button" className="button" onClick={() => void cargar()}>
              {t('retry')}
            </button>
          </>
        ) : (
          <p role="status">{t('ecmrLoading')}</p>
        )}
      </div>
    );
  }

  const firmar = async (rol: EcmrRol, firma: Parameters<typeof cuerpoDeFirma>[0]) => {
    const body = await cuerpoDeFirma(firma, ecmr.documento_sha256, {
      definition: uploadEcmrFotoConductor,
      input: { params },
    });
    const at = posicion();
    try {
      const detalle = await call(signEcmrConductor, {
        params,
        body: { ...body, rol, ...(at ? { posicion: at } : {}) },
      });
      setEcmr(detalle);
    } catch (failure) {
      // The note changed since it was shown (the carrier edited it): show the new one.
      void cargar();
      throw failure;
    }
    const hecho = t('ecmrSignedBy', { name: firma.nombre, time: hora(new Date().toISOString()) });
    onDone(hecho);
    setPaso(rol === 'transportista' ? { tipo: 'ver' } : { tipo: 'devolver', nombre: firma.nombre });
  };

  const invitar = async (rol: Remoto, canal: 'email' | 'codigo', email?: string) => {
    const invitacion = await call(createEcmrInvitacion, {
      params,
      body: { rol, canal, ...(email ? { email } : {}) },
    });
    setPaso({ tipo: 'remoto', rol, invitacion, ...(email ? { email } : {}) });
  };

  const estado = (
    <p className={`estado estado-${ecmr.estado}`}>
      <span className="muted">{t('ecmrState')}: </span>
      <strong>{t(`ecmrState_${ecmr.estado}`)}</strong>
    </p>
  );

  return (
    <div
      ref={card}
      className={`card ecmr ${paso.tipo === 'ver' ? '' : 'focus'}`}
      role="group"
      aria-labelledby={titleId}
    >
      <h3 id={titleId}>{t('ecmrFor', { numero: ecmr.numero })}</h3>
      {estado}

      {paso.tipo === 'ver' && (
        <>
          <button
            type="button"
            className="button"
            aria-expanded={leer}
            onClick={() => setLeer((open) => !open)}
          >
            {leer ? t('ecmrHideNote') : t('ecmrReadNote')}
          </button>
          {leer && <NotaEcmr nota={ecmr.contenido} t={t} language={language} />}
          <ol className="firmantes">
            {ORDEN.map((rol) => {
              const firma = firmaDe(ecmr.firmas, rol);
              const puede = puedeFirmar(ecmr, rol);
              return (
                <li key={rol} aria-label={rolTexto(rol)}>
                  <h4>{rolTexto(rol)}</h4>
                  {firma ? (
                    <p className="ok">
                      {t('ecmrSignedBy', { name: firma.nombre, time: hora(firma.firmado_at) })}
                      {firma.reservas ? ` · ${t('ecmrState_con_reservas')}` : ''}
                      {firma.cubre_version_actual ? '' : ` · ${t('ecmrOldVersion')}`}
                    </p>
                  ) : (
                    <p>{t('ecmrNotSigned')}</p>
                  )}
                  {puede && rol === 'transportista' && (
                    <button
                      type="button"
                      className="button primary"
                      onClick={() => setPaso({ tipo: 'firmar', rol })}
                    >
                      {t('ecmrDriverSigns')}
                    </button>
                  )}
                  {puede && rol !== 'transportista' && (
                    <div className="actions">
                      <button
                        type="button"
                        className="button primary"
                        onClick={() => setPaso({ tipo: 'entregar', rol })}
                      >
                        {t(`ecmrHandTo_${rol}`)}
                      </button>
                      <button
                        type="button"
                        className="button"
                        onClick={() => setPaso({ tipo: 'remoto', rol })}
                      >
                        {t('ecmrContactless')}
                      </button>
                    </div>
                  )}
                  {!firma && !puede && rol === 'destinatario' && (
                    <p className="muted">{t('ecmrConsigneeAfterSender')}</p>
                  )}
                </li>
              );
            })}
          </ol>
        </>
      )}

      {paso.tipo === 'entregar' && (
        <div className="entrega">
          <p className="grande">{t(`ecmrHandOver_${paso.rol}`)}</p>
          <button
            type="button"
            className="button primary"
            onClick={() => setPaso({ tipo: 'firmar', rol: paso.rol })}
          >
            {t(`ecmrIAm_${paso.rol}`)}
          </button>
          <button type="button" className="button" onClick={() => setPaso({ tipo: 'ver' })}>
            {t('cancel')}
          </button>
        </div>
      )}

      {paso.tipo === 'firmar' && (
        <>
          <h4>{t('ecmrSignAs', { role: rolTexto(paso.rol) })}</h4>
          <p className="muted">{t('ecmrReadBeforeSigning')}</p>
          <NotaEcmr nota={ecmr.contenido} t={t} language={language} />
          <FirmaForm
            key={paso.rol}
            rol={paso.rol}
            t={t}
            defaultName={
              paso.rol === 'transportista' ? (ecmr.contenido.transportista.conductor ?? '') : ''
            }
            onSign={(firma) => firmar(paso.rol, firma)}
            onCancel={() => setPaso({ tipo: 'ver' })}
          />
        </>
      )}

      {paso.tipo === 'devolver' && (
        <div className="entrega" role="status">
          <p className="ok grande">{t('ecmrThanks', { name: paso.nombre })}</p>
          <p className="grande">{t('ecmrGiveBack')}</p>
          <button type="button" className="button primary" onClick={() => setPaso({ tipo: 'ver' })}>
            {t('ecmrIAmDriver')}
          </button>
        </div>
      )}

      {paso.tipo === 'remoto' && (
        <Remota
          rol={paso.rol}
          invitacion={paso.invitacion}
          email={paso.email}
          t={t}
          hora={hora}
          onInvite={(canal, email) => invitar(paso.rol, canal, email)}
          onClose={() => setPaso({ tipo: 'ver' })}
        />
      )}
    </div>
  );
}

/** Contactless signing: a one-time link to an e-mail, or a code shown on this screen. */
function Remota({
  rol,
  invitacion,
  email: enviadoA,
  t,
  hora,
  onInvite,
  onClose,
}: {
  rol: Remoto;
  invitacion: InvitacionCreada | undefined;
  email: string | undefined;
  t: T;
  hora: (iso: string) => string;
  onInvite: (canal: 'email' | 'codigo', email?: string) => Promise<void>;
  onClose: () => void;
}) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const invite = async (canal: 'email' | 'codigo') => {
    setBusy(true);
    setError(undefined);
    try {
      await onInvite(canal, canal === 'email' ? email.trim() : undefined);
    } catch (failure) {
      setError(t('error', { message: failure instanceof Error ? failure.message : '' }));
    } finally {
      setBusy(false);
    }
  };
  const direccion = `${location.origin}/ecmr/firmar`;

  return (
    <div className="remota">
      <h4>{t(`ecmrContactlessFor_${rol}`)}</h4>
      {invitacion?.canal === 'codigo' && invitacion.codigo && (
        <div className="codigo" role="status">
          <p>{t('ecmrCodeHowTo', { url: direccion })}</p>
          <p className="code" aria-label={t('ecmrCode')}>
            {invitacion.codigo}
          </p>
          <p className="muted">{t('ecmrExpires', { time: hora(invitacion.expires_at) })}</p>
          <p className="muted">{t('ecmrWaiting')}</p>
        </div>
      )}
      {invitacion?.canal === 'email' && (
        <div role="status">
          <p className="ok">{t('ecmrLinkSent', { email: enviadoA ?? '' })}</p>
          <p className="muted">{t('ecmrExpires', { time: hora(invitacion.expires_at) })}</p>
          <p className="muted">{t('ecmrWaiting')}</p>
        </div>
      )}
      {!invitacion && (
        <>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void invite('email');
            }}
          >
            <label>
              <span>{t('ecmrSignerEmail')}</span>
              <input
                type="email"
                required
                maxLength={200}
                autoComplete="off"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </label>
            <button type="submit" className="button primary" disabled={busy}>
              {t('ecmrSendLink')}
            </button>
          </form>
          <p className="muted">{t('ecmrOr')}</p>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void invite('codigo')}
          >
            {t('ecmrShowCode')}
          </button>
        </>
      )}
      {error && (
        <p className="warn" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="button" onClick={onClose}>
        {invitacion ? t('ecmrBack') : t('cancel')}
      </button>
    </div>
  );
}
