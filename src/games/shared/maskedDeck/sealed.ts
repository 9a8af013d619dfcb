// A share for one receiver, checkable by every page (docs/hidden-tiles.md). Seat i encrypts its share x_i·c1 to the
// receiver j's key: (A, B) = (k·G, x_i·c1 + k·y_j), with a proof that it knows x_i and k behind the three equations.
// Every page checks the proof; only j, knowing x_j, reads D = B - x_j·A. So sealed shares can sit in the shared
// document. When the tile is later opened to all, j publishes D with a proof that B - D = x_j·A, and every page then
// holds the verified share without any other tile being opened.
import { concatBytes } from '@noble/curves/utils.js';
import {
  PASSED,
  failed,
  shareContextBytes,
  shareContextText,
  type ShareContext,
  type Verdict,
} from './contexts';
import { checkedOnce, rememberProof, statementOf } from './checkedProofs';
import { decodeCiphertext } from './deck';
import {
  BASE,
  ELEMENT_BYTES,
  decodeKey,
  decodePoint,
  elementOf,
  encodePoint,
  fromBase64Url,
  hashToScalar,
  pointFromBytes,
  timesSecret,
  toBase64Url,
  type Element,
} from './group';
import { unpackSeatKey, type SeatKey } from './keys';
import {
  PROOF_SCALARS,
  decodeProof,
  encodeProof,
  proveEquality,
  proveSealed,
  verifyEquality,
  verifySealed,
} from './proofs';
import type { PublicShare, ShareFault } from './shares';

/** A sealed share: (A, B) as one 64-byte text, and the proof that it seals the sealer's true share. */
export type SealedShare = { sealed: string; proof: string };

/** (A, B) of a sealed share's text, or null; neither may be the identity (a seal of k = 0 would be no seal). */
function decodeSeal(text: unknown): { a: Element; b: Element } | null {
  const bytes = fromBase64Url(text, 2 * ELEMENT_BYTES);
  if (bytes === null) return null;
  const a = pointFromBytes(bytes.subarray(0, ELEMENT_BYTES));
  const b = pointFromBytes(bytes.subarray(ELEMENT_BYTES));
  return a === null || b === null ? null : { a, b };
}

// Seals this page made, by everything they are made from. A seal is a pure function of those, and one made ahead of
// its moment (a draw foreseen while the drawer still thinks) is then handed out at once when the draw comes, the very
// seal that was signed ahead. Bounded: a round asks a seat for about a hundred seals at most (the other racks' deal and
// the others' draws).
const made = new Map<string, SealedShare | null>();
const MAX_MADE = 256;

/**
 * This seat's share of a ciphertext sealed to the receiver's key, with its proof, bound to context (seat: the
 * sealer, receiver: the one seat that reads it). The seal's k comes from the seed and everything the seal is for, so
 * a seed serves a whole round and each seal still gets its own k. Null if the ciphertext or receiver key is malformed.
 * Made once per page: asked again, it is remembered.
 */
export function sealShare(
  seatKey: SeatKey,
  ciphertext: string,
  receiverKey: string,
  seed: Uint8Array,
  context: ShareContext,
): SealedShare | null {
  const key = statementOf(
    'seal',
    seatKey.key,
    toBase64Url(seed),
    ciphertext,
    receiverKey,
    shareContextText('sealed', context),
  );
  if (made.has(key)) return made.get(key)!;
  if (made.size >= MAX_MADE) made.clear();
  const seal = newSeal(seatKey, ciphertext, receiverKey, seed, context);
  made.set(key, seal);
  return seal;
}

function newSeal(
  seatKey: SeatKey,
  ciphertext: string,
  receiverKey: string,
  seed: Uint8Array,
  context: ShareContext,
): SealedShare | null {
  const c = decodeCiphertext(ciphertext);
  const receiver = decodeKey(receiverKey);
  if (c === null || receiver === null) return null;
  const { x, y } = unpackSeatKey(seatKey);
  const bound = shareContextBytes('sealed', context);
  const k = hashToScalar('game-room/masked-deck/v1/seal', [seed, bound, c.c1.bytes, receiver.bytes]);
  const a = elementOf(timesSecret(BASE, k));
  const b = elementOf(timesSecret(c.c1.point, x).add(timesSecret(receiver.point, k)));
  const proof = proveSealed(x, k, { y, c1: c.c1, receiver, a, b }, bound);
  const share = { sealed: toBase64Url(concatBytes(a.bytes, b.bytes)), proof: encodeProof(proof) };
  rememberProof(share.proof, sealedStatement(seatKey.key, ciphertext, receiverKey, share, context));
  return share;
}

