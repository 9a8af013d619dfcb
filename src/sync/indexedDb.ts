// The few IndexedDB steps the app takes (signing keys, kept folds, round secrets), as promises.

/** A request's result, or its error. */
export function idbRequest<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** Database `name` at version 1, with its one object store `store` (made on first open). */
export function openIdbStore(name: string, store: string): Promise<IDBDatabase> {
  const open = indexedDB.open(name, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(store);
  return idbRequest(open);
}
