import {
  addPublicShare,
  addSealedShare,
  addSeatKey,
  addSeed,
  addShuffle,
  checkRevealed,
  sealFaultAt,
  deckPhase,
  newDeckTable,
  openedTile,
  type DeckTable,
  type TableResult,
} from '../../shared/maskedDeck/table';
import { DEAL_OTHERS, MAX_HAND, emptyHand } from './hand';
import { nextRound } from './match';
import { QUIET_REASONS } from './messages';
import { DECK_REASONS, deckSeat, maskedHolders, tileOfIndex } from './deck';
import { voidRound } from './openings';
import { seatOfUser } from './seats';
import { TILE_COUNT, isJoker, isMasked } from './tiles';
import type { Actor, MaskedTile, OkeyState, Result, TableTile, Tile } from './types';

/**
 * An Okey round's masked deck in the rules (docs/hidden-tiles.md, "At the Okey table"): the deck's messages as seat
 * actions, each checked by the table as it comes, and where the final deck goes. Pure, over the state's `deck`.
 */

/** Where a round's final deck goes: each seat's dealt positions (by seat id), the indicator's candidates, the pile. */
export type DeckLayout = {
  racks: Readonly<Record<string, readonly number[]>>;
  /** Where the indicator is looked for, in order: the pile's last position, then the one above it, and so on. */
  indicatorCandidates: readonly number[];
  /** The draw pile's positions, top first (the indicator's candidates last). */
  pile: readonly number[];
};

/** The deal as today's: the first seat 15 tiles from the top, each other 14, then the draw pile. */
export function deckLayout(seats: readonly string[], tiles = TILE_COUNT): DeckLayout {
  const racks: Record<string, number[]> = {};
  let next = 0;
  for (const [i, seat] of seats.entries()) {
    const count = i === 0 ? MAX_HAND : DEAL_OTHERS;
    racks[seat] = Array.from({ length: count }, (_, k) => next + k);
    next += count;
  }
  const pile = Array.from({ length: tiles - next }, (_, k) => next + k);
  return { racks, indicatorCandidates: [...pile].reverse(), pile };
}

/**
 * The round's deck for the seated seats (Start Game of a masked round), bound to the room and the round's number,
 * which counts every masked deal at this table and never starts over (a proof of one round is no proof in another).
 */
export function openDeck(state: OkeyState, room: string): OkeyState {
  const round = (state.deckRounds ?? 0) + 1;
  const seats = state.players.filter((s) => s.user !== null).map((s) => deckSeat(s.id));
  const deck = newDeckTable({ room, round, tiles: TILE_COUNT, seats });
  if (deck === null) return state;
  return { ...state, deck, deckRounds: round, pointsBefore: { ...state.match.points } };
}

/**
 * The indicator as far as it is opened: the position whose public shares are awaited, or the indicator tile once a
 * non-joker opened (a joker opened there stays at the bottom of the pile, and the position above it is opened next).
 */
export function indicatorOf(deck: DeckTable): { awaited: number } | { tile: Tile; position: number } | null {
  if (deckPhase(deck) === 'keys' || deckPhase(deck) === 'shuffles') return null;
  for (const position of deckLayout(deck.seats, deck.tiles).indicatorCandidates) {
    const index = openedTile(deck, position);
    if (index === null) return { awaited: position };
    const tile = tileOfIndex(index);
    if (tile !== null && !isJoker(tile)) return { tile, position };
  }
  return null;
}

/** A deck message of the actor's seat (a bot's, by its driver in its name) taken by the table, or refused. */
function byDeckSeat(
  state: OkeyState,
  { by }: Actor,
  take: (deck: DeckTable, seat: string) => TableResult,
): Result<OkeyState> {
  if (!state.deck) return { ok: false, reason: QUIET_REASONS.notDealing };
  // The deal's messages end with the round; only its openings and seeds come after.
  const late =
    state.gameState === 'finish' && deckPhase(state.deck) !== 'dealt' && deckPhase(state.deck) !== 'revealed';
  if (late) return { ok: false, reason: QUIET_REASONS.deckOutOfTurn };
  const seat = seatOfUser(state, by.id);
  if (!seat || !state.deck.seats.includes(deckSeat(seat.id)))
    return { ok: false, reason: QUIET_REASONS.notSeated };
  const taken = take(state.deck, deckSeat(seat.id));
  // The deck moved on: a wait called too long before this counts no more (timeOutDeal).
  const { dealTimeouts: _votes, ...table } = state;
  if (taken.ok) return { ok: true, state: { ...table, deck: taken.table } };
  // A signed message whose proof fails is its seat's own word that it cheated: the round is void, and says who.
  if (taken.fault === 'proof') return { ok: true, state: voidRound(state, seat.id) };
  return { ok: false, reason: DECK_REASONS[taken.fault] };
}

