// A seat's deck key (docs/hidden-tiles.md): a scalar x derived from the seat's round secret, published as y = x·G
// with a proof that the seat knows x. The deck is masked under the joint key Y, the sum of every seat's y, so opening
// a tile needs every seat's share.
import { PASSED, failed, keyContextBytes, type KeyContext, type Verdict } from './contexts';
import {
  BASE,
  IDENTITY,
  decodeKey,
  decodePoint,
  decodeScalar,
  encodePoint,
  encodeScalar,
  hashToScalar,
  timesSecret,
  type Element,
} from './group';
import { PROOF_SCALARS, decodeProof, encodeProof, proveKnowledge, verifyKnowledge } from './proofs';

/** A seat's deck key as its page keeps it: the secret scalar and the public key, both as text. */
export type SeatKey = { secret: string; key: string };

/** A seat's public deck key as the room publishes it: the key and the proof that its seat knows the secret. */
export type PublishedKey = { key: string; proof: string };

/** Fewest bytes of a round secret a key derives from. */
export const MIN_SECRET_BYTES = 16;

/** The seat key derived from a round secret: the same secret always gives the same key. */
export function deriveSeatKey(roundSecret: Uint8Array): SeatKey {
  if (roundSecret.length < MIN_SECRET_BYTES) throw new RangeError('A round secret too short for a key');
  const x = hashToScalar('game-room/masked-deck/v1/seat-key', [roundSecret]);
  return { secret: encodeScalar(x), key: encodePoint(timesSecret(BASE, x)) };
}

/** The secret scalar and public element of a key this page holds; throws for a key it did not derive. */
export function unpackSeatKey(seatKey: SeatKey): { x: bigint; y: Element } {
  const x = decodeScalar(seatKey.secret);
  const y = decodeKey(seatKey.key);
  if (x === null || x === 0n || y === null || !timesSecret(BASE, x).equals(y.point))
    throw new RangeError('Not a seat key');
  return { x, y };
}

/** The key with its proof, bound to its room, round and seat. */
export function publishSeatKey(seatKey: SeatKey, context: KeyContext): PublishedKey {
  const { x, y } = unpackSeatKey(seatKey);
  return { key: seatKey.key, proof: encodeProof(proveKnowledge(x, y, keyContextBytes(context))) };
}

/**
 * Whether a published key may be used: a valid point, not the identity, with a proof of its secret for this very
 * context. Without the proof the last seat to publish could choose its key as y = z·G minus the others' keys, so
 * that the joint key is z·G and it alone opens every tile (the rogue-key attack); a proof of knowledge of its own x
 * rules that out, and its binding to the context stops a seat copying another seat's key and proof.
 */
export function verifySeatKey(published: PublishedKey, context: KeyContext): Verdict<'malformed' | 'proof'> {
  const y = decodeKey(published.key);
  const proof = decodeProof(published.proof, PROOF_SCALARS.knowledge);
  if (y === null || proof === null) return failed('malformed');
  return verifyKnowledge(y, proof, keyContextBytes(context)) ? PASSED : failed('proof');
}

/** The joint key, the sum of the seats' keys, or null when a key is malformed or the sum is the identity. */
export function jointKey(keys: readonly string[]): string | null {
  let sum = IDENTITY;
  for (const key of keys) {
    const y = decodePoint(key);
    if (y === null) return null;
    sum = sum.add(y.point);
  }
  return sum.is0() ? null : encodePoint(sum);
}
