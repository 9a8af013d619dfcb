// The whole round's check (docs/hidden-tiles.md): once the round has ended and every seat has revealed its shuffle
// seed, any page (and the replay) checks every key, every shuffle and every share of the round, and names the first
// seat that deviated. Plain data in, a verdict out; never throws, whatever another page wrote.
import { shareContextOf, type ShareContext } from './contexts';
import { ciphertextAt, startingPoints } from './deck';
import { decodeKey, fromBase64Url, type Element } from './group';
import { jointKey, verifySeatKey, type PublishedKey } from './keys';
import { verifySealedShare, verifyUnsealed, type SealedShare } from './sealed';
import { openTile, verifyShare, type PublicShare } from './shares';
import { SEED_BYTES, seedCommitment, shuffledTo, shufflePermutation } from './shuffle';
import { isDeckSize } from './tiles';

/** Most seats at one table. */
export const MAX_SEATS = 8;

/** One seat's shuffle: its output deck, the commitment published with it, and the seed revealed at the round's end. */
export type ShuffleRecord = { seat: string; deck: string; commitment: string; seed: string };

/** A tile opened to every page at once (the indicator): every seat's public share. */
export type OpenedToAll = {
  position: number;
  receiver: null;
  shares: Readonly<Record<string, PublicShare>>;
};

/**
 * A tile opened to one seat (the deal, a draw): every other seat's sealed share. When the rules later open it to all
 * (a discard, the finishing tile, the hands at the round's end), `opened` holds the receiver's own public share and
 * its unsealing of each sealed share.
 */
export type OpenedToOne = {
  position: number;
  receiver: string;
  sealed: Readonly<Record<string, SealedShare>>;
  opened?: { own: PublicShare; unsealed: Readonly<Record<string, PublicShare>> };
};

/** Everything a round's hidden tiles leave in the room, as plain data. */
export type RoundTranscript = {
  room: string;
  round: number;
  /** Tiles in the deck (Okey: 106). */
  tiles: number;
  /** The seats in the order they shuffle. */
  seats: readonly string[];
  keys: Readonly<Record<string, PublishedKey>>;
  /** One per seat, in the seats' order, each shuffling the one before (the first: the starting deck). */
  shuffles: readonly ShuffleRecord[];
  openings: readonly (OpenedToAll | OpenedToOne)[];
};

/** What a seat did wrong. */
export type RoundFault = 'key' | 'shuffleCommitment' | 'shuffle' | 'share' | 'sealedShare' | 'unsealedShare';

/** The round's verdict: every tile opened to all, by deck position; or the first seat that deviated, and how. */
export type RoundCheck =
  | { ok: true; opened: Readonly<Record<number, number>> }
  | { ok: false; seat: string; fault: RoundFault; position?: number }
  | { ok: false; seat: null; fault: 'transcript' };

type Fail = Exclude<RoundCheck, { ok: true }>;
const blame = (seat: string, fault: RoundFault, position?: number): Fail =>
  position === undefined ? { ok: false, seat, fault } : { ok: false, seat, fault, position };
const MALFORMED: Fail = { ok: false, seat: null, fault: 'transcript' };

const own = <T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined =>
  typeof record === 'object' && record !== null && Object.hasOwn(record, key) ? record[key] : undefined;

function wellFormed(t: RoundTranscript): boolean {
  const seats = Array.isArray(t.seats) ? t.seats : [];
  return (
    typeof t.room === 'string' &&
    Number.isSafeInteger(t.round) &&
    isDeckSize(t.tiles) &&
    seats.length >= 2 &&
    seats.length <= MAX_SEATS &&
    seats.every((s) => typeof s === 'string') &&
    new Set(seats).size === seats.length &&
    Array.isArray(t.shuffles) &&
    Array.isArray(t.openings) &&
    t.openings.length <= t.tiles &&
    new Set(t.openings.map((o) => o?.position)).size === t.openings.length
  );
}

/** Every seat's key checked in the seats' order: the first seat whose key is missing or unproven, or the joint key. */
function checkKeys(t: RoundTranscript): Fail | Element {
  for (const seat of t.seats) {
    const published = own(t.keys, seat);
    if (published === undefined || !verifySeatKey(published, { room: t.room, round: t.round, seat }).ok)
      return blame(seat, 'key');
  }
  const joint = jointKey(t.seats.map((seat) => own(t.keys, seat)?.key ?? ''));
  const y = joint === null ? null : decodeKey(joint);
  // Keys each proven yet summing to the identity: only a coalition of every seat gets there; blame the last.
  return y ?? blame(t.seats[t.seats.length - 1], 'key');
}

/**
 * Every shuffle recomputed from its revealed seed, in order: the final deck and the tile at each of its positions (the
 * shuffles' permutations composed), or the first seat whose shuffle fails.
 */
function checkShuffles(t: RoundTranscript, y: Element): Fail | { deck: string; tiles: number[] } {
  // Every seat shuffles (wellFormed: two seats or more), so the last one's deck is the final deck.
  let deck = '';
  let before = startingPoints(t.tiles);
  let tiles = Array.from({ length: t.tiles }, (_, tile) => tile);
  for (const [i, seat] of t.seats.entries()) {
    const record = t.shuffles[i];
    if (record === undefined || record === null || record.seat !== seat) return blame(seat, 'shuffle');
    const seed = fromBase64Url(record.seed, SEED_BYTES);
    if (seed === null || seedCommitment(seed) !== record.commitment) return blame(seat, 'shuffleCommitment');
    const after = shuffledTo(before, record.deck, y.point, seed);
    if (after === null) return blame(seat, 'shuffle');
    const moved = tiles;
    tiles = shufflePermutation(t.tiles, seed).map((from) => moved[from]);
    deck = record.deck;
    before = after;
  }
  return { deck, tiles };
}

