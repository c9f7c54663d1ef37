import { ECMR_MAX_FOTOS, type EcmrRol } from '@extranet/contracts/ecmr/constants';
import { useEffect, useId, useRef, useState } from 'react';
import { compressPhoto } from '../compress';
import type { T } from '../use-texts';
import { SignaturePad, type SignaturePadHandle } from './signature-pad';

/** What a signer hands in: typed name, drawn PNG, and for the consignee reservations. */
export interface FirmaHecha {
  nombre: string;
  firma_png: string;
  reservas?: string;
  /** Reservation photos, compressed JPEG, to upload before signing. */
  fotos: Blob[];
}

interface Foto {
  blob: Blob;
  url: string;
}

/**
 * The signing form of the driver's phone and of the contactless page: typed name and drawn
 * signature; the consignee may add reservations with photos from the camera.
 */
export function FirmaForm({
  rol,
  t,
  defaultName = '',
  onSign,
  onCancel,
}: {
  rol: EcmrRol;
  t: T;
  defaultName?: string;
  /** Rejects with the reason to show when the signature is refused. */
  onSign: (firma: FirmaHecha) => Promise<void>;
  onCancel?: () => void;
}) {
  const id = useId();
  const pad = useRef<SignaturePadHandle>(null);
  const [nombre, setNombre] = useState(defaultName);
  const [ink, setInk] = useState(false);
  const [conReservas, setConReservas] = useState(false);
  const [reservas, setReservas] = useState('');
  const [fotos, setFotos] = useState<Foto[]>([]);
  const [compressing, setCompressing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const consignee = rol === 'destinatario';

  const urls = useRef<string[]>([]);
  useEffect(() => {
    urls.current = fotos.map((foto) => foto.url);
  }, [fotos]);
  useEffect(() => () => urls.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const listo = nombre.trim().length >= 2 && ink && (!conReservas || reservas.trim() !== '');

  const submit = async () => {
    const png = pad.current?.toPng();
    if (!listo || !png) return;
    setBusy(true);
    setError(undefined);
    try {
      await onSign({
        nombre: nombre.trim(),
        firma_png: png,
        ...(consignee && conReservas ? { reservas: reservas.trim() } : {}),
        fotos: consignee && conReservas ? fotos.map((foto) => foto.blob) : [],
      });
    } catch (failure) {
      setError(t('error', { message: failure instanceof Error ? failure.message : '' }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="firma"
      aria-label={t('ecmrSignAs', { role: t(`ecmrRole_${rol}`) })}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label>
        <span>{t('ecmrSignerName')}</span>
        <input
          type="text"
          autoComplete="name"
          required
          minLength={2}
          maxLength={120}
          value={nombre}
          onChange={(event) => setNombre(event.target.value)}
        />
      </label>
      <p className="field" id={`${id}-pad`}>
        {t('ecmrPadHint')}
      </p>
      <SignaturePad ref={pad} label={t('ecmrPad')} onChange={setInk} />
      <div className="actions">
        <button type="button" className="button" onClick={() => pad.current?.clear()}>
          {t('ecmrPadClear')}
        </button>
        <button
          type="button"
          className="button"
          disabled={nombre.trim().length < 2}
          onClick={() => pad.current?.write(nombre)}
        >
          {t('ecmrPadWrite')}
        </button>
      </div>
      {consignee && (
        <fieldset className="reservas">
          <legend>{t('ecmrReservations')}</legend>
          <label className="check">
            <input
              type="checkbox"
              checked={conReservas}
              onChange={(event) => setConReservas(event.target.checked)}
            />
            <span>{t('ecmrWithReservations')}</span>
          </label>
          {conReservas && (
            <>
              <label>
                <span>{t('ecmrReservationsText')}</span>
                <textarea
                  required
                  maxLength={2000}
                  rows={3}
                  value={reservas}
                  onChange={(event) => setReservas(event.target.value)}
                />
              </label>
              {fotos.length > 0 && (
                <ul className="pages">
                  {fotos.map((foto, index) => (
                    <li key={foto.url}>
                      <img src={foto.url} alt={t('ecmrPhoto', { n: index + 1 })} />
                      <button
                        type="button"
                        className="button"
                        onClick={() => {
                          URL.revokeObjectURL(foto.url);
                          setFotos((current) => current.filter((other) => other !== foto));
                        }}
                      >
                        {t('ecmrPhotoRemove', { n: index + 1 })}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {fotos.length < ECMR_MAX_FOTOS && (
                <label className="button file">
                  {compressing ? t('compressing') : t('ecmrPhotoAdd')}
                  <input
                    type="file"
                    accept="image/*"
                    capture="environment"
                    disabled={compressing}
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      event.target.value = '';
                      if (!file) return;
                      setCompressing(true);
                      void compressPhoto(file)
                        .then(({ blob }) =>
                          setFotos((current) => [
                            ...current,
                            { blob, url: URL.createObjectURL(blob) },
                          ]),
                        )
                        .finally(() => setCompressing(false));
                    }}
                  />
                </label>
              )}
            </>
          )}
        </fieldset>
      )}
      {error && (
        <p className="warn" role="alert">
          {error}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button primary" disabled={!listo || busy || compressing}>
          {busy ? t('ecmrSigning') : t('ecmrSign')}
        </button>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            {t('cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
