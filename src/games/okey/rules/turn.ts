import type { Reason } from '../../../i18n/reasons';
import { checkFinish, isSevenPairs } from './finish';
import { FINISH_PENALTY, charge } from './match';
import { isMasked, isOkey, openRack } from './tiles';
import { fromOpening, openHeld, openRackOf } from './openings';
import { MAX_HAND, isSlot, placeInSlot, revealHand, slotOf, tileCount } from './hand';
import { MESSAGES, QUIET_REASONS, winsMessage } from './messages';
import { nextSeat, previousSeat, seatOfUser, updateSeat } from './seats';
import type { Actor, OkeyState, Result, Seat, TableTile, Tile } from './types';

/** Draw payload: the tile dropped and the hand slot it was dropped on. */
export type DrawMove = Actor & { tileId: string; toSlot: number };

/**
 * Discard payload: the tile dropped, and its opening when it is masked (docs/hidden-tiles.md: the seat's own share
 * and every seal unsealed), so that every page knows the tile once it lies on the discard pile.
 */
export type TileMove = Actor & { tileId: string; opening?: unknown };

/** Finish payload: the tile dropped, and the opening of every masked tile of the rack (a finish shows it whole). */
export type FinishMove = Actor & { tileId: string; openings?: unknown };

/** The tile a player would draw from the draw pile (its first element), or null when empty. */
export const drawPileTop = (state: OkeyState): TableTile | null => state.drawPile[0] ?? null;

/** The top (last) tile of a seat's discard pile, or null when empty. */
export const discardTop = (seat: Seat): Tile | null => seat.discardPile[seat.discardPile.length - 1] ?? null;

/** The actor's seat when it is their turn in play, else null. */
function currentSeatOf(state: OkeyState, userId: string): Seat | null {
  const seat = seatOfUser(state, userId);
  return state.gameState === 'play' && seat && seat.id === state.currentPlayer ? seat : null;
}

/** Takes the drawable tile with this id off its pile: the draw pile's top or the previous seat's discard top. */
function takeDrawable(
  state: OkeyState,
  seat: Seat,
  tileId: string,
): { tile: TableTile; state: OkeyState } | null {
  const top = drawPileTop(state);
  if (top?.id === tileId) return { tile: top, state: { ...state, drawPile: state.drawPile.slice(1) } };
  const previous = previousSeat(state, seat.id);
  const discarded = discardTop(previous);
  if (previous.id === seat.id || discarded?.id !== tileId) return null;
  return {
    tile: discarded,
    state: updateSeat(state, previous.id, (s) => ({ ...s, discardPile: s.discardPile.slice(0, -1) })),
  };
}

/**
 * Draw: the current player with fewer than 15 tiles takes the draw pile's top tile or the previous seat's
 * discard top into the slot dropped on. Any other tile, a deeper draw-pile tile included, is 'Can't draw this tile'.
 */
export function drawTile(state: OkeyState, { by, tileId, toSlot }: DrawMove): Result<OkeyState> {
  const seat = currentSeatOf(state, by.id);
  if (!seat) return { ok: false, reason: MESSAGES.notYourTurn };
  if (tileCount(seat.hand) >= MAX_HAND) return { ok: false, reason: MESSAGES.cantDrawMore };
  const taken = takeDrawable(state, seat, tileId);
  if (!taken) return { ok: false, reason: MESSAGES.cantDrawThis };
  if (!isSlot(toSlot)) return { ok: false, reason: QUIET_REASONS.invalidSlot };
  const tile = { ...taken.tile, source: `hand-${seat.id}`, hidden: false };
  return {
    ok: true,
    state: updateSeat(taken.state, seat.id, (s) => ({ ...s, hand: placeInSlot(s.hand, tile, toSlot) })),
  };
}

