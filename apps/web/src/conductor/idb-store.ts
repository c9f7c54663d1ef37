import { memoryStore, type QueueItem, type QueueStore } from './queue';

const STORE = 'cola';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB'));
  });
}

/**
 * The queue in IndexedDB, one database per link (a phone may hold two transports' links):
 * it survives a closed tab, a reload and a night without network. Memory when IndexedDB is
 * unavailable (private mode of some browsers).
 */
export async function openQueueStore(key: string): Promise<QueueStore> {
  if (typeof indexedDB === 'undefined') return memoryStore();
  let db: IDBDatabase;
  try {
    const open = indexedDB.open(`extranet-conductor-${key}`, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: 'id' });
    db = await request(open);
  } catch {
    return memoryStore();
  }
  return {
    async put(item) {
      const tx = db.transaction(STORE, 'readwrite');
      tx.objectStore(STORE).put(item);
      await done(tx);
    },
    async list() {
      const tx = db.transaction(STORE, 'readonly');
      const items = (await request(tx.objectStore(STORE).getAll())) as QueueItem[];
      return items.sort((a, b) => a.seq - b.seq);
    },
    async delete(ids) {
      if (ids.length === 0) return;
      const tx = db.transaction(STORE, 'readwrite');
      const store = tx.objectStore(STORE);
      for (const id of ids) store.delete(id);
      await done(tx);
    },
  };
}