/** What checking one opening needs: the transcript, the ciphertext at its position, and its contexts. */
type OpeningCheck = {
  t: RoundTranscript;
  ciphertext: string;
  keyOf: (seat: string) => string;
  context: (seat: string, receiver: string | null) => ShareContext;
};

/** The tile opened to all at once, or the first seat whose share of it fails or is missing. */
function checkOpenedToAll(
  { t, ciphertext, keyOf, context }: OpeningCheck,
  o: OpenedToAll,
): Fail | number | null {
  const shares: string[] = [];
  for (const seat of t.seats) {
    const share = own(o.shares, seat);
    if (share === undefined || !verifyShare(keyOf(seat), ciphertext, share, context(seat, null)).ok)
      return blame(seat, 'share', o.position);
    shares.push(share.share);
  }
  return openTile(ciphertext, shares, t.tiles);
}

/**
 * A tile opened to one seat: the first sealer whose sealed share fails; then, if the receiver opened it to all, the
 * receiver if its own share or an unsealing fails, else the tile. Null while it is the receiver's alone.
 */
function checkOpenedToOne(
  { t, ciphertext, keyOf, context }: OpeningCheck,
  o: OpenedToOne,
): Fail | number | null {
  const receiver = o.receiver;
  if (!t.seats.includes(receiver)) return MALFORMED;
  const sealers = t.seats.filter((seat) => seat !== receiver);
  for (const seat of sealers) {
    const sealed = own(o.sealed, seat);
    if (
      sealed === undefined ||
      !verifySealedShare(keyOf(seat), ciphertext, keyOf(receiver), sealed, context(seat, receiver)).ok
    )
      return blame(seat, 'sealedShare', o.position);
  }
  if (o.opened === undefined) return null;
  const mine = o.opened.own;
  if (mine === undefined || !verifyShare(keyOf(receiver), ciphertext, mine, context(receiver, null)).ok)
    return blame(receiver, 'share', o.position);
  const shares = [mine.share];
  for (const seat of sealers) {
    const unsealed = own(o.opened.unsealed, seat);
    const sealed = own(o.sealed, seat) as SealedShare;
    if (
      unsealed === undefined ||
      !verifyUnsealed(keyOf(receiver), sealed, unsealed, context(seat, receiver)).ok
    )
      return blame(receiver, 'unsealedShare', o.position);
    shares.push(unsealed.share);
  }
  return openTile(ciphertext, shares, t.tiles);
}

/** The tile at a position opened to all (null: opened to its receiver alone), or the first seat whose share fails. */
function checkOpening(t: RoundTranscript, o: OpenedToAll | OpenedToOne, deck: string): Fail | number | null {
  const ciphertext = ciphertextAt(deck, o.position);
  if (ciphertext === null) return MALFORMED;
  const check: OpeningCheck = {
    t,
    ciphertext,
    keyOf: (seat) => own(t.keys, seat)?.key ?? '',
    context: (seat, receiver) => shareContextOf(t, o.position, seat, receiver),
  };
  return o.receiver === null ? checkOpenedToAll(check, o) : checkOpenedToOne(check, o);
}

/**
 * The round's keys and shuffles checked, each shuffle recomputed from its revealed seed: what a table whose every
 * opening was checked as it came (table.ts) has left to check once the seeds are out. Passed, `opened` holds the tile
 * at every position: once every seed is out, the seeds tell the whole deck.
 */
export function checkShufflesOf(transcript: RoundTranscript): RoundCheck {
  try {
    if (!wellFormed(transcript)) return MALFORMED;
    const y = checkKeys(transcript);
    if ('ok' in y) return y;
    const shuffled = checkShuffles(transcript, y);
    return 'ok' in shuffled ? shuffled : { ok: true, opened: { ...shuffled.tiles } };
  } catch {
    return MALFORMED;
  }
}

/**
 * The round checked whole, in the order it was played: keys, then shuffles, then every opening. The first seat that
 * deviated and what it did; or every tile opened to all, by position, for the caller to compare with what the
 * rules showed. A transcript too malformed to blame anyone (no seats, a repeated position) gives 'transcript'.
 */
export function checkRound(transcript: RoundTranscript): RoundCheck {
  try {
    if (!wellFormed(transcript)) return MALFORMED;
    const y = checkKeys(transcript);
    if ('ok' in y) return y;
    const shuffled = checkShuffles(transcript, y);
    if ('ok' in shuffled) return shuffled;
    const { deck } = shuffled;
    const opened: Record<number, number> = {};
    for (const opening of transcript.openings) {
      const tile = checkOpening(transcript, opening, deck);
      if (typeof tile === 'object' && tile !== null) return tile;
      if (typeof tile === 'number') opened[opening.position] = tile;
    }
    return { ok: true, opened };
  } catch {
    // Only data no type allows gets here (a getter that throws, a field of another type): nobody to blame by name.
    return MALFORMED;
  }
}