/** Everything a sealed share's check reads. */
const sealedStatement = (
  sealerKey: string,
  ciphertext: string,
  receiverKey: string,
  sealed: SealedShare,
  context: ShareContext,
) => statementOf(shareContextText('sealed', context), sealerKey, ciphertext, receiverKey, sealed.sealed);

/** Whether a sealed share is the sealer's true share of the ciphertext sealed to the receiver, for this context. */
export function verifySealedShare(
  sealerKey: string,
  ciphertext: string,
  receiverKey: string,
  sealed: SealedShare,
  context: ShareContext,
): Verdict<ShareFault> {
  const checked = sealedStatement(sealerKey, ciphertext, receiverKey, sealed, context);
  return checkedOnce(sealed.proof, checked, (): Verdict<ShareFault> => {
    const y = decodeKey(sealerKey);
    const c = decodeCiphertext(ciphertext);
    const receiver = decodeKey(receiverKey);
    if (y === null || c === null || receiver === null) return failed('malformed');
    const seal = decodeSeal(sealed.sealed);
    const proof = decodeProof(sealed.proof, PROOF_SCALARS.sealed);
    if (seal === null || proof === null) return failed('malformed');
    const statement = { y, c1: c.c1, receiver, ...seal };
    return verifySealed(statement, proof, shareContextBytes('sealed', context)) ? PASSED : failed('proof');
  });
}

/** The share inside a sealed share, read by its receiver: D = B - x_j·A. Null if malformed. */
export function unsealShare(receiverSeatKey: SeatKey, sealed: SealedShare): string | null {
  const seal = decodeSeal(sealed.sealed);
  if (seal === null) return null;
  const { x } = unpackSeatKey(receiverSeatKey);
  return encodePoint(seal.b.point.subtract(timesSecret(seal.a.point, x)));
}

/**
 * The receiver's proof, for every page, of the share inside a sealed share: D with a proof that log_G(y_j) =
 * log_A(B - D), so D is what the seal held. Context as the seal's (seat: the sealer). Null if malformed.
 */
export function publishUnsealed(
  receiverSeatKey: SeatKey,
  sealed: SealedShare,
  context: ShareContext,
): PublicShare | null {
  const seal = decodeSeal(sealed.sealed);
  if (seal === null) return null;
  const { x, y } = unpackSeatKey(receiverSeatKey);
  const mask = elementOf(timesSecret(seal.a.point, x));
  const d = elementOf(seal.b.point.subtract(mask.point));
  const proof = proveEquality(x, { y, h: seal.a, d: mask }, shareContextBytes('unsealed', context));
  const unsealed = { share: toBase64Url(d.bytes), proof: encodeProof(proof) };
  rememberProof(unsealed.proof, unsealedStatement(receiverSeatKey.key, sealed, unsealed, context));
  return unsealed;
}

/** Everything an unsealed share's check reads. */
const unsealedStatement = (
  receiverKey: string,
  sealed: SealedShare,
  unsealed: PublicShare,
  context: ShareContext,
) => statementOf(shareContextText('unsealed', context), receiverKey, sealed.sealed, unsealed.share);

/** Whether an unsealed share is what the sealed share held, as proven by the receiver for this context. */
export function verifyUnsealed(
  receiverKey: string,
  sealed: SealedShare,
  unsealed: PublicShare,
  context: ShareContext,
): Verdict<ShareFault> {
  const checked = unsealedStatement(receiverKey, sealed, unsealed, context);
  return checkedOnce(unsealed.proof, checked, (): Verdict<ShareFault> => {
    const y = decodeKey(receiverKey);
    const seal = decodeSeal(sealed.sealed);
    const d = decodePoint(unsealed.share, true);
    const proof = decodeProof(unsealed.proof, PROOF_SCALARS.equality);
    if (y === null || seal === null || d === null || proof === null) return failed('malformed');
    const mask = elementOf(seal.b.point.subtract(d.point));
    return verifyEquality({ y, h: seal.a, d: mask }, proof, shareContextBytes('unsealed', context))
      ? PASSED
      : failed('proof');
  });
}
