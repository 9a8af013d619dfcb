// Making a key pair and signing with it, with WebCrypto: a user's key (kept in IndexedDB by the app) and a page's key
// for its presence (kept in memory for the page's life) are made and used the same way.
import { publicKeyText } from './keyIdentity';
import { toBase64 } from '../mesh/roomCrypto';
import type { PageSigner } from './signatures';

/** A key pair: the private key stays a non-extractable CryptoKey; the public key is kept as entries name it. */
export type SigningKey = { privateKey: CryptoKey; key: string; algorithm: 'ed25519' | 'p256' };

const ED25519 = { name: 'Ed25519' } as const;
const ECDSA_P256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;

/** A fresh key pair: Ed25519 where the browser has it (Chromium, Firefox, Safari 17+), else ECDSA P-256 (every WebCrypto has it). */
export async function makeSigningKey(): Promise<SigningKey> {
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

/** What signs with a key pair: its public key and a signature (base64) of a text. */
export function signerOf({ privateKey, key, algorithm }: SigningKey): PageSigner {
  const params = algorithm === 'ed25519' ? ED25519 : { name: 'ECDSA', hash: 'SHA-256' };
  const encoder = new TextEncoder();
  return {
    key,
    sign: async (text) =>
      toBase64(new Uint8Array(await crypto.subtle.sign(params, privateKey, encoder.encode(text)))),
  };
}
