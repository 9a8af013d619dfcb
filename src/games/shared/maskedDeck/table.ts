// A round's masked deck as the table plays it (docs/hidden-tiles.md, "At the table"): plain data that grows message by
// message, each message checked as it comes, so a wrong one is refused at once and names its seat. The order is the
// protocol's: every seat's key, then each seat's shuffle in turn, then the openings; the seeds once the round is over,
// which checks the shuffles. Never throws, whatever another page wrote.
import { shareContextOf } from './contexts';
import { ciphertextAt, deckSize, startingDeck } from './deck';
import { jointKey, verifySeatKey, type PublishedKey } from './keys';
import {
  MAX_SEATS,
  checkRound,
  checkShufflesOf,
  type OpenedToAll,
  type OpenedToOne,
  type RoundCheck,
  type RoundTranscript,
} from './round';
import { verifySealedShare, verifyUnsealed, type SealedShare } from './sealed';
import { openTile, verifyShare, type PublicShare } from './shares';
import { isDeckSize } from './tiles';

/** A seat's shuffle as it is published: its output deck and the commitment to its seed (revealed at the end). */
export type PublishedShuffle = { deck: string; commitment: string };

/** A round's masked deck so far, as plain data: what every page holds alike. */
export type DeckTable = {
  room: string;
  round: number;
  /** Tiles in the deck (Okey: 106). */
  tiles: number;
  /** The seats in the order they shuffle. */
  seats: readonly string[];
  /** Each seat's key with its proof, as it came. */
  keys: Readonly<Record<string, PublishedKey>>;
  /** The shuffles so far, in the seats' order. */
  shuffles: readonly (PublishedShuffle & { seat: string })[];
  /** Every position being opened or opened, by position. */
  openings: Readonly<Record<string, OpenedToAll | OpenedToOne>>;
  /** The shuffle seeds revealed once the round is over, by seat. */
  seeds: Readonly<Record<string, string>>;
};

/** Where the table stands: awaiting keys, awaiting shuffles, dealt (the deck is final), or every seed revealed. */
export type DeckPhase = 'keys' | 'shuffles' | 'dealt' | 'revealed';

/** Why a message is refused: its seat's fault (`proof`, `malformed`) or a message out of turn (`order`). */
export type TableFault = 'order' | 'malformed' | 'proof';

/** A message taken (the table after it) or refused, and why. */
export type TableResult = { ok: true; table: DeckTable } | { ok: false; fault: TableFault };

const refuse = (fault: TableFault): TableResult => ({ ok: false, fault });
const own = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;
const isText = (value: unknown, max = 256): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max;
const hasTexts = (value: unknown, ...fields: string[]): boolean =>
  typeof value === 'object' &&
  value !== null &&
  fields.every((f) => isText((value as Record<string, unknown>)[f]));

/** A new round's table: the seats in shuffle order (2 to MAX_SEATS, each once) and the deck's size. */
export function newDeckTable(options: {
  room: string;
  round: number;
  tiles: number;
  seats: readonly string[];
}): DeckTable | null {
  const { room, round, tiles, seats } = options;
  if (!isDeckSize(tiles) || !Number.isSafeInteger(round) || typeof room !== 'string') return null;
  if (seats.length < 2 || seats.length > MAX_SEATS || new Set(seats).size !== seats.length) return null;
  return { room, round, tiles, seats: [...seats], keys: {}, shuffles: [], openings: {}, seeds: {} };
}

/** Where the table stands (deckPhase): what it waits for next. */
export function deckPhase(table: DeckTable): DeckPhase {
  if (table.seats.some((seat) => !Object.hasOwn(table.keys, seat))) return 'keys';
  if (table.shuffles.length < table.seats.length) return 'shuffles';
  return table.seats.every((seat) => Object.hasOwn(table.seeds, seat)) ? 'revealed' : 'dealt';
}

/** The joint key once every seat's key is in, else null. */
export function tableKey(table: DeckTable): string | null {
  if (deckPhase(table) === 'keys') return null;
  return jointKey(table.seats.map((seat) => table.keys[seat].key));
}

/** The seat whose shuffle is next, or null (keys still awaited, or every seat has shuffled). */
export const nextShuffler = (table: DeckTable): string | null =>
  deckPhase(table) === 'shuffles' ? table.seats[table.shuffles.length] : null;

