// A seat's round secret for a masked deck (docs/hidden-tiles.md): 32 random bytes its page makes when the round first
// asks for its seat's key, kept in IndexedDB under the room, the round and the seat, so that a reload takes its part
// again. A page that cannot use IndexedDB (a private window that refuses it) keeps it in memory for its life.
import { keepFirst } from '../../sync/indexedDb';

const DATABASE = 'game-room-rounds';
const STORE = 'secrets';
const SECRET_BYTES = 32;

const memory = new Map<string, Uint8Array>();
const loading = new Map<string, Promise<Uint8Array>>();
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

/** A seat's round secret on this page: kept in this browser, or made and kept now. */
export function roundSecret(key: string): Promise<Uint8Array> {
  const known = memory.get(key);
  if (known) return Promise.resolve(known);
  let pending = loading.get(key);
  if (!pending) {
    pending = keep(key)
      .catch((error: unknown) => {
        console.warn('No stored round secret; this page keeps its own', error);
        return crypto.getRandomValues(new Uint8Array(SECRET_BYTES));
      })
      .then((secret) => {
        memory.set(key, secret);
        loading.delete(key);
        version++;
        for (const listener of [...listeners]) listener();
        return secret;
      });
    loading.set(key, pending);
  }
  return pending;
}
