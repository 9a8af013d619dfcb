import { publicKeyText, userIdOfKey } from '../../sync/signing/keyIdentity';
import type { PageSigner } from '../../sync/signing/signatures';
import { toBase64 } from '../../sync/mesh/roomCrypto';

/** Where each user's signing key lives in this browser: one IndexedDB record per user id. */
const DATABASE = 'game-room-keys';
const STORE = 'keys';

/** A stored key pair: the private key stays a non-extractable CryptoKey; the public key is kept as entries name it. */
type StoredKey = { privateKey: CryptoKey; key: string; algorithm: 'ed25519' | 'p256' };

const ED25519 = { name: 'Ed25519' } as const;
const ECDSA_P256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;

// Ed25519 where the browser has it (Chromium, Firefox, Safari 17+), else ECDSA P-256 (every WebCrypto has it).
async function makeKey(): Promise<StoredKey> {
  try {
    const pair = (await crypto.subtle.generateKey(ED25519, false, ['sign', 'verify'])) as CryptoKeyPair;
    const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
    return { privateKey: pair.privateKey, key: publicKeyText('ed25519', raw), algorithm: 'ed25519' };
  } catch {
    const pair = await crypto.subtle.generateKey(ECDSA_P256, false, ['sign', 'verify']);
    const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
    return { privateKey: pair.privateKey, key: publicKeyText('p256', raw), algorithm: 'p256' };
  }
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

async function openKeys(): Promise<IDBDatabase> {
  const open = indexedDB.open(DATABASE, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  return request(open);
}

const isStoredKey = (value: unknown): value is StoredKey =>
  typeof value === 'object' &&
  value !== null &&
  (value as StoredKey).privateKey instanceof CryptoKey &&
  typeof (value as StoredKey).key === 'string';

/**
 * This user's key in this browser: read from IndexedDB, or made and stored on first use. Two tabs making it at once
 * both store theirs; `add` keeps the first, and the second tab reads it back, so one user has one key per browser.
 */
async function loadKey(userId: string): Promise<StoredKey> {
  const db = await openKeys();
  try {
    const found: unknown = await request(db.transaction(STORE).objectStore(STORE).get(userId));
    if (isStoredKey(found)) return found;
    const made = await makeKey();
    try {
      await request(db.transaction(STORE, 'readwrite').objectStore(STORE).add(made, userId));
      return made;
    } catch {
      const stored: unknown = await request(db.transaction(STORE).objectStore(STORE).get(userId));
      return isStoredKey(stored) ? stored : made;
    }
  } finally {
    db.close();
  }
}

function signerOf({ privateKey, key, algorithm }: StoredKey): PageSigner {
  const params = algorithm === 'ed25519' ? ED25519 : { name: 'ECDSA', hash: 'SHA-256' };
  const encoder = new TextEncoder();
  return {
    key,
    sign: async (text) =>
      toBase64(new Uint8Array(await crypto.subtle.sign(params, privateKey, encoder.encode(text)))),
  };
}

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
        return makeKey();
      })
      .then(signerOf);
    signers.set(userId, signer);
  }
  return signer;
}

/** Stores a key under a user id, replacing any. */
async function storeKey(key: StoredKey, userId: string): Promise<void> {
  const db = await openKeys();
  try {
    await request(db.transaction(STORE, 'readwrite').objectStore(STORE).put(key, userId));
  } finally {
    db.close();
  }
}

let premade: Promise<StoredKey> | null = null;

/** Starts making the next user's key while their name is typed, so Go does not wait for WebCrypto. */
export function prepareUserKey(): void {
  premade ??= makeKey();
}

/**
 * A new user's id, made from a fresh key (userIdOfKey), which is stored under it: nobody can sit or act in this id
 * without this browser's private key. A private window that refuses IndexedDB keeps the key for this page only.
 */
export async function newUserId(): Promise<string> {
  const made = await (premade ?? makeKey());
  premade = null;
  const id = userIdOfKey(made.key);
  signers.set(id, Promise.resolve(signerOf(made)));
  try {
    await storeKey(made, id);
  } catch (error) {
    console.warn('No stored signing key; this user keeps their key for this page only', error);
  }
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