/** The deck the next shuffle takes: the starting deck, then each seat's output. */
export const deckBefore = (table: DeckTable): string =>
  table.shuffles.at(-1)?.deck ?? startingDeck(table.tiles);

/** The final deck once every seat has shuffled, else null. */
export const finalDeck = (table: DeckTable): string | null =>
  table.shuffles.length === table.seats.length ? deckBefore(table) : null;

/** A seat's key, taken once and only while keys are awaited, with a proof for this room, round and seat. */
export function addSeatKey(table: DeckTable, seat: string, published: unknown): TableResult {
  if (!table.seats.includes(seat) || Object.hasOwn(table.keys, seat)) return refuse('order');
  if (!hasTexts(published, 'key', 'proof')) return refuse('malformed');
  const { key, proof } = published as PublishedKey;
  const verdict = verifySeatKey({ key, proof }, { room: table.room, round: table.round, seat });
  if (!verdict.ok) return refuse(verdict.fault);
  const keys = { ...table.keys, [seat]: { key, proof } };
  const next = { ...table, keys };
  // Keys each proven yet summing to the identity: only every seat together gets there; the last one is refused.
  if (deckPhase(next) !== 'keys' && tableKey(next) === null) return refuse('proof');
  return { ok: true, table: next };
}

/**
 * A seat's shuffle, in its turn: a deck of the table's size and a commitment. Whether the deck is the one before it,
 * shuffled and re-masked by the committed seed, is known only when the seed is revealed (checkRevealed).
 */
export function addShuffle(table: DeckTable, seat: string, shuffle: unknown): TableResult {
  if (nextShuffler(table) !== seat) return refuse('order');
  if (!hasTexts(shuffle, 'commitment')) return refuse('malformed');
  const { deck, commitment } = shuffle as PublishedShuffle;
  if (deckSize(deck) !== table.tiles) return refuse('malformed');
  return { ok: true, table: { ...table, shuffles: [...table.shuffles, { seat, deck, commitment }] } };
}

/** The ciphertext at a position of the final deck, or null (not dealt yet, or no such position). */
export const ciphertextOf = (table: DeckTable, position: number): string | null => {
  const deck = finalDeck(table);
  return deck === null ? null : ciphertextAt(deck, position);
};

/**
 * A sealer's share of a position sealed to its receiver (the deal, a draw). The first seal of a position names its
 * receiver; a position opened to all, or to another receiver, takes no seal. `verify: false` takes a seal of the right
 * shape without checking its proof: its receiver checks it (sealFaultAt) and says so when it fails (every page then
 * checks that one), so a page checks the seals to its own seat, not every seal of the deal.
 */
export function addSealedShare(
  table: DeckTable,
  sealer: string,
  { position, receiver, sealed }: { position: number; receiver: string; sealed: unknown },
  { verify = true }: { verify?: boolean } = {},
): TableResult {
  const ciphertext = ciphertextOf(table, position);
  if (ciphertext === null || !table.seats.includes(sealer) || !table.seats.includes(receiver))
    return refuse('order');
  if (sealer === receiver) return refuse('order');
  const opening = own(table.openings, String(position)) ?? { position, receiver, sealed: {} };
  if (opening.receiver !== receiver || Object.hasOwn(opening.sealed, sealer)) return refuse('order');
  if (!hasTexts(sealed, 'sealed', 'proof')) return refuse('malformed');
  const share = { sealed: (sealed as SealedShare).sealed, proof: (sealed as SealedShare).proof };
  if (verify) {
    const context = shareContextOf(table, position, sealer, receiver);
    const keys = [table.keys[sealer].key, table.keys[receiver].key] as const;
    const verdict = verifySealedShare(keys[0], ciphertext, keys[1], share, context);
    if (!verdict.ok) return refuse(verdict.fault);
  } else if (share.sealed.length !== SEAL_CHARS || share.proof.length !== SEAL_PROOF_CHARS) {
    return refuse('malformed');
  }
  const next: OpenedToOne = { position, receiver, sealed: { ...opening.sealed, [sealer]: share } };
  return { ok: true, table: { ...table, openings: { ...table.openings, [position]: next } } };
}

