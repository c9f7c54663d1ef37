import {
  createEventoParada,
  sendPosiciones,
  uploadCmrConductor,
  uploadFotoIncidencia,
} from '@extranet/contracts/conductor/endpoints';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call, ConductorApiError, upload } from './api';
import { openQueueStore } from './idb-store';
import { flushQueue, type QueueItem, type QueueStore, type Senders } from './queue';

export interface Outbox {
  /** Items waiting (pings, events, photos). */
  pending: number;
  /** When the server last acknowledged pings. */
  lastPingSentAt: Date | undefined;
  online: boolean;
  /** Upload progress of the CMR being sent (0–100), by queue id. */
  progress: Record<string, number>;
  /** The last refusal the driver should read. */
  error: string | undefined;
  enqueue: (item: QueueItem) => Promise<void>;
}

const RETRY_MS = 30_000;

/**
 * The queue on the phone and its flushing: right after each new item, when the network comes
 * back, and every 30 s while something waits. One flush at a time; `onSent` after each one
 * that sent something (the page reloads the trip).
 */
export function useOutbox(token: string, onSent: () => void): Outbox {
  const [store] = useState<Promise<QueueStore>>(() => openQueueStore(token.slice(0, 24)));
  const [pending, setPending] = useState(0);
  const [lastPingSentAt, setLastPingSentAt] = useState<Date>();
  const [online, setOnline] = useState(() => navigator.onLine);
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [error, setError] = useState<string>();
  const flushing = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  const sent = useRef(onSent);

  const senders: Senders = {
    async pings(items) {
      await call(sendPosiciones, {
        params: { token },
        body: {
          posiciones: items.map(({ id, lat, lng, precision_m, tomada_at }) => ({
            id,
            lat,
            lng,
            tomada_at,
            ...(precision_m === undefined ? {} : { precision_m }),
          })),
        },
      });
      setLastPingSentAt(new Date());
    },
    async evento(item) {
      const evento = await call(createEventoParada, {
        params: { token, paradaId: item.paradaId },
        body: {
          id: item.id,
          tipo: item.tipo,
          ocurrido_at: item.ocurrido_at,
          ...(item.texto ? { texto: item.texto } : {}),
        },
      });
      if (item.foto && !evento.con_foto) {
        try {
          await upload(
            uploadFotoIncidencia,
            { params: { token, eventoId: evento.id } },
            item.foto,
            'incidencia.jpg',
          );
        } catch (failure) {
          // A resend after the photo went up: it is there.
          if (!(failure instanceof ConductorApiError && failure.code === 'PHOTO_EXISTS'))
            throw failure;
        }
      }
    },
    async cmr(item) {
      try {
        await upload(
          uploadCmrConductor,
          { params: { token, subpartidaId: item.subpartidaId } },
          item.file,
          item.filename,
          (percent) => setProgress((current) => ({ ...current, [item.id]: percent })),
        );
      } catch (failure) {
        if (!(failure instanceof ConductorApiError && failure.code === 'CMR_EXISTS')) throw failure;
      } finally {
        setProgress(({ [item.id]: _, ...rest }) => rest);
      }
    },
  };
  const sendersRef = useRef(senders);
  useEffect(() => {
    sent.current = onSent;
    sendersRef.current = senders;
  });

  const flush = useCallback((): Promise<void> => {
    if (flushing.current) {
      again.current = true;
      return flushing.current;
    }
    flushing.current = (async () => {
      const queue = await store;
      do {
        again.current = false;
        const result = await flushQueue(queue, sendersRef.current);
        setPending((await queue.list()).length);
        if (result.failed.length > 0) setError(result.failed[0]!.message);
        if (result.sent > 0) sent.current();
        if (result.stoppedBy) break;
      } while (again.current);
    })().finally(() => {
      flushing.current = null;
    });
    return flushing.current;
  }, [store]);

  const enqueue = useCallback(
    async (item: QueueItem) => {
      const queue = await store;
      await queue.put(item);
      setPending((await queue.list()).length);
      setError(undefined);
      void flush();
    },
    [flush, store],
  );

  useEffect(() => {
    void flush();
    const up = () => {
      setOnline(true);
      void flush();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    const timer = window.setInterval(() => void flush(), RETRY_MS);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
      window.clearInterval(timer);
    };
  }, [flush]);

  return { pending, lastPingSentAt, online, progress, error, enqueue };
}
