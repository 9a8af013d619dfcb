import type { Chunk, StorageAdapterInterface, StorageKey } from '@automerge/automerge-repo';

const join = (key: StorageKey) => key.join('\u0000');
const startsWith = (key: StorageKey, prefix: StorageKey) => prefix.every((part, i) => key[i] === part);

/** An in-memory automerge-repo storage adapter: what IndexedDB keeps in the browser, kept in a Map for Node tests. */
export class MemoryStorageAdapter implements StorageAdapterInterface {
  readonly #items = new Map<string, { key: StorageKey; data: Uint8Array }>();

  async load(key: StorageKey): Promise<Uint8Array | undefined> {
    return this.#items.get(join(key))?.data;
  }

  async save(key: StorageKey, data: Uint8Array): Promise<void> {
    this.#items.set(join(key), { key, data });
  }

  async remove(key: StorageKey): Promise<void> {
    this.#items.delete(join(key));
  }

  async loadRange(prefix: StorageKey): Promise<Chunk[]> {
    return [...this.#items.values()]
      .filter((i) => startsWith(i.key, prefix))
      .map((i) => ({ key: i.key, data: i.data }));
  }

  async removeRange(prefix: StorageKey): Promise<void> {
    for (const [k, i] of this.#items) if (startsWith(i.key, prefix)) this.#items.delete(k);
  }
}
