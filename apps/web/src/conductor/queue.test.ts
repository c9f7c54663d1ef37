import { describe, expect, it, vi } from 'vitest';
import {
  type CmrItem,
  type EventoItem,
  flushQueue,
  memoryStore,
  type PingItem,
  PINGS_PER_BATCH,
  type Senders,
} from './queue';

const ping = (n: number): PingItem => ({
  kind: 'ping',
  id: `p${n}`,
  seq: n,
  lat: 40 + n / 1000,
  lng: -3,
  tomada_at: new Date(Date.UTC(2026, 10, 25, 10, n)).toISOString(),
});
const evento: EventoItem = {
  kind: 'evento',
  id: 'e1',
  seq: 1000,
  paradaId: 7,
  tipo: 'llegada',
  ocurrido_at: '2026-11-25T11:00:00.000Z',
};
const cmr: CmrItem = {
  kind: 'cmr',
  id: 'c1',
  seq: 1001,
  subpartidaId: 3,
  file: new Blob(['x']),
  filename: 'cmr-1.jpg',
};
const offline = Object.assign(new Error('Sin conexión con el servidor.'), { transient: true });
const gone = Object.assign(new Error('El enlace ha caducado.'), { transient: false });

function senders(overrides: Partial<Senders> = {}): Senders {
  return {
    pings: vi.fn(async () => undefined),
    evento: vi.fn(async () => undefined),
    cmr: vi.fn(async () => undefined),
    ...overrides,
  };
}

describe('flushQueue', () => {
  it('sends pings in batches, oldest first, then events and photos, and empties the queue', async () => {
    const store = memoryStore();
    for (let n = PINGS_PER_BATCH + 5; n >= 1; n -= 1) await store.put(ping(n));
    await store.put(cmr);
    await store.put(evento);
    const send = senders();

    const result = await flushQueue(store, send);

    expect(result).toEqual({ sent: PINGS_PER_BATCH + 7, failed: [] });
    const batches = vi.mocked(send.pings).mock.calls.map(([items]) => items.map((i) => i.id));
    expect(batches.map((b) => b.length)).toEqual([PINGS_PER_BATCH, 5]);
    expect(batches.flat()).toEqual(
      Array.from({ length: PINGS_PER_BATCH + 5 }, (_, i) => `p${i + 1}`),
    );
    expect(vi.mocked(send.evento).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(send.cmr).mock.invocationCallOrder[0]!,
    );
    expect(await store.list()).toEqual([]);
  });

  it('keeps everything not acknowledged when the network fails, and sends each once later', async () => {
    const store = memoryStore();
    for (let n = 1; n <= 3; n += 1) await store.put(ping(n));
    await store.put(evento);
    const down = senders({ pings: vi.fn(async () => Promise.reject(offline)) });

    const first = await flushQueue(store, down);
    expect(first).toMatchObject({ sent: 0, stoppedBy: 'Sin conexión con el servidor.' });
    expect((await store.list()).map((i) => i.id)).toEqual(['p1', 'p2', 'p3', 'e1']);
    expect(down.evento).not.toHaveBeenCalled();

    await store.put(ping(4));
    const up = senders();
    await flushQueue(store, up);
    expect(vi.mocked(up.pings).mock.calls.flatMap(([items]) => items.map((i) => i.id))).toEqual([
      'p1',
      'p2',
      'p3',
      'p4',
    ]);
    expect(up.evento).toHaveBeenCalledTimes(1);
    expect(await store.list()).toEqual([]);
  });

  it('leaves a photo whose upload failed midway for the next flush', async () => {
    const store = memoryStore();
    await store.put(evento);
    await store.put(cmr);
    const result = await flushQueue(
      store,
      senders({ cmr: vi.fn(async () => Promise.reject(offline)) }),
    );
    expect(result.sent).toBe(1);
    expect((await store.list()).map((i) => i.id)).toEqual(['c1']);
  });

  it('drops what the server refuses for good and reports it', async () => {
    const store = memoryStore();
    await store.put(ping(1));
    await store.put(evento);
    const result = await flushQueue(
      store,
      senders({ evento: vi.fn(async () => Promise.reject(gone)) }),
    );
    expect(result.failed).toEqual([{ item: evento, message: 'El enlace ha caducado.' }]);
    expect(await store.list()).toEqual([]);
  });
});
