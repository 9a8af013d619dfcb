import { idbRequest, keepFirst, openIdbStore } from '../../sync/indexedDb';
import { userIdOfKey } from '../../sync/signing/keyIdentity';
import type { PageSigner } from '../../sync/signing/signatures';
import { makeSigningKey, signerOf, type SigningKey } from '../../sync/signing/signingKey';

/** Where each user's signing key lives in this browser: one IndexedDB record per user id. */
const DATABASE = 'game-room-keys';
const STORE = 'keys';

const openKeys = (): Promise<IDBDatabase> => openIdbStore(DATABASE, STORE);

const isSigningKey = (value: unknown): value is SigningKey =>
  typeof value === 'object' &&
  value !== null &&
  (value as SigningKey).privateKey instanceof CryptoKey &&
  typeof (value as SigningKey).key === 'string';

/** This user's key in this browser: read from IndexedDB, or made and kept on first use (one per user and browser). */
const loadKey = (userId: string): Promise<SigningKey> =>
  keepFirst(DATABASE, STORE, userId, isSigningKey, makeSigningKey);

const signers = new Map<string, Promise<PageSigner>>();

/**
 * The signer of this user's seat actions on this page: a key pair made with WebCrypto, kept per user and browser.
 * Without IndexedDB (a private window that refuses it) the key lives as long as the page.
 */
export function pageSigner(userId: string): Promise<PageSigner> {
  let signer = signers.get(userId);
  if (!signer) {
    signer = loadKey(userId)
      .catch(async (error: unknown) => {
        console.warn('No stored signing key; this page uses a key of its own', error);
        return makeSigningKey();
      })
      .then(signerOf);
    signers.set(userId, signer);
  }
  return signer;
}

/** Stores a key under a user id, replacing any. */
async function storeKey(key: SigningKey, userId: string): Promise<void> {
  const db = await openKeys();
  try {
    await idbRequest(db.transaction(STORE, 'readwrite').objectStore(STORE).put(key, userId));
  } finally {
    db.close();
  }
}

/** A key made for the next user, with the id it gives them (hashing it takes milliseconds: done ahead too). */
type UserKey = { made: SigningKey; id: string };
const makeUserKey = (): Promise<UserKey> =>
  makeSigningKey().then((made) => ({ made, id: userIdOfKey(made.key) }));
let premade: Promise<UserKey> | null = null;

/** Starts making the next user's key while their name is typed, so Go does not wait for WebCrypto. */
export function prepareUserKey(): void {
  premade ??= makeUserKey();
}

/** The id the next user will have (newUserId), from the key made for them (prepareUserKey), not stored yet. */
export async function nextUserId(): Promise<string> {
  return (await (premade ??= makeUserKey())).id;
}

/**
 * A new user's id, made from a fresh key (userIdOfKey), which is stored under it: nobody can sit or act in this id
 * without this browser's private key. A private window that refuses IndexedDB keeps the key for this page only.
 * Go does not wait for the write: this page signs with the key it holds. Should the page close within the
 * milliseconds before the write lands, the next start finds no key for the stored id and gives the user the id of a new
 * key (upgradedUserId): they come back as a new person, and a seat taken in the old id is freed as any departed seat.
 */
export async function newUserId(): Promise<string> {
  const { made, id } = await (premade ?? makeUserKey());
  premade = null;
  signers.set(id, Promise.resolve(signerOf(made)));
  storeKey(made, id).catch((error: unknown) =>
    console.warn('No stored signing key; this user keeps their key for this page only', error),
  );
  return id;
}

/**
 * The id a user stored before ids were made from keys should now have: the id of their stored key (made now if they
 * had none), stored under it too. Null when the id is already their key's, or when this browser stores no keys.
 */
export async function upgradedUserId(userId: string): Promise<string | null> {
  try {
    const stored = await loadKey(userId);
    const id = userIdOfKey(stored.key);
    if (id === userId) return null;
    await storeKey(stored, id);
    return id;
  } catch {
    return null;
  }
}
