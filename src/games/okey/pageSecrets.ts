// What this page knows of a masked Okey round through the round secrets it holds (docs/hidden-tiles.md): its seats'
// racks as it reads them, and the openings its moves carry. The room's useHiddenDeck loads each secret as its seat
// first owes the deck; until then nothing here reads or opens anything.
import { seatSecrets, type SeatSecrets } from '../shared/maskedDeck/seat';
import { knownRoundSecret, roundSecretKey } from '../shared/roundSecrets';
import { openingOf, rackAsRead, rackOpenings, type DeckEntry } from './maskedSeat';
import { deckSize } from '../shared/maskedDeck/deck';
import { ELEMENT_BYTES, fromBase64Url, toBase64Url } from '../shared/maskedDeck/group';
import { deckSeat } from './rules/deck';
import { MAX_HAND } from './rules/hand';
import { isMasked, openRack } from './rules/tiles';
import type { OkeyState, Seat } from './rules/types';

const derived = new WeakMap<Uint8Array, SeatSecrets>();

/** This page's secrets for a seat of the state's masked round, or null when it holds none. */
export function pageSecretsOf(state: OkeyState, seatId: number): SeatSecrets | null {
  const deck = state.deck;
  if (!deck) return null;
  const secret = knownRoundSecret(roundSecretKey(deck.room, deck.round, deckSeat(seatId)));
  return secret === null ? null : secretsOf(seatId, secret);
}

/** A seat's secrets from its round secret, derived once (deriving the key is a product on the curve). */
export function secretsOf(seatId: number, secret: Uint8Array): SeatSecrets {
  let secrets = derived.get(secret);
  if (!secrets) {
    secrets = seatSecrets(deckSeat(seatId), secret);
    derived.set(secret, secrets);
  }
  return secrets;
}

// The tiles read so far, by deck position, for one round at a time: a tile once read stays what it is.
let reads: { round: string; tiles: Map<number, number | null> } = { round: '', tiles: new Map() };

/** The tiles this page has read of the state's masked round, by position (its board and its seats' checks share it). */
export function tilesRead(state: OkeyState): Map<number, number | null> {
  const round = state.deck ? `${state.deck.room}/${state.deck.round}` : '';
  if (reads.round !== round) reads = { round, tiles: new Map() };
  return reads.tiles;
}
const readAs = new WeakMap<OkeyState, Map<number, OkeyState>>();
// The rack as last read, by seat: a change of the deck alone (a seal, a share) reads the same rack, and the state then
// keeps the same players, so the board's layout and memoised seats skip their renders; another seat's move keeps this
// seat and its tiles, so its rack's slots skip theirs.
const lastRead = new Map<
  number,
  {
    source: OkeyState['players'];
    seatSource: Seat;
    rack: string;
    seat: Seat;
    players: OkeyState['players'];
  }
>();

/** The rack with each tile that reads as it did kept as the object it was: its slot then skips its render. */
function keptTiles(hand: OkeyState['players'][number]['hand'], before: OkeyState['players'][number]['hand']) {
  const byId = new Map(before.flatMap((t) => (t ? [[t.id, t] as const] : [])));
  return hand.map((t) => {
    const old = t && byId.get(t.id);
    return old && JSON.stringify(old) === JSON.stringify(t) ? old : t;
  });
}

/**
 * The state with a seat's rack as this page reads it (its tiles' faces where it holds the secrets and every seal is
 * in): what the board shows its player and what a bot it drives decides on. The same object for the same state.
 */
export function withRackRead(state: OkeyState, seatId: number | null): OkeyState {
  if (seatId === null || !state.deck) return state;
  const seat = state.players.find((s) => s.id === seatId);
  const secrets =
    seat && seat.hand.some((t) => t !== null && isMasked(t)) ? pageSecretsOf(state, seatId) : null;
  if (!secrets) return state;
  const tiles = tilesRead(state);
  let bySeat = readAs.get(state);
  if (!bySeat) readAs.set(state, (bySeat = new Map()));
  let read = bySeat.get(seatId);
  if (!read && seat) {
    const hand = rackAsRead(state, seatId, secrets, tiles);
    const rack = JSON.stringify(hand);
    const last = lastRead.get(seatId);
    const same = last?.rack === rack;
    const seatRead =
      same && last.seatSource === seat
        ? last.seat
        : { ...seat, hand: same ? last.seat.hand : keptTiles(hand, last?.seat.hand ?? []) };
    const players =
      same && last.source === state.players
        ? last.players
        : state.players.map((s) => (s.id === seatId ? seatRead : s));
    lastRead.set(seatId, { source: state.players, seatSource: seat, rack, seat: seatRead, players });
    read = { ...state, players };
    bySeat.set(seatId, read);
  }
  return read ?? state;
}

