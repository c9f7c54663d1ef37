/*
 * The driver page's outbox: pings, stop events and photos wait here (IndexedDB on the phone,
 * idb-store.ts) until the server acknowledged them. An item leaves the queue only after an
 * answer that settles it: accepted, duplicate or refused for good. Offline, a timeout or a
 * server fault leave it for the next flush; every item carries its own client id, which the
 * server uses to drop a resend, so nothing is lost and nothing counts twice.
 */

export interface PingItem {
  kind: 'ping';
  id: string;
  /** Order of insertion (the queue is read in this order). */
  seq: number;
  lat: number;
  lng: number;
  precision_m?: number;
  tomada_at: string;
}

export interface EventoItem {
  kind: 'evento';
  id: string;
  seq: number;
  paradaId: number;
  tipo: 'llegada' | 'carga' | 'descarga' | 'incidencia';
  texto?: string;
  ocurrido_at: string;
  /** The incident's photo, compressed. */
  foto?: Blob;
}

export interface CmrItem {
  kind: 'cmr';
  id: string;
  seq: number;
  subpartidaId: number;
  /** One JPEG page, or a PDF of several. */
  file: Blob;
  filename: string;
}

export type QueueItem = PingItem | EventoItem | CmrItem;

/** Where the queue lives: IndexedDB on the phone, memory in the tests. */
export interface QueueStore {
  put(item: QueueItem): Promise<void>;
  /** Every item, in `seq` order. */
  list(): Promise<QueueItem[]>;
  delete(ids: readonly string[]): Promise<void>;
}

/** A failure the caller sees: `transient` ones leave the items for the next try. */
export interface SendFailure {
  transient: boolean;
  message: string;
}

export interface Senders {
  /** Sends a batch of pings; resolves once the server answered for every id of it. */
  pings(items: PingItem[]): Promise<void>;
  evento(item: EventoItem): Promise<void>;
  cmr(item: CmrItem): Promise<void>;
}

/** Most pings per request (the server accepts up to 1000). */
export const PINGS_PER_BATCH = 200;

export interface FlushResult {
  sent: number;
  /** Items refused for good (removed from the queue), with the server's message. */
  failed: { item: QueueItem; message: string }[];
  /** Set when the flush stopped on a transient failure: the rest waits. */
  stoppedBy?: string;
}

function asFailure(error: unknown): SendFailure {
  if (typeof error === 'object' && error !== null && 'transient' in error) {
    return error as SendFailure;
  }
  return { transient: true, message: error instanceof Error ? error.message : String(error) };
}

/**
 * Sends what the queue holds, oldest first: pings in batches, events and photos one by one.
 * Stops at the first transient failure (the network is likely gone) and keeps the rest.
 */
export async function flushQueue(store: QueueStore, send: Senders): Promise<FlushResult> {
  const result: FlushResult = { sent: 0, failed: [] };
  const items = await store.list();
  const pings = items.filter((item): item is PingItem => item.kind === 'ping');
  const others = items.filter((item) => item.kind !== 'ping');

  for (let start = 0; start < pings.length; start += PINGS_PER_BATCH) {
    const batch = pings.slice(start, start + PINGS_PER_BATCH);
    try {
      await send.pings(batch);
    } catch (error) {
      const failure = asFailure(error);
      if (failure.transient) return { ...result, stoppedBy: failure.message };
      // The link is dead (revoked, expired): these pings will never be taken.
      result.failed.push(...batch.map((item) => ({ item, message: failure.message })));
    }
    await store.delete(batch.map((item) => item.id));
    result.sent += batch.length;
  }

  for (const item of others) {
    try {
      if (item.kind === 'evento') await send.evento(item);
      else if (item.kind === 'cmr') await send.cmr(item);
    } catch (error) {
      const failure = asFailure(error);
      if (failure.transient) return { ...result, stoppedBy: failure.message };
      result.failed.push({ item, message: failure.message });
    }
    await store.delete([item.id]);
    result.sent += 1;
  }
  return result;
}

/** A queue in memory (tests, and the fallback where IndexedDB is unavailable). */
export function memoryStore(): QueueStore {
  const items = new Map<string, QueueItem>();
  return {
    put: async (item) => void items.set(item.id, item),
    list: async () => [...items.values()].sort((a, b) => a.seq - b.seq),
    delete: async (ids) => ids.forEach((id) => items.delete(id)),
  };
}

let lastSeq = 0;
/** Increasing across calls even within one millisecond. */
export function nextSeq(now = Date.now()): number {
  lastSeq = Math.max(lastSeq + 1, now);
  return lastSeq;
}

/** A client id for an item (the server deduplicates by it). */
export function clientId(): string {
  return crypto.randomUUID();
}
