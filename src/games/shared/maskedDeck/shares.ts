// Decryption shares (docs/hidden-tiles.md): seat i's share of a ciphertext (c1, c2) is D = x_i·c1, and the tile is
// c2 minus every seat's share. A share published to every page carries a Chaum-Pedersen proof that it used the same
// x_i as the seat's key, so a seat cannot hand out a wrong share unnoticed.
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
import { decodeKey, decodePoint, elementOf, encodePoint, timesSecret, toBase64Url } from './group';
import { unpackSeatKey, type SeatKey } from './keys';
import { PROOF_SCALARS, decodeProof, encodeProof, proveEquality, verifyEquality } from './proofs';
import { tileOfBytes } from './tiles';

/** A decryption share with its proof, as text. */
export type PublicShare = { share: string; proof: string };

/** Why a share does not hold: unreadable data, or a proof that fails. */
export type ShareFault = 'malformed' | 'proof';

/** This seat's share of a ciphertext, without proof: what a receiver uses for its own tile. Null if malformed. */
export function ownShare(seatKey: SeatKey, ciphertext: string): string | null {
  const c = decodeCiphertext(ciphertext);
  return c === null ? null : encodePoint(timesSecret(c.c1.point, unpackSeatKey(seatKey).x));
}

/** This seat's share of a ciphertext with its proof, for every page, bound to context. Null if malformed. */
export function decryptionShare(
  seatKey: SeatKey,
  ciphertext: string,
  context: ShareContext,
): PublicShare | null {
  const c = decodeCiphertext(ciphertext);
  if (c === null) return null;
  const { x, y } = unpackSeatKey(seatKey);
  const d = elementOf(timesSecret(c.c1.point, x));
  const proof = proveEquality(x, { y, h: c.c1, d }, shareContextBytes('share', context));
  const share = { share: toBase64Url(d.bytes), proof: encodeProof(proof) };
  rememberProof(share.proof, shareStatement(seatKey.key, ciphertext, share, context));
  return share;
}

/** Everything a share's check reads. */
const shareStatement = (key: string, ciphertext: string, share: PublicShare, context: ShareContext) =>
  statementOf(shareContextText('share', context), key, ciphertext, share.share);

/** Whether share is the key's seat's share of the ciphertext, proven for this context. */
export function verifyShare(
  key: string,
  ciphertext: string,
  share: PublicShare,
  context: ShareContext,
): Verdict<ShareFault> {
  const checked = shareStatement(key, ciphertext, share, context);
  return checkedOnce(share.proof, checked, (): Verdict<ShareFault> => {
    const y = decodeKey(key);
    const c = decodeCiphertext(ciphertext);
    if (y === null || c === null) return failed('malformed');
    const d = decodePoint(share.share, true);
    const proof = decodeProof(share.proof, PROOF_SCALARS.equality);
    if (d === null || proof === null) return failed('malformed');
    return verifyEquality({ y, h: c.c1, d }, proof, shareContextBytes('share', context))
      ? PASSED
      : failed('proof');
  });
}

/**
 * The tile under a ciphertext given every seat's share (texts): c2 minus their sum, looked up among the tiles of a
 * deck of n. Null when a share is malformed or the point is no tile (a share missing or wrong).
 */
export function openTile(ciphertext: string, shares: readonly string[], n: number): number | null {
  const c = decodeCiphertext(ciphertext);
  if (c === null) return null;
  let m = c.c2.point;
  for (const share of shares) {
    const d = decodePoint(share, true);
    if (d === null) return null;
    m = m.subtract(d.point);
  }
  return m.is0() ? null : tileOfBytes(m.toBytes(), n);
}
