// One seat's side of the masked deck (docs/hidden-tiles.md, "At the table"): from the one round secret its page keeps,
// the messages it publishes (its key, its shuffle, its seals and shares, its openings, its seed) and the tiles it
// reads. What it makes fits the table (table.ts) it is made for; null where the table is not at that step.
import { sha256 } from '@noble/hashes/sha2.js';
import { shareContextOf } from './contexts';
import { framed, toBase64Url, utf8 } from './group';
import { MIN_SECRET_BYTES, deriveSeatKey, publishSeatKey, type PublishedKey, type SeatKey } from './keys';
import { publishUnsealed, sealShare, unsealShare, type SealedShare } from './sealed';
import { decryptionShare, openTile, ownShare, type PublicShare } from './shares';
import { seedCommitment, shuffleDeck } from './shuffle';
import {
  ciphertextOf,
  deckBefore,
  nextShuffler,
  sealedToReceiver,
  tableKey,
  type DeckTable,
  type PublishedShuffle,
} from './table';

/**
 * A seat's secrets for one round, each drawn from its round secret under a tag of its own: revealing the shuffle seed
 * at the round's end reveals neither the key nor the seals' seed.
 */
export type SeatSecrets = { seat: string; key: SeatKey; shuffleSeed: Uint8Array; sealSeed: Uint8Array };

const seedOf = (tag: string, secret: Uint8Array) =>
  sha256(framed([utf8(`game-room/masked-deck/v1/${tag}`), secret]));

/** The seat's secrets for a round, from its round secret (at least MIN_SECRET_BYTES random bytes its page keeps). */
export function seatSecrets(seat: string, roundSecret: Uint8Array): SeatSecrets {
  if (roundSecret.length < MIN_SECRET_BYTES) throw new RangeError('A round secret too short');
  return {
    seat,
    key: deriveSeatKey(roundSecret),
    shuffleSeed: seedOf('shuffle-seed', roundSecret),
    sealSeed: seedOf('seal-seed', roundSecret),
  };
}

/** The seat's key with its proof for this table's room, round and seat. */
export const keyMessage = (table: DeckTable, me: SeatSecrets): PublishedKey =>
  publishSeatKey(me.key, { room: table.room, round: table.round, seat: me.seat });

/** The seat's shuffle when it is its turn: the deck before it, shuffled and re-masked, and its seed's commitment. */
export function shuffleMessage(table: DeckTable, me: SeatSecrets): PublishedShuffle | null {
  const joint = tableKey(table);
  if (nextShuffler(table) !== me.seat || joint === null) return null;
  const deck = shuffleDeck(deckBefore(table), joint, me.shuffleSeed);
  return deck === null ? null : { deck, commitment: seedCommitment(me.shuffleSeed) };
}

/** The seat's share of a position sealed to its receiver (the deal, a draw). */
export function sealMessage(
  table: DeckTable,
  me: SeatSecrets,
  position: number,
  receiver: string,
): SealedShare | null {
  const ciphertext = ciphertextOf(table, position);
  const receiverKey = Object.hasOwn(table.keys, receiver) ? table.keys[receiver].key : null;
  if (ciphertext === null || receiverKey === null || receiver === me.seat) return null;
  return sealShare(
    me.key,
    ciphertext,
    receiverKey,
    me.sealSeed,
    shareContextOf(table, position, me.seat, receiver),
  );
}

/** The seat's public share of a position opened to all at once (the indicator). */
export function publicShareMessage(table: DeckTable, me: SeatSecrets, position: number): PublicShare | null {
  const ciphertext = ciphertextOf(table, position);
  return ciphertext === null
    ? null
    : decryptionShare(me.key, ciphertext, shareContextOf(table, position, me.seat, null));
}

/** Pieces worked out per seat key, at most this many (a round asks for some four per tile of the seat's rack). */
const MAX_PIECES = 512;
const pieces = new WeakMap<SeatKey, Map<string, string | null>>();

/** A piece of a tile sealed to the seat (its own share, a seal opened), worked out once: a product on the curve. */
function piece(key: SeatKey, input: string, make: () => string | null): string | null {
  let known = pieces.get(key);
  if (!known) pieces.set(key, (known = new Map()));
  if (!known.has(input)) {
    if (known.size >= MAX_PIECES) known.clear();
    known.set(input, make());
  }
  return known.get(input) ?? null;
}

/**
 * The tile at a position sealed to this seat, read with its own share once every other seat's seal is in. Asked
 * before that (a draw's seals come one by one), it works out the pieces already there and keeps them, so that the
 * last seal leaves one product to make rather than one per seat.
 */
export function readOwnTile(table: DeckTable, me: SeatSecrets, position: number): number | null {
  const ciphertext = ciphertextOf(table, position);
  const opening = table.openings[position];
  if (ciphertext === null || (opening !== undefined && opening.receiver !== me.seat)) return null;
  const sealed = opening && 'sealed' in opening ? opening.sealed : {};
  const shares = [
    piece(me.key, `own ${ciphertext}`, () => ownShare(me.key, ciphertext)),
    ...Object.values(sealed).map((s) => piece(me.key, `seal ${s.sealed}`, () => unsealShare(me.key, s))),
  ];
  if (!sealedToReceiver(table, position)) return null;
  return shares.every((s) => s !== null) ? openTile(ciphertext, shares, table.tiles) : null;
}

/** The seat opens a tile sealed to it to every page: its own share and each seal unsealed, with their proofs. */
export function openingMessage(
  table: DeckTable,
  me: SeatSecrets,
  position: number,
): { position: number; own: PublicShare; unsealed: Record<string, PublicShare> } | null {
  const ciphertext = ciphertextOf(table, position);
  const opening = table.openings[position];
  if (ciphertext === null || opening?.receiver !== me.seat || !sealedToReceiver(table, position)) return null;
  const own = decryptionShare(me.key, ciphertext, shareContextOf(table, position, me.seat, null));
  const unsealed: Record<string, PublicShare> = {};
  for (const [sealer, sealed] of Object.entries(opening.sealed)) {
    const share = publishUnsealed(me.key, sealed, shareContextOf(table, position, sealer, me.seat));
    if (share === null) return null;
    unsealed[sealer] = share;
  }
  return own === null ? null : { position, own, unsealed };
}

/** The seat's shuffle seed, revealed once the round is over so every page can check its shuffle. */
export const seedMessage = (me: SeatSecrets): string => toBase64Url(me.shuffleSeed);
