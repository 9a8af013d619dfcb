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

/** The value kept under `key` in database `name`'s store, or null when none (or none of the right kind) is. */
export async function readKept<T>(
  name: string,
  store: string,
  key: string,
  isValue: (value: unknown) => value is T,
): Promise<T | null> {
  const db = await openIdbStore(name, store);
  try {
    const found: unknown = await idbRequest(db.transaction(store).objectStore(store).get(key));
    return isValue(found) ? found : null;
  } finally {
    db.close();
  }
}

/**
 * The value kept under `key` in database `name`'s store, or one made now and kept: two tabs making one at once both
 * `add` theirs, the first is kept, and the second reads it back, so a browser keeps one value per key.
 */
export async function keepFirst<T>(
  name: string,
  store: string,
  key: string,
  isValue: (value: unknown) => value is T,
  make: () => T | Promise<T>,
): Promise<T> {
  const found = await readKept(name, store, key, isValue);
  if (found !== null) return found;
  const db = await openIdbStore(name, store);
  try {
    const made = await make();
    try {
      await idbRequest(db.transaction(store, 'readwrite').objectStore(store).add(made, key));
      return made;
    } catch {
      const stored: unknown = await idbRequest(db.transaction(store).objectStore(store).get(key));
      return isValue(stored) ? stored : made;
    }
  } finally {
    db.close();
  }
}