/** Reveals every hand and ends the round with this message. */
function endRound(state: OkeyState, message: Reason, currentPlayer: number | null): OkeyState {
  // A request to end the round early has nothing left to end.
  const { restart: _asked, departed: _kept, ...table } = state;
  const players = table.players.map((seat) => ({ ...seat, hand: revealHand(seat.hand) }));
  return { ...table, players, gameState: 'finish', currentPlayer, message };
}

/** Checks the shared preconditions of discard and finish; returns the seat and slot of the tile, or the refusal. */
function checkTurnEnd(
  state: OkeyState,
  { by, tileId }: Actor & { tileId: string },
  notInHand: Reason,
): { seat: Seat; slot: number } | { reason: Reason } {
  const seat = currentSeatOf(state, by.id);
  if (!seat) return { reason: MESSAGES.notYourTurn };
  if (tileCount(seat.hand) !== MAX_HAND) return { reason: MESSAGES.discardBeforeDrawing };
  const slot = slotOf(seat.hand, tileId);
  if (slot === -1) return { reason: notInHand };
  return { seat, slot };
}

/**
 * Discard: the current player with 15 tiles puts one from their own hand face-up on their discard pile and the
 * turn passes to the next seat; with the draw pile empty the round ends with no winner ('No tiles left').
 */
export function discardTile(state: OkeyState, move: TileMove): Result<OkeyState> {
  const checked = checkTurnEnd(state, move, MESSAGES.invalidDiscardSource);
  if ('reason' in checked) return { ok: false, reason: checked.reason };
  return discardFrom(state, checked.seat, checked.slot, move.opening);
}

/**
 * The seat's tile in this slot goes face-up on its discard pile (opened first when masked) and the turn passes (or
 * the round ends, no tiles left).
 */
function discardFrom(state: OkeyState, seat: Seat, slot: number, opening: unknown): Result<OkeyState> {
  const opened = openHeld(state, seat.id, seat.hand[slot] as TableTile, opening);
  return fromOpening(opened, ({ state: after, tile }) => discarded(after, seat, slot, tile));
}

function discarded(state: OkeyState, seat: Seat, slot: number, open: Tile): OkeyState {
  const tile = { ...open, source: `discard-${seat.id}`, hidden: false };
  const hand = seat.hand.map((t, i) => (i === slot ? null : t));
  const discarded = updateSeat(state, seat.id, (s) => ({
    ...s,
    hand,
    discardPile: [...s.discardPile, tile],
  }));
  // The seat's first turn is over: it can no longer show the indicator.
  const played = state.match.played.includes(seat.id) ? state.match.played : [...state.match.played, seat.id];
  const after = { ...discarded, match: { ...state.match, played } };
  if (after.drawPile.length === 0) return endRound(after, MESSAGES.noTilesLeft, null);
  return { ...after, currentPlayer: nextSeat(after, seat.id).id };
}

/** The turns taken this round: every discard ends one. A turn's number tells a timeout which turn it is for. */
export const turnNumber = (state: OkeyState): number =>
  state.players.reduce((sum, seat) => sum + seat.discardPile.length, 0);

/** The seconds a turn may last, as the table's setting allows them; 0 is no timer. */
export const TURN_SECONDS: readonly number[] = [0, 15, 30, 60];

/** Turn timer: anyone at the table sets how long a turn may last (off, 15, 30 or 60 s), kept for the room. */
export function setTurnTimer(state: OkeyState, { seconds }: Actor & { seconds: number }): Result<OkeyState> {
  if (!TURN_SECONDS.includes(seconds)) return { ok: false, reason: QUIET_REASONS.invalidTimer };
  return { ok: true, state: { ...state, turnSeconds: seconds } };
}

/**
 * A turn ran out: the move is made for the player whose turn it is (this turn, by its number, once): the draw pile's
 * top is drawn into the first empty slot and discarded, or, when they had drawn already, their last tile goes. Only
 * the seat's own player (their page, or a bot's driver in the bot's name) times a held seat's turn out.
 */
