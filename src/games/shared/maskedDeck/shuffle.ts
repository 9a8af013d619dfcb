// One seat's shuffle (docs/hidden-tiles.md): a permutation of the deck and a fresh mask on every ciphertext, both
// drawn from the seat's shuffle seed, so the seat's output is a function of its input and its seed. The seed stays
// secret until the round ends (it tells where every tile went); then every page recomputes the shuffle from it and
// compares. The commitment published with the output binds the seat to that seed beforehand.
import { sha512, sha256 } from '@noble/hashes/sha2.js';
import { bytesToNumberLE, concatBytes } from '@noble/curves/utils.js';
import { shuffledBy, unbiasedBelow } from '../sharedLuck';
import { PASSED, failed, type Verdict } from './contexts';
import { decodeDeck, encodeDeck, type Ciphertext } from './deck';
import {
  BASE,
  decodeKey,
  framed,
  fromBase64Url,
  modL,
  times,
  timesSecret,
  toBase64Url,
  utf8,
  type Point,
} from './group';

/** Bytes of a shuffle seed. */
export const SEED_BYTES = 32;

const SEED_TAG = utf8('game-room/masked-deck/v1/shuffle-seed');
const COMMITMENT_TAG = utf8('game-room/masked-deck/v1/shuffle-commitment');

/**
 * A stream of numbers from a seed: SHA-512 blocks of the seed and a counter. Whole numbers below a bound come from
 * its 32-bit words as shared luck draws them; a scalar takes a whole block reduced mod L (64 bytes, so the bias is
 * 2^-259).
 */
function seedStream(seed: Uint8Array): { below: (n: number) => number; scalar: () => bigint } {
  const key = framed([SEED_TAG, seed]);
  let counter = 0;
  let block = new Uint8Array(0);
  let at = 0;
  const nextBlock = () => {
    const count = new Uint8Array(4);
    new DataView(count.buffer).setUint32(0, counter++);
    block = sha512(concatBytes(key, count));
    at = 0;
  };
  const word = () => {
    if (at + 4 > block.length) nextBlock();
    const value = new DataView(block.buffer, block.byteOffset).getUint32(at);
    at += 4;
    return value;
  };
  const scalar = () => {
    for (;;) {
      nextBlock();
      at = block.length;
      const r = modL(bytesToNumberLE(block));
      if (r !== 0n) return r;
    }
  };
  return { below: unbiasedBelow(word), scalar };
}

/** The published commitment to a shuffle seed: SHA-256 of the seed under the deck's tag, as base64url. */
export const seedCommitment = (seed: Uint8Array): string =>
  toBase64Url(sha256(framed([COMMITMENT_TAG, seed])));

const positions = (n: number, below: (n: number) => number): number[] =>
  shuffledBy(
    Array.from({ length: n }, (_, i) => i),
    below,
  );

/** Where a seed's shuffle takes each tile: output position i holds input position permutation[i]. */
export const shufflePermutation = (n: number, seed: Uint8Array): number[] =>
  positions(n, seedStream(seed).below);

/**
 * The shuffled and re-masked ciphertexts' points: output i is input permutation[i] plus (r·G, r·Y). The products are
 * constant time while the seed is the shuffler's secret; `revealed` (checking a shuffle whose seed is public) takes the
 * faster variable-time ones.
 */
function shuffled(
  input: readonly { c1: Point; c2: Point }[],
  y: Point,
  seed: Uint8Array,
  revealed = false,
): { c1: Point; c2: Point }[] {
  const stream = seedStream(seed);
  const permutation = positions(input.length, stream.below);
  const mul = revealed ? times : timesSecret;
  return permutation.map((from) => {
    const r = stream.scalar();
    const { c1, c2 } = input[from];
    return { c1: c1.add(mul(BASE, r)), c2: c2.add(mul(y, r)) };
  });
}

/** The deck shuffled by this seed under the joint key, or null when the deck, key or seed is malformed. */
export function shuffleDeck(deck: string, jointKey: string, seed: Uint8Array): string | null {
  const input = decodeDeck(deck);
  const y = decodeKey(jointKey);
  if (input === null || y === null || seed.length !== SEED_BYTES) return null;
  return encodeDeck(shuffled(pointsOf(input), y.point, seed));
}

const pointsOf = (deck: readonly Ciphertext[]) => deck.map(({ c1, c2 }) => ({ c1: c1.point, c2: c2.point }));

/** Why a shuffle does not hold: unreadable data, a seed that is not the one committed to, or another output. */
export type ShuffleFault = 'malformed' | 'commitment' | 'mismatch';

/**
 * Whether output is input shuffled by the revealed seed (base64url) under the joint key, the seed being the one the
 * commitment was made to.
 */
export function verifyShuffle(
  input: string,
  output: string,
  jointKey: string,
  seed: string,
  commitment: string,
): Verdict<ShuffleFault> {
  const seedBytes = fromBase64Url(seed, SEED_BYTES);
  if (seedBytes === null) return failed('malformed');
  if (seedCommitment(seedBytes) !== commitment) return failed('commitment');
  const before = decodeDeck(input);
  const y = decodeKey(jointKey);
  if (before === null || y === null) return failed('malformed');
  return shuffledTo(pointsOf(before), output, y.point, seedBytes) ? PASSED : failed('mismatch');
}

/**
 * The points of output when it is before shuffled by seed under key y, else null. Compares texts: encoding the
 * expected deck costs half of decoding the output, and its points are the next shuffle's input, decoded by nobody.
 */
export function shuffledTo(
  before: readonly { c1: Point; c2: Point }[],
  output: unknown,
  y: Point,
  seed: Uint8Array,
): { c1: Point; c2: Point }[] | null {
  const expected = shuffled(before, y, seed, true);
  return encodeDeck(expected) === output ? expected : null;
}
