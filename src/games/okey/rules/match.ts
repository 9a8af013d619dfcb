import { MESSAGES, shownMessage } from './messages';
import { seatOfUser } from './seats';
import { fromOpening, openHeld } from './openings';
import { openTileOf } from './tiles';
import type { Actor, Match, OkeyState, Result, Seat, TableTile, Tile } from './types';

/** Points every seat starts a match with: the common 20-point table. */
export const START_POINTS = 20;

/** Points each other player loses when someone finishes; double for seven pairs or a finish with the okey. */
export const FINISH_PENALTY = 2;

/** Points each other player loses when someone shows the indicator's twin on their first turn. */
export const SHOW_PENALTY = 1;

/** A fresh match: 20 points for each of the table's seats, nobody has played or shown yet. */
export const newMatch = (seatIds: readonly number[]): Match => ({
  points: Object.fromEntries(seatIds.map((id) => [String(id), START_POINTS])),
  played: [],
  shown: [],
  winner: null,
});

/** The same match, ready for its next round: points kept, first turns and shows forgotten. */
export const nextRound = (match: Match): Match => ({ ...match, played: [], shown: [] });

/**
 * Takes `penalty` from every seated player but `from`; once someone is at 0 or less the match is over, won by the
 * seat with the most points (the first such seat in players order on a tie).
 */
export function charge(state: OkeyState, from: number, penalty: number): Match {
  return withPoints(state, (seatId) => (seatId === from ? 0 : penalty));
}

/** Takes `penalty` from one seat alone (a seat that withheld its secret loses the round), the match settled alike. */
export function chargeSeat(state: OkeyState, seatId: number, penalty: number): Match {
  return withPoints(state, (id) => (id === seatId ? penalty : 0));
}

function withPoints(state: OkeyState, lost: (seatId: number) => number): Match {
  const points = { ...state.match.points };
  for (const seat of state.players) points[seat.id] = (points[seat.id] ?? START_POINTS) - lost(seat.id);
  const scores = state.players.map((seat) => ({ id: seat.id, points: points[seat.id] ?? START_POINTS }));
  const over = scores.some((s) => s.points <= 0);
  const best = scores.reduce((a, b) => (b.points > a.points ? b : a), scores[0]);
  return { ...state.match, points, winner: over && best ? best.id : state.match.winner };
}

/** Whether a tile is the indicator's twin: the other tile of the same colour and rank. */
const isTwinOf = (tile: Tile, indicator: Tile) =>
  tile.color === indicator.color && tile.rank === indicator.rank && tile.id !== indicator.id;

/** Whether the seat may still show the indicator's twin: its first turn, before its first discard, not shown yet. */
export function canShowIndicator(state: OkeyState, seat: Seat): boolean {
  return (
    state.gameState === 'play' &&
    state.currentPlayer === seat.id &&
    state.okeyTile !== null &&
    !state.match.played.includes(seat.id) &&
    !state.match.shown.includes(seat.id) &&
    state.match.winner === null
  );
}

/** The twin of the indicator in the seat's hand as given (a page's view of its own rack), if it holds one. */
export function indicatorTwin(state: OkeyState, seat: Seat): Tile | null {
  const indicator = state.okeyTile;
  if (!indicator) return null;
  return seat.hand.map(openTileOf).find((t): t is Tile => t !== null && isTwinOf(t, indicator)) ?? null;
}

/**
 * Show the indicator: on their first turn a player shows the tile identical to the indicator, and every other player
 * loses a point. The tile stays in their hand.
 */
export function showIndicator(
  state: OkeyState,
  { by, tileId, opening }: Actor & { tileId: string; opening?: unknown },
): Result<OkeyState> {
  const seat = seatOfUser(state, by.id);
  if (!seat || state.currentPlayer !== seat.id || state.gameState !== 'play')
    return { ok: false, reason: MESSAGES.notYourTurn };
  const slot = seat.hand.findIndex((t) => t?.id === tileId);
  if (slot === -1) return { ok: false, reason: MESSAGES.cantMoveOthers };
  if (!canShowIndicator(state, seat)) return { ok: false, reason: MESSAGES.cantShowIndicator };
  // Shown to every page: a masked tile is opened by its seat's opening first, and stays open in the rack.
  const opened = openHeld(state, seat.id, seat.hand[slot] as TableTile, opening);
  return fromOpening(opened, ({ state: table, tile }) => {
    if (!isTwinOf(tile, state.okeyTile as Tile)) return { ok: false, reason: MESSAGES.cantShowIndicator };
    const players = table.players.map((s) =>
      s.id === seat.id ? { ...s, hand: s.hand.map((t, i) => (i === slot ? tile : t)) } : s,
    );
    const charged = charge(table, seat.id, SHOW_PENALTY);
    const match = { ...charged, shown: [...charged.shown, seat.id] };
    return { ok: true, state: { ...table, players, match, message: shownMessage(seat.user?.name) } };
  });
}