/** A seat's public share of a position opened to every page at once (the indicator). */
export function addPublicShare(
  table: DeckTable,
  seat: string,
  { position, share }: { position: number; share: unknown },
): TableResult {
  const ciphertext = ciphertextOf(table, position);
  if (ciphertext === null || !table.seats.includes(seat)) return refuse('order');
  const opening = own(table.openings, String(position)) ?? { position, receiver: null, shares: {} };
  if (opening.receiver !== null || Object.hasOwn(opening.shares, seat)) return refuse('order');
  if (!hasTexts(share, 'share', 'proof')) return refuse('malformed');
  const taken = { share: (share as PublicShare).share, proof: (share as PublicShare).proof };
  const verdict = verifyShare(
    table.keys[seat].key,
    ciphertext,
    taken,
    shareContextOf(table, position, seat, null),
  );
  if (!verdict.ok) return refuse(verdict.fault);
  const next: OpenedToAll = { position, receiver: null, shares: { ...opening.shares, [seat]: taken } };
  return { ok: true, table: { ...table, openings: { ...table.openings, [position]: next } } };
}

/** Characters of a sealed share's seal and of its proof (docs/hidden-tiles.md, "Plain data"). */
const SEAL_CHARS = 86;
const SEAL_PROOF_CHARS = 128;

/** The first sealer whose seal of a position fails its proof, or null when every seal there holds (or none is in). */
export function sealFaultAt(table: DeckTable, position: number): string | null {
  const ciphertext = ciphertextOf(table, position);
  const opening = own(table.openings, String(position));
  if (ciphertext === null || opening === undefined || opening.receiver === null) return null;
  const receiverKey = table.keys[opening.receiver].key;
  for (const seat of table.seats) {
    const sealed = own(opening.sealed, seat);
    if (sealed === undefined) continue;
    const context = shareContextOf(table, position, seat, opening.receiver);
    if (!verifySealedShare(table.keys[seat].key, ciphertext, receiverKey, sealed, context).ok) return seat;
  }
  return null;
}

/** Whether every other seat has sealed its share of a position to its receiver: the receiver can read it. */
export function sealedToReceiver(table: DeckTable, position: number): boolean {
  const opening = own(table.openings, String(position));
  if (opening === undefined || opening.receiver === null) return false;
  const { receiver, sealed } = opening;
  return table.seats.every((seat) => seat === receiver || Object.hasOwn(sealed, seat));
}

/**
 * The receiver opens a tile it holds to every page (a discard, a finish, the hands at the round's end): its own share
 * and every sealed share unsealed, each with its proof. Only once every seal is in, and once.
 */
export function addOpening(
  table: DeckTable,
  receiver: string,
  { position, own: ownShare, unsealed }: { position: number; own: unknown; unsealed: unknown },
): TableResult {
  const ciphertext = ciphertextOf(table, position);
  const opening = own(table.openings, String(position));
  if (ciphertext === null || opening === undefined || opening.receiver !== receiver) return refuse('order');
  if (!sealedToReceiver(table, position) || opening.opened !== undefined) return refuse('order');
  if (!hasTexts(ownShare, 'share', 'proof') || typeof unsealed !== 'object' || unsealed === null)
    return refuse('malformed');
  const mine = { share: (ownShare as PublicShare).share, proof: (ownShare as PublicShare).proof };
  const key = table.keys[receiver].key;
  const verdict = verifyShare(key, ciphertext, mine, shareContextOf(table, position, receiver, null));
  if (!verdict.ok) return refuse(verdict.fault);
  const taken: Record<string, PublicShare> = {};
  for (const [sealer, sealed] of Object.entries(opening.sealed)) {
    const given = own(unsealed as Record<string, unknown>, sealer);
    if (!hasTexts(given, 'share', 'proof')) return refuse('malformed');
    const share = { share: (given as PublicShare).share, proof: (given as PublicShare).proof };
    const check = verifyUnsealed(key, sealed, share, shareContextOf(table, position, sealer, receiver));
    if (!check.ok) return refuse(check.fault);
    taken[sealer] = share;
  }
  const next: OpenedToOne = { ...opening, opened: { own: mine, unsealed: taken } };
  return { ok: true, table: { ...table, openings: { ...table.openings, [position]: next } } };
}

