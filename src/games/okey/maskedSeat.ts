// A seat's page at a masked Okey round (docs/hidden-tiles.md, "At the Okey table"): from the seat's round secrets,
// the deck entry it owes now, its rack as it reads it, and the openings its moves carry. Pure: the page keeps the
// secrets and sends what these make.
import {
  keyMessage,
  openingMessage,
  publicShareMessage,
  readOwnTile,
  sealMessage,
  seedMessage,
  shuffleMessage,
  type SeatSecrets,
} from '../shared/maskedDeck/seat';
import { sealFaultAt, sealedToReceiver, type DeckTable } from '../shared/maskedDeck/table';
import { deckOwed } from './rules/deckOwed';
import { DEAL_OTHERS, MAX_HAND } from './rules/hand';
import { indicatorOf } from './rules/maskedRound';
import { tileOfIndex } from './rules/deck';
import { drawPileTop, drawTile } from './rules/turn';
import { isMasked } from './rules/tiles';
import type { MaskedTile, OkeyState, TableTile } from './rules/types';

/** A deck entry a seat owes: its event and payload, without who sends it (the page adds its seat's actor). */
export type DeckEntry =
  | { event: 'deckKeyed'; payload: { key: string; proof: string } }
  | { event: 'deckShuffled'; payload: { deck: string; commitment: string } }
  | { event: 'tilesSealed'; payload: { seals: { position: number; receiver: string; sealed: unknown }[] } }
  | { event: 'indicatorShared'; payload: { share: unknown } }
  | { event: 'sealDisputed'; payload: { position: number } }
  | { event: 'seedRevealed'; payload: { seed: string } };

/** The masked tiles of a seat's rack. */
const maskedOf = (state: OkeyState, seatId: number): MaskedTile[] =>
  (state.players.find((s) => s.id === seatId)?.hand ?? []).filter(
    (t): t is MaskedTile => t !== null && isMasked(t),
  );

/** The opening of a masked tile the seat holds, for every page: once every other seat's seal of it is in. */
export const openingOf = (deck: DeckTable, me: SeatSecrets, tile: MaskedTile) =>
  openingMessage(deck, me, tile.position);

/** The openings of every masked tile of the seat's rack (a finish); null while one cannot open. */
export function rackOpenings(state: OkeyState, seatId: number, me: SeatSecrets): unknown[] | null {
  const deck = state.deck;
  if (!deck) return null;
  const openings = maskedOf(state, seatId).map((t) => openingOf(deck, me, t));
  return openings.every((o) => o !== null) ? openings : null;
}

/**
 * Seals per entry: a deal's whole share of a seat (at most 15 + 14 + 14) in one entry, some 11 KB. Four pages writing
 * entries at once make the log's order change under what each page shows, and each such change costs every page a
 * fold; fewer, larger entries cost far less than the page's few hundred milliseconds of sealing in one go, while the
 * table shows "Dealing…".
 */
export const SEALS_PER_ENTRY = DEAL_OTHERS * 2 + MAX_HAND;

/**
 * The deck entry the seat owes first, made from its secrets, or null when it owes nothing (or cannot make it yet: a
 * rack whose seals are not all in). One at a time: the state after it says what is owed next.
 */
export function deckEntry(
  state: OkeyState,
  seatId: number,
  me: SeatSecrets,
  {
    sealsPerEntry = SEALS_PER_ENTRY,
    read = new Map<number, number | null>(),
    sent = (_part: string) => false,
  }: DeckEntryOptions = {},
): DeckEntry | null {
  const deck = state.deck;
  if (!deck) return null;
  const owed = deckOwed(state, seatId);
  if (owed.key && !sent('key')) return { event: 'deckKeyed', payload: keyMessage(deck, me) };
  const shuffle = owed.shuffle && !sent('shuffle') ? shuffleMessage(deck, me) : null;
  if (shuffle) return { event: 'deckShuffled', payload: shuffle };
  // A failing seal voids the round: said before anything else is owed.
  const dispute = disputed(state, seatId, me, read);
  if (dispute && !sent(partsOf(dispute, state)[0])) return dispute;
  const seals = owed.seals.filter(({ position }) => !sent(`seal ${position}`));
  if (seals.length > 0) {
    const made = seals.slice(0, sealsPerEntry).map(({ position, receiver }) => ({
      position,
      receiver,
      sealed: sealMessage(deck, me, position, receiver),
    }));
    if (made.every((s) => s.sealed !== null)) return { event: 'tilesSealed', payload: { seals: made } };
  }
  if (owed.indicator !== null && !sent(`indicator ${owed.indicator}`)) {
    const share = publicShareMessage(deck, me, owed.indicator);
    if (share) return { event: 'indicatorShared', payload: { share } };
  }
  if (owed.seed && !sent('seed')) return { event: 'seedRevealed', payload: { seed: seedMessage(me) } };
  return null;
}

