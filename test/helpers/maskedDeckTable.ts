// A table of seats playing the masked deck's protocol honestly, as the pages will: each seat's secrets from a fixed
// seed, every shuffle, sealed shares for a tile opened to one seat, public shares for a tile opened to all. What each
// seat reads is computed only from what it holds and what the transcript says, as its page would.
import { sha256 } from '@noble/hashes/sha2.js';
import { shareContextOf } from '../../src/games/shared/maskedDeck/contexts';
import { ciphertextAt, startingDeck } from '../../src/games/shared/maskedDeck/deck';
import { toBase64Url, utf8 } from '../../src/games/shared/maskedDeck/group';
import { jointKey, publishSeatKey } from '../../src/games/shared/maskedDeck/keys';
import { seatSecrets, type SeatSecrets } from '../../src/games/shared/maskedDeck/seat';
import type {
  OpenedToAll,
  OpenedToOne,
  RoundTranscript,
  ShuffleRecord,
} from '../../src/games/shared/maskedDeck/round';
import { publishUnsealed, sealShare, unsealShare } from '../../src/games/shared/maskedDeck/sealed';
import { decryptionShare, openTile, ownShare } from '../../src/games/shared/maskedDeck/shares';
import { seedCommitment, shuffleDeck, shufflePermutation } from '../../src/games/shared/maskedDeck/shuffle';

/** One seat's secrets: its deck key, its shuffle seed and the seed of its seals. */
export type TableSeat = SeatSecrets;

/** Seats with round secrets derived from their names and a salt: the same table every run. */
export const tableSeats = (names: readonly string[], salt = 'table'): TableSeat[] =>
  names.map((seat) => seatSecrets(seat, sha256(utf8(`${salt}/${seat}`))));

/** A table's round: its transcript so far and the seats' secrets. */
export type TableRound = { transcript: RoundTranscript; seats: readonly TableSeat[]; deck: string };

/** A seat's shuffle output changed before the next seat takes it, as a page running other code would. */
export type ShuffleTamper = (seat: string, deck: string, joint: string) => string;

/**
 * Every seat publishes its key, then each shuffles in turn (tamper, when given, changes a seat's output): the
 * transcript before any tile is opened.
 */
export function shuffledRound(
  seats: readonly TableSeat[],
  tiles: number,
  options: { room?: string; round?: number; tamper?: ShuffleTamper } = {},
): TableRound {
  const { room = 'room-1', round = 1, tamper = (_seat, deck) => deck } = options;
  const keys = Object.fromEntries(
    seats.map((s) => [s.seat, publishSeatKey(s.key, { room, round, seat: s.seat })]),
  );
  const joint = jointKey(seats.map((s) => s.key.key));
  if (joint === null) throw new Error('No joint key');
  let deck = startingDeck(tiles);
  const shuffles: ShuffleRecord[] = [];
  for (const s of seats) {
    const next = shuffleDeck(deck, joint, s.shuffleSeed);
    if (next === null) throw new Error('A shuffle failed');
    deck = tamper(s.seat, next, joint);
    shuffles.push({
      seat: s.seat,
      deck,
      commitment: seedCommitment(s.shuffleSeed),
      seed: toBase64Url(s.shuffleSeed),
    });
  }
  const transcript = { room, round, tiles, seats: seats.map((s) => s.seat), keys, shuffles, openings: [] };
  return { transcript, seats, deck };
}

/** Where each position of the final deck came from in the starting deck: the seats' permutations composed. */
export function composedOrder(seats: readonly TableSeat[], tiles: number): number[] {
  let order = Array.from({ length: tiles }, (_, t) => t);
  for (const s of seats) {
    const permutation = shufflePermutation(tiles, s.shuffleSeed);
    order = permutation.map((from) => order[from]);
  }
  return order;
}

const seatOf = (r: TableRound, seat: string): TableSeat => {
  const found = r.seats.find((s) => s.seat === seat);
  if (found === undefined) throw new Error(`No seat ${seat}`);
  return found;
};

/** Every other seat seals its share of a position to the receiver. */
export function openToOne(r: TableRound, position: number, receiver: string): OpenedToOne {
  const ciphertext = ciphertextAt(r.deck, position) ?? '';
  const receiverKey = seatOf(r, receiver).key.key;
  const sealed = Object.fromEntries(
    r.seats
      .filter((s) => s.seat !== receiver)
      .map((s) => [
        s.seat,
        sealShare(
          s.key,
          ciphertext,
          receiverKey,
          s.sealSeed,
          shareContextOf(r.transcript, position, s.seat, receiver),
        )!,
      ]),
  );
  return { position, receiver, sealed };
}

/** The tile the receiver reads from a position opened to it: its own share and what it unseals. */
export function readOwnTile(r: TableRound, opening: OpenedToOne): number | null {
  const ciphertext = ciphertextAt(r.deck, opening.position) ?? '';
  const me = seatOf(r, opening.receiver);
  const shares = [
    ownShare(me.key, ciphertext)!,
    ...Object.values(opening.sealed).map((s) => unsealShare(me.key, s)!),
  ];
  return openTile(ciphertext, shares, r.transcript.tiles);
}

/** The receiver opens a tile it holds to every page: its own share and each sealed share unsealed, with proofs. */
export function revealToAll(r: TableRound, opening: OpenedToOne): OpenedToOne {
  const ciphertext = ciphertextAt(r.deck, opening.position) ?? '';
  const me = seatOf(r, opening.receiver);
  const own = decryptionShare(
    me.key,
    ciphertext,
    shareContextOf(r.transcript, opening.position, me.seat, null),
  )!;
  const unsealed = Object.fromEntries(
    Object.entries(opening.sealed).map(([seat, sealed]) => [
      seat,
      publishUnsealed(me.key, sealed, shareContextOf(r.transcript, opening.position, seat, me.seat))!,
    ]),
  );
  return { ...opening, opened: { own, unsealed } };
}

/** Every seat publishes its share of a position: a tile opened to all at once. */
export function openToAll(r: TableRound, position: number): OpenedToAll {
  const ciphertext = ciphertextAt(r.deck, position) ?? '';
  const shares = Object.fromEntries(
    r.seats.map((s) => [
      s.seat,
      decryptionShare(s.key, ciphertext, shareContextOf(r.transcript, position, s.seat, null))!,
    ]),
  );
  return { position, receiver: null, shares };
}

/** The tile any page reads from a position opened to all. */
export function readOpenTile(r: TableRound, opening: OpenedToAll | OpenedToOne): number | null {
  const ciphertext = ciphertextAt(r.deck, opening.position) ?? '';
  if (opening.receiver === null)
    return openTile(
      ciphertext,
      Object.values(opening.shares).map((s) => s.share),
      r.transcript.tiles,
    );
  if (opening.opened === undefined) return null;
  const shares = [opening.opened.own.share, ...Object.values(opening.opened.unsealed).map((s) => s.share)];
  return openTile(ciphertext, shares, r.transcript.tiles);
}

/** The round with these openings in its transcript. */
export const withOpenings = (r: TableRound, openings: RoundTranscript['openings']): RoundTranscript => ({
  ...r.transcript,
  openings,
});