// The tile each opening gave, with the ciphertext it opened: the table's data never changes in place (a new share
// makes a new opening), and the board, the bots and what the deck owes ask for the same tiles on every change.
const tilesOpened = new WeakMap<object, { ciphertext: string; tile: number | null }>();

/**
 * The tile at a position once every page can read it (its index in the starting deck): opened to all, or told by the
 * seeds once the round is over and every shuffle holds. Else null.
 */
export function openedTile(table: DeckTable, position: number): number | null {
  const ciphertext = ciphertextOf(table, position);
  if (ciphertext === null) return null;
  const opening = own(table.openings, String(position));
  return (
    (opening === undefined ? null : tileOfOpening(table, opening, ciphertext)) ??
    revealedTile(table, position)
  );
}

function tileOfOpening(
  table: DeckTable,
  opening: OpenedToAll | OpenedToOne,
  ciphertext: string,
): number | null {
  const known = tilesOpened.get(opening);
  if (known?.ciphertext === ciphertext) return known.tile;
  const tile = openingTile(table, opening, ciphertext);
  tilesOpened.set(opening, { ciphertext, tile });
  return tile;
}

/** Once every seed is out and every shuffle holds, the seeds tell the tile at every position: none needs opening. */
function revealedTile(table: DeckTable, position: number): number | null {
  const check = checkRevealed(table, { openings: false });
  return check?.ok ? (own(check.opened, String(position)) ?? null) : null;
}

function openingTile(
  table: DeckTable,
  opening: OpenedToAll | OpenedToOne,
  ciphertext: string,
): number | null {
  if (opening.receiver === null) {
    if (!complete(table, opening)) return null;
    return openTile(
      ciphertext,
      table.seats.map((seat) => opening.shares[seat].share),
      table.tiles,
    );
  }
  if (opening.opened === undefined) return null;
  const { own: mine, unsealed } = opening.opened;
  return openTile(ciphertext, [mine.share, ...Object.values(unsealed).map((s) => s.share)], table.tiles);
}

/** A seat's shuffle seed, revealed once the round is over (every shuffle done); once per seat. */
export function addSeed(table: DeckTable, seat: string, seed: unknown): TableResult {
  if (!table.seats.includes(seat) || finalDeck(table) === null || Object.hasOwn(table.seeds, seat))
    return refuse('order');
  if (!isText(seed, 64)) return refuse('malformed');
  return { ok: true, table: { ...table, seeds: { ...table.seeds, [seat]: seed } } };
}

/** Whether every seat that owes a share of an opening gave it. */
function complete(table: DeckTable, opening: OpenedToAll | OpenedToOne): boolean {
  if (opening.receiver !== null) return sealedToReceiver(table, opening.position);
  return table.seats.every((seat) => Object.hasOwn(opening.shares, seat));
}

/**
 * The table as a round's transcript, for the whole check (checkRound) and the replay: its complete openings only. A
 * position some seats had begun to seal when the round ended (the next draw) opened nothing, and each seal in it was
 * checked as it came.
 */
export function transcriptOf(table: DeckTable): RoundTranscript {
  const { room, round, tiles, seats, keys } = table;
  const shuffles = table.shuffles.map((s) => ({ ...s, seed: own(table.seeds, s.seat) ?? '' }));
  const openings = Object.values(table.openings).filter((o) => complete(table, o));
  return { room, round, tiles, seats, keys, shuffles, openings };
}

// The shuffles' check of each revealed table: made at the last seed, then asked again for each tile it opens.
const shufflesChecked = new WeakMap<DeckTable, RoundCheck>();

/**
 * The round's check once every seed is revealed: every shuffle recomputed from its seed, and, unless each was checked
 * as it came (`openings: false`), every opening again. Null while a seed is awaited.
 */
export function checkRevealed(
  table: DeckTable,
  { openings = true }: { openings?: boolean } = {},
): RoundCheck | null {
  if (deckPhase(table) !== 'revealed') return null;
  if (openings) return checkRound(transcriptOf(table));
  const known = shufflesChecked.get(table);
  if (known !== undefined) return known;
  const check = checkShufflesOf(transcriptOf(table));
  shufflesChecked.set(table, check);
  return check;
}
