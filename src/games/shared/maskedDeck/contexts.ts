// What every proof is bound to (docs/hidden-tiles.md): the room, the round and the seat, and for a share the deck
// position and its receiver. A proof made for one context fails in any other, so a page cannot replay another
// round's, seat's or tile's proof.
import { utf8 } from './group';

/** Where a seat's deck key is used: one room, one round, one seat. */
export type KeyContext = { room: string; round: number; seat: string };

/** Where a share is used: the key's context, the deck position, and the seat it opens to (null: every page). */
export type ShareContext = KeyContext & { position: number; receiver: string | null };

/** The share context of a position in a round (a table's or a transcript's): `seat` shares, `receiver` reads. */
export const shareContextOf = (
  at: { room: string; round: number },
  position: number,
  seat: string,
  receiver: string | null,
): ShareContext => ({ room: at.room, round: at.round, position, seat, receiver });

/** The outcome of one check: passed, or which part of it failed. */
export type Verdict<Fault extends string> = { ok: true } | { ok: false; fault: Fault };

/** A passed check. */
export const PASSED = { ok: true } as const;

/** A failed check naming its fault. */
export const failed = <Fault extends string>(fault: Fault): Verdict<Fault> => ({ ok: false, fault });

// JSON of a fixed-order array: one text per context, and no two contexts with the same text.
/** A key context's bytes, as proofs hash them. */
export const keyContextBytes = (c: KeyContext): Uint8Array =>
  utf8(JSON.stringify(['key', c.room, c.round, c.seat]));

/** A share context's text under a kind ('share', 'sealed', 'unsealed'). */
export const shareContextText = (kind: string, c: ShareContext): string =>
  JSON.stringify([kind, c.room, c.round, c.position, c.seat, c.receiver]);

/** A share context's bytes under a kind, as proofs hash them. */
export const shareContextBytes = (kind: string, c: ShareContext): Uint8Array =>
  utf8(shareContextText(kind, c));