/** Deck keyed: a seat's deck key with its proof. */
export const keyDeck = (state: OkeyState, move: Actor & { key: unknown; proof: unknown }) =>
  byDeckSeat(state, move, (deck, seat) => addSeatKey(deck, seat, { key: move.key, proof: move.proof }));

/** A deck position as a masked tile lying at `source`. */
const masked = (position: number, source: string): MaskedTile => ({
  id: `deck-${position}`,
  masked: true,
  position,
  source,
  hidden: false,
});

/** The final deck laid out on the table: each seat's rack and the draw pile, every tile masked. */
function layOut(state: OkeyState, deck: DeckTable): OkeyState {
  const { racks, pile } = deckLayout(deck.seats, deck.tiles);
  // As a dealt table always has: empty seats leave until the next table.
  const players = state.players.flatMap((seat) => {
    const positions = racks[deckSeat(seat.id)];
    if (!positions) return [];
    const hand = emptyHand();
    positions.forEach((position, slot) => (hand[slot] = masked(position, `hand-${seat.id}`)));
    return [{ ...seat, hand, discardPile: [] }];
  });
  return { ...state, players, drawPile: pile.map((p) => masked(p, 'draw-pile')), okeyTile: null };
}

/** Deck shuffled: a seat's shuffle in its turn, with the commitment to its seed; the last one lays the deck out. */
export function shuffleDeckBy(
  state: OkeyState,
  move: Actor & { deck: unknown; commitment: unknown },
): Result<OkeyState> {
  const result = byDeckSeat(state, move, (deck, seat) =>
    addShuffle(deck, seat, { deck: move.deck, commitment: move.commitment }),
  );
  if (!result.ok || !result.state.deck || deckPhase(result.state.deck) !== 'dealt') return result;
  return { ok: true, state: layOut(result.state, result.state.deck) };
}

/** The most seals one entry may carry: every position of the deck. */
const MAX_SEALS = TILE_COUNT;

/** Tiles sealed: a seat's seals of positions to their receivers (the deal: every other seat's rack), all or none. */
export function sealTiles(state: OkeyState, move: Actor & { seals: unknown }): Result<OkeyState> {
  const { seals } = move;
  if (!Array.isArray(seals) || seals.length === 0 || seals.length > MAX_SEALS)
    return { ok: false, reason: QUIET_REASONS.deckMalformed };
  // A position is sealed only to the seat whose rack holds it: a seal naming another receiver would claim the
  // position for it, and the holder's own seals would then be refused.
  const holders = maskedHolders(state);
  return byDeckSeat(state, move, (deck, seat) => {
    let table = deck;
    for (const seal of seals as unknown[]) {
      if (typeof seal !== 'object' || seal === null) return { ok: false, fault: 'malformed' };
      const { position, receiver, sealed } = seal as Record<string, unknown>;
      if (typeof position !== 'number' || typeof receiver !== 'string')
        return { ok: false, fault: 'malformed' };
      if (holders.get(position) !== receiver) return { ok: false, fault: 'order' };
      // Its receiver checks it; every page checks it only when the receiver says it fails (disputeSeal).
      const taken = addSealedShare(table, seat, { position, receiver, sealed }, { verify: false });
      if (!taken.ok) return taken;
      table = taken.table;
    }
    return { ok: true, table };
  });
}

/**
 * Indicator shared: a seat's public share of the position the indicator is looked for at now. Once every seat's is
 * in, the tile there is open: a joker stays face-up in the pile and the position above is looked at next; any other
 * tile is the indicator, and the round is in play.
 */
