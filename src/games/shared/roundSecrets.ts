// A seat's round secret for a masked deck (docs/hidden-tiles.md): 32 random bytes its page makes when the round first
// asks for its seat's key, kept in IndexedDB under the room, the round and the seat, so that a reload takes its part
// again. A page that cannot use IndexedDB (a private window that refuses it) keeps it in memory for its life.
import { keepFirst, readKept } from '../../sync/indexedDb';

const DATABASE = 'game-room-rounds';
const STORE = 'secrets';
const SECRET_BYTES = 32;

const memory = new Map<string, Uint8Array>();
const loading = new Map<string, Promise<Uint8Array | null>>();
const listeners = new Set<() => void>();
let version = 0;

/** Calls listener whenever this page comes to hold another secret (a board then reads its rack); the unsubscribe. */
export function subscribeRoundSecrets(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How many secrets this page has come to hold: changes exactly when subscribers are told. */
export const roundSecretsVersion = (): number => version;

/** Where a seat's secret of a round is kept. */
export const roundSecretKey = (room: string, round: number, seat: string): string =>
  `${room}/${round}/${seat}`;

const isSecret = (value: unknown): value is Uint8Array =>
  value instanceof Uint8Array && value.length === SECRET_BYTES;

/** The secret this page holds now under key, or null until roundSecret(key) has loaded or made it. */
export const knownRoundSecret = (key: string): Uint8Array | null => memory.get(key) ?? null;

/** The kept secret, or a fresh one kept now: two tabs making one at once both read back the first kept. */
const keep = (key: string): Promise<Uint8Array> =>
  keepFirst(DATABASE, STORE, key, isSecret, () => crypto.getRandomValues(new Uint8Array(SECRET_BYTES)));

/**
 * A seat's round secret on this page: kept in this browser, or (`make`) made and kept now. Without `make`, null when
 * none is kept: a secret made after the deck was keyed could only send what the deck refuses.
 */
export function roundSecret(key: string, make: boolean): Promise<Uint8Array | null> {
  const known = memory.get(key);
  if (known) return Promise.resolve(known);
  // A read that finds nothing must not answer a call that makes one.
  const loadingKey = `${make ? 'make' : 'read'} ${key}`;
  let pending = loading.get(loadingKey);
  if (!pending) {
    const fresh = () => crypto.getRandomValues(new Uint8Array(SECRET_BYTES));
    pending = (make ? keep(key) : readKept(DATABASE, STORE, key, isSecret))
      .catch((error: unknown) => {
        console.warn('No stored round secret; this page keeps its own', error);
        return make ? fresh() : null;
      })
      .then((secret) => {
        loading.delete(loadingKey);
        if (secret === null) return null;
        memory.set(key, secret);
        version++;
        for (const listener of [...listeners]) listener();
        return secret;
      });
    loading.set(loadingKey, pending);
  }
  return pending;
}
