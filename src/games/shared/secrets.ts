// The page's side of shared luck: it makes the secrets, keeps each under its commitment, and reveals it when luck is
// drawn. Kept in sessionStorage where there is one, so a reload of the tab can still reveal what it committed to.
import { toBase64 } from '../../sync/mesh/roomCrypto';
import { commitmentTo } from './sharedLuck';

const PREFIX = 'game-room:secret:';
const memory = new Map<string, string>();

function store(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** A fresh secret (32 random bytes), kept on this page; returns the commitment an entry publishes. */
export function commitToSecret(): string {
  const secret = toBase64(crypto.getRandomValues(new Uint8Array(32)));
  const commitment = commitmentTo(secret) as string;
  memory.set(commitment, secret);
  store()?.setItem(PREFIX + commitment, secret);
  return commitment;
}

/** The secret this page committed to with commitment, or null when another page (or a lost tab) holds it. */
export function secretFor(commitment: string): string | null {
  const secret = memory.get(commitment) ?? store()?.getItem(PREFIX + commitment) ?? null;
  return secret !== null && commitmentTo(secret) === commitment ? secret : null;
}

/** Forgets a revealed secret: it is public now. */
export function forgetSecret(commitment: string): void {
  memory.delete(commitment);
  store()?.removeItem(PREFIX + commitment);
}

/**
 * The reveal an entry that opens shared luck carries for its own seat (Start Game, Roll), with the commitment to the
 * next secret; nothing when this page holds no secret for that commitment. Saves the other pages a round of waiting.
 */
export function ownReveal(commitment: string | undefined): { reveal?: string; commitment?: string } {
  const reveal = commitment === undefined ? null : secretFor(commitment);
  return reveal === null ? {} : { reveal, commitment: commitToSecret() };
}