export function shareIndicator(state: OkeyState, move: Actor & { share: unknown }): Result<OkeyState> {
  const indicator = state.deck ? indicatorOf(state.deck) : null;
  if (indicator === null || !('awaited' in indicator))
    return { ok: false, reason: QUIET_REASONS.deckOutOfTurn };
  const result = byDeckSeat(state, move, (deck, seat) =>
    addPublicShare(deck, seat, { position: indicator.awaited, share: move.share }),
  );
  if (!result.ok) return result;
  const deck = result.state.deck as DeckTable;
  const index = openedTile(deck, indicator.awaited);
  const face = index === null ? null : tileOfIndex(index);
  if (face === null) return result;
  const at = (t: TableTile) => isMasked(t) && t.position === indicator.awaited;
  if (isJoker(face)) {
    const drawPile = result.state.drawPile.map((t) =>
      at(t) ? { ...face, source: 'draw-pile', hidden: false } : t,
    );
    return { ok: true, state: { ...result.state, drawPile } };
  }
  const seated = result.state.players.filter((s) => deck.seats.includes(deckSeat(s.id)));
  return {
    ok: true,
    state: {
      ...result.state,
      drawPile: result.state.drawPile.filter((t) => !at(t)),
      okeyTile: { ...face, source: 'draw-pile', hidden: false },
      gameState: 'play',
      currentPlayer: seated[0]?.id ?? null,
      message: null,
      match: nextRound(result.state.match),
    },
  };
}

/**
 * Seed revealed: a seat's shuffle seed once the round is over. The last seed checks every shuffle: a seat whose
 * shuffle its seed does not give is named and the round is void. Every opening was checked as it came, so the shuffles
 * are what is left. Once they hold, the seeds tell the whole deck, and every rack still masked opens from it: no seat
 * opens its rack tile by tile.
 */
export function revealDeckSeed(state: OkeyState, move: Actor & { seed: unknown }): Result<OkeyState> {
  if (state.gameState !== 'finish') return { ok: false, reason: QUIET_REASONS.deckOutOfTurn };
  const result = byDeckSeat(state, move, (deck, seat) => addSeed(deck, seat, move.seed));
  const check = result.ok && result.state.deck ? checkRevealed(result.state.deck, { openings: false }) : null;
  if (!result.ok || check === null) return result;
  if (check.ok) return { ok: true, state: withRacksOpen(result.state) };
  return { ok: true, state: voidRound(result.state, check.seat === null ? null : Number(check.seat)) };
}

/** Every masked tile of every rack as the tile its deck position holds, where every page can read it. */
function withRacksOpen(state: OkeyState): OkeyState {
  const deck = state.deck;
  if (!deck) return state;
  const open = (tile: TableTile | null): TableTile | null => {
    if (tile === null || !isMasked(tile)) return tile;
    const index = openedTile(deck, tile.position);
    const face = index === null ? null : tileOfIndex(index);
    return face === null ? tile : { ...face, source: tile.source, hidden: tile.hidden };
  };
  return { ...state, players: state.players.map((seat) => ({ ...seat, hand: seat.hand.map(open) })) };
}

/**
 * Seal disputed: a tile's receiver says a seal of it fails (its page read no tile). Every page checks that position's
 * seals: the sealer whose seal fails is named and the round is void; a claim against seals that hold is refused.
 */
export function disputeSeal(state: OkeyState, move: Actor & { position: unknown }): Result<OkeyState> {
  const deck = state.deck;
  const seat = seatOfUser(state, move.by.id);
  const position = move.position;
  if (!deck || !seat || typeof position !== 'number')
    return { ok: false, reason: QUIET_REASONS.deckOutOfTurn };
  if (deck.openings[position]?.receiver !== deckSeat(seat.id))
    return { ok: false, reason: QUIET_REASONS.deckOutOfTurn };
  const sealer = sealFaultAt(deck, position);
  if (sealer === null) return { ok: false, reason: QUIET_REASONS.sealsHold };
  return { ok: true, state: voidRound(state, Number(sealer)) };
}
