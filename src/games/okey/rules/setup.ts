import { DEAL_OTHERS, MAX_HAND, emptyHand } from './hand';
import { MESSAGES, QUIET_REASONS, asksNewGameMessage, asksResetMessage } from './messages';
import { MIN_PLAYERS, SEAT_COUNT, driversOf, emptySeat, isBot, personSeats, seatOfUser } from './seats';
import { TILE_COUNT, createTileSet, isJoker } from './tiles';
import { newMatch, nextRound } from './match';
import { chosenLuckAllowed } from '../../shared/sharedLuck';
import { dealBeingDrawn } from './deck';
import { awaitedSeats } from './deckOwed';
import { deckPhase } from '../../shared/maskedDeck/table';
import type { Actor, Match, OkeyState, Restart, Result, Seat, Tile } from './types';

/** A shuffle carried as data: every tile id once, in the order the pile takes. */
export type TileOrder = { order: string[] };

/** A table of these seats in 'start' with the draw pile in this tile order, in this match, with this turn timer. */
function tableWith(drawPile: Tile[], seats: Seat[], match: Match, turnSeconds = 0): OkeyState {
  return {
    gameState: 'start',
    drawPile,
    okeyTile: null,
    currentPlayer: null,
    players: seats,
    message: null,
    match,
    turnSeconds,
  };
}

const SEAT_IDS = Array.from({ length: SEAT_COUNT }, (_, i) => i + 1);

/** The genesis state every peer shares: four empty seats and the unshuffled set (the shuffle comes with Start Game). */
export const createInitialState = (): OkeyState =>
  tableWith(
    createTileSet(),
    SEAT_IDS.map((id) => emptySeat(id)),
    newMatch(SEAT_IDS),
  );

/** The full set arranged in the given order, or null unless order names every tile exactly once. */
export function pileInOrder(order: unknown): Tile[] | null {
  if (!Array.isArray(order) || order.length !== TILE_COUNT) return null;
  const byId = new Map(createTileSet().map((t) => [t.id, t]));
  const pile: Tile[] = [];
  for (const id of order) {
    const tile = typeof id === 'string' ? byId.get(id) : undefined;
    if (!tile) return null;
    byId.delete(id);
    pile.push(tile);
  }
  return pile;
}

/**
 * The pile a fresh table starts with: the set in its fixed order (the deal shuffles it from every seat's secret), or a
 * test's chosen order where the build allows one. Null for an order that is refused.
 */
function freshPile(order: unknown): Tile[] | null {
  if (order === undefined) return createTileSet();
  return chosenLuckAllowed() ? pileInOrder(order) : null;
}

/**
 * Whether a round over is still being checked, so the table may not move on yet: its seeds check every shuffle and
 * open its racks (a moment; a person who withholds one is called out after the deck's wait). Not waiting for a seat
 * its person left, or a bot whose driver is seated no more: its secret may have left with its page, and nobody could
 * end such a wait at a table of two.
 */
export function roundBeingChecked(state: OkeyState): boolean {
  if (state.gameState !== 'finish') return false;
  return awaitedSeats(state).some(
    (seat) => seat.user !== null && (!isBot(seat.user) || driversOf(state, [seat]).length > 0),
  );
}

/**
 * Whether Reset Game or New Game happens now, or what the asking does: outside a round in play anyone may press them
 * (the spec); a deal being drawn ends only with its outcome or its timeout once its deck is laid out (else whoever
 * read a rack could redraw it); and a round in play ends early only when every person seated asks for it, each with their own signed press
 * (docs/okey-rules.md). The returned state is the table with the request, when others must still agree.
 */
function restartAsked(state: OkeyState, kind: Restart['kind'], by: Actor['by']): Result<OkeyState> | 'now' {
  // Once the deck is laid out, seats read their racks: a restart then would redraw a deal some have seen. Before, no
  // page knows a tile, and the table may start over (a deck nobody keys, as a log from before the masked deck leaves).
  if (
    dealBeingDrawn(state) &&
    state.deck &&
    deckPhase(state.deck) !== 'keys' &&
    deckPhase(state.deck) !== 'shuffles'
  )
    return { ok: false, reason: QUIET_REASONS.dealBeingDrawn };
  if (roundBeingChecked(state)) return { ok: false, reason: QUIET_REASONS.deckBeingChecked };
  if (state.gameState !== 'play') return 'now';
  const people = personSeats(state);
  if (people.length === 0) return 'now';
  const seat = seatOfUser(state, by.id);
  if (!seat || !people.includes(seat)) return { ok: false, reason: MESSAGES.onlyPlayersEndRound };
  const asked = state.restart?.kind === kind ? state.restart.seats : [];
  const seats = asked.includes(seat.id) ? asked : [...asked, seat.id];
  if (people.every((p) => seats.includes(p.id))) return 'now';
  const message = kind === 'reset' ? asksResetMessage(seat.user?.name) : asksNewGameMessage(seat.user?.name);
  return { ok: true, state: { ...state, restart: { kind, seats }, message } };
}