/** The opening a move of this tile carries (a discard, a show): undefined for a tile every page knows already. */
export function openingFor(state: OkeyState, seatId: number, tileId: string): unknown {
  const tile = state.players.find((s) => s.id === seatId)?.hand.find((t) => t?.id === tileId);
  const secrets = pageSecretsOf(state, seatId);
  if (!tile || !isMasked(tile) || !state.deck || !secrets) return undefined;
  return openingOf(state.deck, secrets, tile) ?? undefined;
}

/** The openings a finish carries: every masked tile of the seat's rack. */
export function openingsFor(state: OkeyState, seatId: number): unknown[] | undefined {
  const secrets = pageSecretsOf(state, seatId);
  return secrets ? (rackOpenings(state, seatId, secrets) ?? undefined) : undefined;
}

const openings = new WeakMap<OkeyState, Map<string, unknown>>();

/** openingFor, kept per state: a drag signs its discard ahead, and the drop sends the same. */
function keptOpening(state: OkeyState, seatId: number, tileId: string): unknown {
  let byTile = openings.get(state);
  if (!byTile) openings.set(state, (byTile = new Map()));
  if (!byTile.has(tileId)) byTile.set(tileId, openingFor(state, seatId, tileId));
  return byTile.get(tileId);
}

/**
 * A move of the seat's as it goes out: a discard, a show or a turn timed out with 15 tiles with its tile's opening,
 * a finish with its rack's, where those tiles are masked and this page holds the seat's secrets. Any other action as
 * it is.
 */
export function withOpenings<A extends { type: string; payload?: unknown }>(
  action: A,
  state: OkeyState,
  seatId: number | null,
): A {
  if (seatId === null || !state.deck) return action;
  const payload = (action.payload ?? {}) as Record<string, unknown>;
  const tileId = typeof payload.tileId === 'string' ? payload.tileId : null;
  let extra: Record<string, unknown> | null = null;
  if ((action.type === 'okey/tileDiscarded' || action.type === 'okey/indicatorShown') && tileId !== null)
    extra = { opening: keptOpening(state, seatId, tileId) };
  else if (action.type === 'okey/finishDeclared') extra = { openings: openingsFor(state, seatId) };
  else if (action.type === 'okey/turnTimedOut') {
    // With 15 tiles a timed-out turn lets the last one go (rules/turn.ts).
    const hand = state.players.find((s) => s.id === seatId)?.hand ?? [];
    const last = [...hand].reverse().find((t) => t !== null);
    if (last && hand.filter((t) => t !== null).length === MAX_HAND)
      extra = { opening: keptOpening(state, seatId, last.id) };
  }
  if (extra === null || Object.values(extra).every((v) => v === undefined)) return action;
  if (__TEST_HOOKS__ && window.__tamperOpening === true) extra = tampered(extra);
  return { ...action, payload: { ...payload, ...extra } };
}

declare global {
  interface Window {
    /** Test hook: this page's openings carry another proof, as a page running other code could send (test build). */
    __tamperOpening?: boolean;
    /** Test hook: this page's shuffles swap two tiles after shuffling, unlike their seeds (test build). */
    __tamperShuffle?: boolean;
  }
}

/**
 * A deck entry as this page sends it: as made, or (test builds, `__tamperShuffle`) a shuffle whose first two
 * ciphertexts are swapped after the seed shuffled them, as a page running other code could send. Nothing shows it
 * until the round's end, when the seat's seed no longer gives its deck.
 */
export function asSent(entry: DeckEntry): DeckEntry {
  if (!__TEST_HOOKS__ || window.__tamperShuffle !== true || entry.event !== 'deckShuffled') return entry;
  const n = deckSize(entry.payload.deck);
  const bytes = n === null ? null : fromBase64Url(entry.payload.deck, n * 2 * ELEMENT_BYTES);
  if (bytes === null) return entry;
  const one = 2 * ELEMENT_BYTES;
  const first = bytes.slice(0, one);
  bytes.copyWithin(0, one, 2 * one);
  bytes.set(first, one);
  return { ...entry, payload: { ...entry.payload, deck: toBase64Url(bytes) } };
}

/** An opening with its own share's proof changed: a share whose proof fails (test builds only). */
function tampered(extra: Record<string, unknown>): Record<string, unknown> {
  const opening = extra.opening as { own?: { share: string; proof: string } } | undefined;
  if (!opening?.own) return extra;
  const proof = opening.own.proof;
  const flipped = `${proof[0] === 'A' ? 'B' : 'A'}${proof.slice(1)}`;
  return { ...extra, opening: { ...opening, own: { ...opening.own, proof: flipped } } };
}

/** Whether a finish may be signed while its tile travels: not while the rack is masked (its openings take a moment). */
export const finishSignsAhead = (hand: OkeyState['players'][number]['hand']): boolean =>
  openRack(hand) !== null;