/**
 * The deck entry the seat will owe once the player on turn draws the draw pile's top: its seal of that tile to them.
 * Made while the player still chooses (the seal is remembered once made, sealShare), so that the page can sign it
 * ahead and send it the moment the draw comes. Null when no draw from the pile can come next, when the drawer is this
 * seat (its own share of the top is worked out instead), or when the seat owes something now.
 */
export function foreseenDrawEntry(
  state: OkeyState,
  seatId: number,
  me: SeatSecrets,
  options: DeckEntryOptions = {},
): DeckEntry | null {
  const top = drawPileTop(state);
  const drawer = state.players.find((s) => s.id === state.currentPlayer);
  if (!state.deck || !top || !isMasked(top) || !drawer?.user) return null;
  if (drawer.id === seatId) {
    // The drawer owes nothing for its draw. It works out its own share of the top now, while the player chooses: the
    // tile then opens with less work once the last seal is in.
    readOwnTile(state.deck, me, top.position);
    return null;
  }
  if (deckEntry(state, seatId, me, options) !== null) return null;
  // The rules' own draw, into any slot: only whose rack the tile joins matters to the seals.
  const drawn = drawTile(state, { by: drawer.user, clientId: 0, tileId: top.id, toSlot: 0 });
  if (!drawn.ok) return null;
  const entry = deckEntry(drawn.state, seatId, me, options);
  return entry?.event === 'tilesSealed' ? entry : null;
}

/** How deckEntry is asked: seals per entry, the tiles read so far, and what this page sent a moment ago. */
export type DeckEntryOptions = {
  sealsPerEntry?: number;
  /** The tiles read so far this round, by position (kept across calls). */
  read?: Map<number, number | null>;
  /**
   * Whether this page sent a part a moment ago (partsOf names them): the state may not show it yet (a page shows the
   * log's order once it comes, and its own entry may still be on its way), and making it again costs every page.
   */
  sent?: (part: string) => boolean;
};

/** The parts of the deck an entry made on this state sends: what `sent` is asked about. */
export function partsOf(entry: DeckEntry, state: OkeyState): string[] {
  switch (entry.event) {
    case 'deckKeyed':
      return ['key'];
    case 'deckShuffled':
      return ['shuffle'];
    case 'tilesSealed':
      return entry.payload.seals.map((s) => `seal ${s.position}`);
    case 'indicatorShared': {
      const indicator = state.deck ? indicatorOf(state.deck) : null;
      return [`indicator ${indicator && 'awaited' in indicator ? indicator.awaited : ''}`];
    }
    case 'sealDisputed':
      return [`dispute ${entry.payload.position}`];
    case 'seedRevealed':
      return ['seed'];
  }
}

/**
 * A seal of the seat's rack that fails: a tile every seal of which is in, yet it reads as no tile. Each seal is checked
 * by its receiver alone (the rules take seals unchecked), so the seat says so, and every page checks that one.
 */
function disputed(
  state: OkeyState,
  seatId: number,
  me: SeatSecrets,
  read: Map<number, number | null>,
): DeckEntry | null {
  const deck = state.deck;
  if (!deck || state.gameState === 'finish') return null;
  for (const tile of maskedOf(state, seatId)) {
    if (read.get(tile.position) != null || !sealedToReceiver(deck, tile.position)) continue;
    const index = readOwnTile(deck, me, tile.position);
    if (index !== null) read.set(tile.position, index);
    else if (sealFaultAt(deck, tile.position) !== null)
      return { event: 'sealDisputed', payload: { position: tile.position } };
  }
  return null;
}

/**
 * The seat's rack as its page reads it: each masked tile whose seals are all in replaced by the tile it is (a tile
 * this page alone knows, never written back to the state); the others stay masked. `read` keeps the tiles read by
 * position across calls of one round.
 */
export function rackAsRead(
  state: OkeyState,
  seatId: number,
  me: SeatSecrets,
  read: Map<number, number | null> = new Map(),
): (TableTile | null)[] {
  const hand = state.players.find((s) => s.id === seatId)?.hand ?? [];
  const deck = state.deck;
  if (!deck) return hand;
  return hand.map((tile) => {
    if (tile === null || !isMasked(tile)) return tile;
    // A tile read once stays read (`read`, by position, for this round): reading costs a few curve products.
    let index = read.get(tile.position) ?? null;
    if (index === null) {
      index = readOwnTile(deck, me, tile.position);
      if (index !== null) read.set(tile.position, index);
    }
    const face = index === null ? null : tileOfIndex(index);
    // Read, it keeps its masked id: every move names the tile as the state does.
    return face === null ? tile : { ...face, id: tile.id, source: tile.source, hidden: tile.hidden };
  });
}
