// Luck no page chooses (docs/fair-play.md): every seated page commits to a secret before it is needed (the hash of 32
// random bytes, published when it sits down and again with each reveal); when luck is needed each reveals its secret,
// and the outcome is a function of all of them, which every fold recomputes. Pure: no clock, no randomness here.
import { sha256 } from '@noble/hashes/sha2.js';
import { reasonsOf, type Reason } from '../../i18n/reasons';
import { fromBase64, toBase64 } from '../../sync/mesh/roomCrypto';

/** Bytes in a secret. */
const SECRET_BYTES = 32;

/** Refusals of reveals and commitments that do not hold; quiet (another page's code wrote them). */
export const LUCK_REASONS = {
  ...reasonsOf('badCommitment', 'noCommitment', 'badReveal', 'alreadyRevealed', 'nothingToReveal'),
  // Luck a page chose (only a test build takes it), and calling a draw off.
  ...reasonsOf('chosenLuck', 'oneWitness'),
  notAWitness: { key: 'notADrawWitness' },
} as const satisfies Record<string, Reason>;

/**
 * Fewest players who revealed that must all say a draw waited too long before it is called off. With one, the word of
 * one page would cost another player a round: a reveal still on its way and a withheld one look the same without a
 * clock every page trusts, so a table of two waits for the withholder's reveal or departure instead.
 */
export const MIN_WITNESSES = 2;

/** Whether a value is a commitment as entries carry it: a SHA-256 digest in base64. */
export function isCommitment(value: unknown): value is string {
  if (typeof value !== 'string' || value.length !== 44) return false;
  try {
    return fromBase64(value).length === 32;
  } catch {
    return false;
  }
}

/** The commitment to a secret (base64 of 32 bytes): its SHA-256, in base64. Null for a value that is no secret. */
export function commitmentTo(secret: unknown): string | null {
  if (typeof secret !== 'string' || secret.length !== 44) return null;
  try {
    const bytes = fromBase64(secret);
    return bytes.length === SECRET_BYTES ? toBase64(sha256(bytes)) : null;
  } catch {
    return null;
  }
}

/** Whether secret is the one commitment was made to. */
export const reveals = (secret: unknown, commitment: string): secret is string =>
  commitmentTo(secret) === commitment;

/**
 * A draw of whole numbers from the reveals, by seat: SHA-256 of the game's name and each seat with its secret seeds a
 * stream of SHA-256 blocks, read as 32-bit words, each number drawn without bias by rejection. The seed binds the draw
 * to its game and to whose secret is whose: the same secrets give another draw in another game or in other seats.
 */
export function drawFrom(game: string, secrets: Readonly<Record<string, string>>): (below: number) => number {
  const seats = Object.keys(secrets).sort();
  const seed = sha256(
    new TextEncoder().encode(JSON.stringify([game, seats.map((seat) => [seat, secrets[seat]])])),
  );
  let block = new Uint8Array(0);
  let counter = 0;
  let at = 0;
  const word = (): number => {
    if (at + 4 > block.length) {
      const input = new Uint8Array(seed.length + 4);
      input.set(seed);
      new DataView(input.buffer).setUint32(seed.length, counter++);
      block = sha256(input);
      at = 0;
    }
    const value = new DataView(block.buffer, block.byteOffset).getUint32(at);
    at += 4;
    return value;
  };
  return unbiasedBelow(word);
}

/** Whole numbers below a bound from a stream of 32-bit words, without bias: a word that would favour some is skipped. */
export function unbiasedBelow(word: () => number): (below: number) => number {
  return (below) => {
    // The largest multiple of `below` that fits in 32 bits: words past it would favour the small numbers.
    const limit = Math.floor(0x1_0000_0000 / below) * below;
    for (;;) {
      const value = word();
      if (value < limit) return value % below;
    }
  };
}

/** The items shuffled (Fisher-Yates) by a draw. */
export function shuffledBy<T>(items: readonly T[], below: (n: number) => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = below(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * Whether entries may carry luck a test chose (an Okey deal's order, Backgammon's dice): only in the test-hooks build
 * and the unit tests. What `npm start` serves refuses them.
 */
export const chosenLuckAllowed = (): boolean => typeof __TEST_HOOKS__ !== 'undefined' && __TEST_HOOKS__;