/** Reset Game: the default initial state, every seat empty (the pile is shuffled when the next deal is drawn). */
export function resetGame(state: OkeyState, { by, order }: Actor & Partial<TileOrder>): Result<OkeyState> {
  const pile = freshPile(order);
  if (!pile) return { ok: false, reason: QUIET_REASONS.invalidOrder };
  const asked = restartAsked(state, 'reset', by);
  if (asked !== 'now') return asked;
  // The turn timer is the room's setting: a reset keeps it.
  return {
    ok: true,
    state: { ...createInitialState(), drawPile: pile, turnSeconds: state.turnSeconds, ...keptRounds(state) },
  };
}

/**
 * New Game: the initial state in the given order, keeping each seated user in their seat with an empty hand: the next
 * round of the match, or a new match once the last one was won.
 */
export function startNewGame(state: OkeyState, { by, order }: Actor & Partial<TileOrder>): Result<OkeyState> {
  const pile = freshPile(order);
  if (!pile) return { ok: false, reason: QUIET_REASONS.invalidOrder };
  const asked = restartAsked(state, 'newGame', by);
  if (asked !== 'now') return asked;
  const seats = createInitialState().players.map((empty) => {
    const kept = state.players.find((seat) => seat.id === empty.id && seat.user !== null);
    return kept ? { ...empty, user: kept.user, userKey: kept.userKey } : empty;
  });
  const match = state.match.winner === null ? nextRound(state.match) : newMatch(SEAT_IDS);
  return {
    ok: true,
    state: {
      ...tableWith(pile, seats, match, state.turnSeconds),
      ...keptRounds(state),
    },
  };
}

/**
 * Start Game: with at least 2 seated players, empty seats leave, the pile takes the given order, its first
 * non-joker becomes the face-up indicator, and hands are dealt from the top in seat order, 15 then 14 each.
 */
export function startGame(state: OkeyState, { order }: Actor & TileOrder): Result<OkeyState> {
  if (state.gameState !== 'start') return { ok: false, reason: QUIET_REASONS.alreadyStarted };
  const seated = state.players.filter((seat) => seat.user !== null);
  if (seated.length < MIN_PLAYERS)
    return { ok: true, state: { ...state, message: MESSAGES.notEnoughPlayers } };
  const pile = pileInOrder(order);
  if (!pile) return { ok: false, reason: QUIET_REASONS.invalidOrder };
  // Players expect a real tile as indicator: a joker would make the okey's value undefined.
  const indicatorAt = pile.findIndex((t) => !isJoker(t));
  const indicator = { ...pile[indicatorAt], hidden: false };
  const rest = pile.filter((_, i) => i !== indicatorAt);
  let taken = 0;
  const players = seated.map((seat, i) => {
    const count = i === 0 ? MAX_HAND : DEAL_OTHERS;
    const dealt = rest
      .slice(taken, taken + count)
      .map((t) => ({ ...t, source: `hand-${seat.id}`, hidden: false }));
    taken += count;
    const hand = emptyHand();
    dealt.forEach((t, slot) => (hand[slot] = t));
    return { ...seat, hand, discardPile: [] };
  });
  return {
    ok: true,
    state: {
      gameState: 'play',
      drawPile: rest.slice(taken),
      okeyTile: indicator,
      currentPlayer: seated[0].id,
      players,
      message: null,
      match: nextRound(state.match),
      turnSeconds: state.turnSeconds,
      ...keptRounds(state),
    },
  };
}

// How many masked deals the table has started: no reset starts it over, so no round's proofs serve another.
const keptRounds = (state: OkeyState): Pick<OkeyState, 'deckRounds'> =>
  state.deckRounds ? { deckRounds: state.deckRounds } : {};
