// Who a public key is, in the few lines the login page needs: a key's text as entries name it, and the user id made
// from it. Kept apart from signatures.ts so the login page loads no curve arithmetic.
import { sha256 } from '@noble/hashes/sha2.js';
import { toBase64 } from '../mesh/roomCrypto';

/** Raw public key lengths: Ed25519's 32 bytes, P-256's uncompressed point. */
export const KEY_BYTES = { ed25519: 32, p256: 65 } as const;

/** A public key as entries name it: `ed25519:` or `p256:` and the raw key in base64. */
export const publicKeyText = (algorithm: keyof typeof KEY_BYTES, raw: Uint8Array): string =>
  `${algorithm}:${toBase64(raw)}`;

/** Characters in a user id: 25 of 0-9a-z, as the login page has always made them. */
const USER_ID_LENGTH = 25;

/**
 * The user id a public key stands for: the first 25 base-36 digits of the SHA-256 of its text. A user's id is made
 * from their key (the login page makes the key first), so nobody can sit, act or bind a seat in a user's id without
 * that user's private key: a signature by any other key names another id.
 */
export function userIdOfKey(key: string): string {
  const digest = sha256(new TextEncoder().encode(key));
  let value = 0n;
  for (const byte of digest) value = (value << 8n) | BigInt(byte);
  return value.toString(36).padStart(50, '0').slice(0, USER_ID_LENGTH);
}

/**
 * The presence client id a page's public key stands for: the first 32 bits of the SHA-256 of its text. Each page makes
 * a key of its own as it joins a room, so no page picks its client id (nor takes another page's), and a presence
 * message in a client id is taken only when signed by that id's key.
 */
export function clientIdOfKey(key: string): number {
  const digest = sha256(new TextEncoder().encode(key));
  return new DataView(digest.buffer, digest.byteOffset, 4).getUint32(0);
}
