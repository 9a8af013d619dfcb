// A masked deck as plain data (docs/hidden-tiles.md): n ElGamal ciphertexts (c1, c2) = (r·G, tile + r·Y) under the
// joint key Y, each 64 canonical bytes, the deck one base64url text of them all. The starting deck is every tile in
// index order with no mask at all, (identity, tile): the shuffles hide it.
import { concatBytes } from '@noble/curves/utils.js';
import {
  ELEMENT_BYTES,
  IDENTITY,
  fromBase64Url,
  pointFromBytes,
  toBase64Url,
  type Element,
  type Point,
} from './group';
import { isDeckSize, tilePoint } from './tiles';

/** One masked tile: c1 = r·G and c2 = tile + r·Y. */
export type Ciphertext = { c1: Element; c2: Element };

/** Bytes of one ciphertext. */
const CIPHERTEXT_BYTES = 2 * ELEMENT_BYTES;

/** Characters of a deck of n tiles as text. */
const deckChars = (n: number): number => Math.ceil((n * CIPHERTEXT_BYTES * 4) / 3);

/**
 * 64 bytes as a ciphertext, or null. c1 may be the identity (an unshuffled tile); c2 never is, as no tile is the
 * identity and a mask makes it so only with negligible chance.
 */
function ciphertextFromBytes(bytes: Uint8Array): Ciphertext | null {
  const c1 = pointFromBytes(bytes.subarray(0, ELEMENT_BYTES), true);
  const c2 = pointFromBytes(bytes.subarray(ELEMENT_BYTES, CIPHERTEXT_BYTES));
  return c1 === null || c2 === null ? null : { c1, c2 };
}

/** Ciphertexts' points as a deck's text. */
export function encodeDeck(ciphertexts: readonly { c1: Point; c2: Point }[]): string {
  return toBase64Url(concatBytes(...ciphertexts.flatMap((c) => [c.c1.toBytes(), c.c2.toBytes()])));
}

/** The number of tiles a deck text holds when its length is that of a deck, else null; decodes nothing. */
export function deckSize(deck: unknown): number | null {
  if (typeof deck !== 'string') return null;
  const n = Math.floor((deck.length * 3) / 4 / CIPHERTEXT_BYTES);
  return isDeckSize(n) && deck.length === deckChars(n) ? n : null;
}

/** A deck's text as its n ciphertexts, or null for any malformed byte (n from its length, at most MAX_TILES). */
export function decodeDeck(deck: unknown): Ciphertext[] | null {
  const n = deckSize(deck);
  const bytes = n === null ? null : fromBase64Url(deck, n * CIPHERTEXT_BYTES);
  if (n === null || bytes === null) return null;
  const out: Ciphertext[] = [];
  for (let i = 0; i < n; i++) {
    const ciphertext = ciphertextFromBytes(bytes.subarray(i * CIPHERTEXT_BYTES, (i + 1) * CIPHERTEXT_BYTES));
    if (ciphertext === null) return null;
    out.push(ciphertext);
  }
  return out;
}

// The positions read from the last few decks: a round reads its final deck's positions hundreds of times (every
// check of a share, every look at what the deck owes), and each read would decode the whole deck's text again.
const MAX_DECKS_READ = 8;
const decksRead = new Map<string, Map<number, string | null>>();

/** The ciphertext at a position of a deck as its own text, or null (decodes only that ciphertext's points). */
export function ciphertextAt(deck: unknown, position: number): string | null {
  if (typeof deck !== 'string') return null;
  let read = decksRead.get(deck);
  if (read === undefined) {
    if (decksRead.size >= MAX_DECKS_READ) decksRead.clear();
    decksRead.set(deck, (read = new Map()));
  }
  if (!read.has(position)) read.set(position, readCiphertextAt(deck, position));
  return read.get(position)!;
}

function readCiphertextAt(deck: string, position: number): string | null {
  const n = deckSize(deck);
  const bytes = n === null ? null : fromBase64Url(deck, n * CIPHERTEXT_BYTES);
  if (n === null || bytes === null || !Number.isInteger(position) || position < 0 || position >= n)
    return null;
  const one = bytes.subarray(position * CIPHERTEXT_BYTES, (position + 1) * CIPHERTEXT_BYTES);
  return ciphertextFromBytes(one) === null ? null : toBase64Url(one);
}

/** A ciphertext's text as its points, or null. */
export function decodeCiphertext(text: unknown): Ciphertext | null {
  const bytes = fromBase64Url(text, CIPHERTEXT_BYTES);
  return bytes === null ? null : ciphertextFromBytes(bytes);
}

/** The points of the deck every round starts from: tiles 0 to n - 1 in order, unmasked. */
export function startingPoints(n: number): { c1: Point; c2: Point }[] {
  if (!isDeckSize(n)) throw new RangeError(`No deck of ${n} tiles`);
  return Array.from({ length: n }, (_, t) => ({ c1: IDENTITY, c2: tilePoint(t) }));
}

/** The deck every round starts from, as text (startingPoints). */
export const startingDeck = (n: number): string => encodeDeck(startingPoints(n));