export function timeOutTurn(
  state: OkeyState,
  { by, seatId, turn, opening }: Actor & { seatId: number; turn: number; opening?: unknown },
): Result<OkeyState> {
  const seat = state.players.find((s) => s.id === seatId);
  if (state.turnSeconds === 0 || state.gameState !== 'play' || !seat || state.currentPlayer !== seatId)
    return { ok: false, reason: QUIET_REASONS.staleTimeout };
  if (turn !== turnNumber(state)) return { ok: false, reason: QUIET_REASONS.staleTimeout };
  // No page's clock may take another player's turn: the player's own page times it out (the seat signs it), and
  // anyone may only for a seat nobody holds (its player stood up); a departed player's seat is kept for them.
  if (seat.user !== null && seat.user.id !== by.id)
    return { ok: false, reason: QUIET_REASONS.notYourTimeout };
  // A seat kept for a departed player waits for them or for a bot: their departure may have been one page's word.
  if (state.departed?.[String(seatId)] !== undefined) return { ok: false, reason: QUIET_REASONS.seatKept };
  if (tileCount(seat.hand) === MAX_HAND) {
    let last = seat.hand.length - 1;
    while (seat.hand[last] === null) last--;
    return discardFrom(state, seat, last, opening);
  }
  const top = drawPileTop(state);
  const slot = seat.hand.indexOf(null);
  if (!top || slot === -1) return { ok: false, reason: QUIET_REASONS.staleTimeout };
  const drawn = { ...top, source: `hand-${seat.id}`, hidden: false };
  const after = updateSeat({ ...state, drawPile: state.drawPile.slice(1) }, seat.id, (s) => ({
    ...s,
    hand: s.hand.map((t, i) => (i === slot ? drawn : t)),
  }));
  // A masked tile is its seat's to open once the others' seals are in: the same turn's next timeout discards it.
  if (isMasked(drawn)) return { ok: true, state: after };
  return discardFrom(after, after.players.find((s) => s.id === seatId) as Seat, slot, null);
}

/**
 * Declare a finish: the current player with 15 tiles drops one from their own hand; if the 14 left win, that tile
 * goes face-up on top of the draw pile, every hand is revealed and the message is '{name} wins!'.
 */
export function declareFinish(state: OkeyState, move: FinishMove): Result<OkeyState> {
  const checked = checkTurnEnd(state, move, MESSAGES.cantMoveOthers);
  if ('reason' in checked) return { ok: false, reason: checked.reason };
  const { slot } = checked;
  // A finish shows the rack whole: every masked tile in it is opened first.
  const opened = openRackOf(state, checked.seat.id, move.openings);
  return fromOpening(opened, ({ state: table, hand }) => {
    const rack = openRack(hand);
    return rack
      ? finishWith(table, checked.seat, slot, rack)
      : { ok: false, reason: QUIET_REASONS.deckMalformed };
  });
}

/** The finish with the rack as every page now knows it: checked, scored, and the round ends. */
function finishWith(state: OkeyState, seat: Seat, slot: number, rack: (Tile | null)[]): Result<OkeyState> {
  const hand = rack.map((t, i) => (i === slot ? null : t));
  const indicator = state.okeyTile as Tile;
  const verdict = checkFinish(hand, indicator);
  if (!verdict.ok) return { ok: false, reason: verdict.error };
  // Each other player loses 2 points, or 4 for seven pairs or a finish with the okey itself.
  const doubled = isSevenPairs(hand, indicator) || isOkey(rack[slot] as Tile, indicator);
  const match = charge(state, seat.id, doubled ? 2 * FINISH_PENALTY : FINISH_PENALTY);
  const shown = { ...(rack[slot] as Tile), source: 'draw-pile', hidden: false };
  const after = updateSeat({ ...state, drawPile: [shown, ...state.drawPile], match }, seat.id, (s) => ({
    ...s,
    hand,
  }));
  return { ok: true, state: endRound(after, winsMessage(seat.user?.name), seat.id) };
}
