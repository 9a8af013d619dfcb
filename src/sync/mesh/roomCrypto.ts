/**
 * Optional room password: every signalling and BroadcastChannel payload is sealed with a key derived
 * from the password and the room name, so a peer without the password can neither read nor forge them.
 */

const PBKDF2_ITERATIONS = 100_000;
const IV_BYTES = 12;
const textEncoder = new TextEncoder();
const textDecoder = new TextDecoder();

/** Derives the room's AES-GCM 256 key: PBKDF2(password, salt = room name, 100000 iterations, SHA-256). */
export async function deriveRoomKey(password: string, roomName: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', textEncoder.encode(password), 'PBKDF2', false, [
    'deriveKey',
  ]);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', salt: textEncoder.encode(roomName), iterations: PBKDF2_ITERATIONS, hash: 'SHA-256' },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** Seals data (anything JSON can hold) as base64 of a fresh 12-byte IV followed by the AES-GCM ciphertext. */
export async function encrypt(key: CryptoKey, data: unknown): Promise<string> {
  return toBase64(await sealBytes(key, textEncoder.encode(JSON.stringify(data))));
}

/** Opens what encrypt sealed; null for a wrong key, tampering or anything that is not such a string. Never throws. */
export async function decrypt(key: CryptoKey, sealed: unknown): Promise<unknown> {
  if (typeof sealed !== 'string') return null;
  try {
    const plain = await openBytes(key, fromBase64(sealed));
    return plain === null ? null : (JSON.parse(textDecoder.decode(plain)) as unknown);
  } catch {
    return null;
  }
}

/**
 * Seals bytes as a fresh 12-byte IV followed by the AES-GCM ciphertext. context (e.g. who sends to whom) is
 * authenticated, not sent: what is opened under another context does not open.
 */
export async function sealBytes(
  key: CryptoKey,
  plain: Uint8Array<ArrayBuffer>,
  context = '',
): Promise<Uint8Array> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const additionalData = textEncoder.encode(context);
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, key, plain),
  );
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return out;
}

/** Opens what sealBytes sealed under the same context; null for a wrong key or context, or tampering. Never throws. */
export async function openBytes(
  key: CryptoKey,
  sealed: Uint8Array<ArrayBuffer>,
  context = '',
): Promise<Uint8Array | null> {
  if (sealed.length <= IV_BYTES) return null;
  try {
    const iv = sealed.subarray(0, IV_BYTES);
    const additionalData = textEncoder.encode(context);
    const algorithm = { name: 'AES-GCM', iv, additionalData };
    return new Uint8Array(await crypto.subtle.decrypt(algorithm, key, sealed.subarray(IV_BYTES)));
  } catch {
    return null;
  }
}

// btoa/atob take binary strings; building them in slices keeps String.fromCharCode's argument list short.
/** Bytes as base64 text. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Base64 text as bytes; throws on text that is not base64. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
