const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A random string of `length` characters from 0-9a-z, drawn from the browser's CSPRNG. */
export function randomId(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  // 252 is the largest multiple of 36 below 256; rejecting above it keeps every character equally likely.
  let out = '';
  for (const b of bytes) if (b < 252) out += ALPHABET[b % 36];
  return out.length === length ? out : out + randomId(length - out.length);
}

/** A fresh room id: 6 characters of 0-9a-z. */
export const newRoomId = (): string => randomId(6);
