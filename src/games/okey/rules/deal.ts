import { MIN_WITNESSES, chosenLuckAllowed, LUCK_REASONS } from '../../shared/sharedLuck';
import { MESSAGES, QUIET_REASONS, withheldMessage } from './messages';
import { FINISH_PENALTY, SHOW_PENALTY, chargeSeat } from './match';
import { MIN_PLAYERS, SEAT_COUNT, driversOf, emptySeat, personSeats, seatOfUser, updateSeat } from './seats';
import { emptyHand } from './hand';
import { startGame, type TileOrder } from './setup';
import { dealBeingDrawn, deckSeat } from './deck';
import { awaitedSeats } from './deckOwed';
import { openDeck } from './maskedRound';
import { voidRound } from './openings';
import { createTileSet } from './tiles';
import type { Actor, OkeyState, Result, Seat } from './types';

/**
 * The deal is the round's masked deck (docs/hidden-tiles.md): Start Game opens it, every seated page keys it, shuffles
 * it in turn and seals each rack to its seat, so no page chooses the tiles and none sees another's. What every seat
 * owes the deck is in the log for every page to check; a seat that stops owing it is named here.
 */

/**
 * Start Game: with at least two seated players, the round's masked deck opens for the seated seats, and the deal is
 * drawn as every seated page does its part. A test build may carry a chosen order instead (chosenLuckAllowed): the deal
 * is made from it at once, face-up.
 */
export function requestDeal(
  state: OkeyState,
  start: Actor & Partial<TileOrder>,
  room: string,
): Result<OkeyState> {
  if (state.gameState !== 'start' || dealBeingDrawn(state))
    return { ok: false, reason: QUIET_REASONS.alreadyStarted };
  if (start.order !== undefined) {
    if (!chosenLuckAllowed()) return { ok: false, reason: LUCK_REASONS.chosenLuck };
    return startGame(state, start as Actor & TileOrder);
  }
  const seated = state.players.filter((seat) => seat.user !== null);
  if (seated.length < MIN_PLAYERS)
    return { ok: true, state: { ...state, message: MESSAGES.notEnoughPlayers } };
  return { ok: true, state: openDeck({ ...state, message: null }, room) };
}

/** What withholding costs: the most a round played out can cost a player (a finish with the okey, a show). */
export const WITHHOLD_PENALTY = 2 * FINISH_PENALTY + SHOW_PENALTY;

/** The seats whose word calls the deck's wait off: every person at the deck who owes it nothing now. */
function witnessesOf(state: OkeyState): Seat[] {
  const late = awaitedSeats(state);
  const deckSeats = state.deck?.seats ?? [];
  return personSeats(state).filter((seat) => deckSeats.includes(deckSeat(seat.id)) && !late.includes(seat));
}

/**
 * The deck waited too long: each person at it who owes it nothing says so from their own page once its clock ran out
 * with nothing new from the deck (a signed entry each). Once every one of them has (at least MIN_WITNESSES: one page's
 * word is never enough), the seats it waits for are named, lose the round and stand up (withheld). Refused from a
 * spectator or a seat the deck waits for.
 */
export function timeOutDeal(state: OkeyState, { by }: Actor): Result<OkeyState> {
  if (awaitedSeats(state).length === 0) return { ok: false, reason: QUIET_REASONS.notDealing };
  const witnesses = witnessesOf(state);
  const voter = seatOfUser(state, by.id);
  if (!voter || !witnesses.includes(voter)) return { ok: false, reason: QUIET_REASONS.notAWitness };
  if (witnesses.length < MIN_WITNESSES) return { ok: false, reason: LUCK_REASONS.oneWitness };
  const votes = state.dealTimeouts ?? [];
  const dealTimeouts = votes.includes(voter.id) ? votes : [...votes, voter.id];
  if (!witnesses.every((seat) => dealTimeouts.includes(seat.id)))
    return { ok: true, state: { ...state, dealTimeouts } };
  return { ok: true, state: withheld(state, awaitedSeats(state)) };
}

/**
 * The round called off against the seats that withheld their part of the deck (a timeout, or leaving while it is
 * awaited): each loses the round (WITHHOLD_PENALTY from its points as the round began) and stands up. A deal being
 * drawn is never made from fewer seats, which the leaver could have picked; a round in play or over is void, every
 * other seat's points as it began, since its tiles cannot all be opened or checked without the withholder.
 */
export function withheld(state: OkeyState, late: readonly Seat[]): OkeyState {
  const { dealTimeouts: _votes, ...rest } = state;
  let after: OkeyState;
  if (state.gameState === 'start') {
    // A deal called off takes its deck with it; the round's number stays spent.
    const { deck: _deck, pointsBefore: _points, ...open } = rest;
    after = undealt(open);
  } else after = voidRound(rest, null);
  for (const seat of late) {
    after = { ...after, match: chargeSeat(after, seat.id, WITHHOLD_PENALTY) };
    after = updateSeat(after, seat.id, (s) => ({ ...s, user: null, userKey: null }));
  }
  // A bot's part is its driver's: the person seated with the key the bot's seat is bound to loses the round too.
  for (const driver of driversOf(state, late).filter((seat) => !late.includes(seat)))
    after = { ...after, match: chargeSeat(after, driver.id, WITHHOLD_PENALTY) };
  return { ...after, message: withheldMessage(late[0]?.user?.name) };
}

/** The table before a masked deal laid its deck out: every seat back, racks empty, the set in its fixed order. */
function undealt(state: OkeyState): OkeyState {
  const players = Array.from({ length: SEAT_COUNT }, (_, i) => {
    const seat = state.players.find((s) => s.id === i + 1);
    return seat ? { ...seat, hand: emptyHand(), discardPile: [] } : emptySeat(i + 1);
  });
  return { ...state, players, drawPile: createTileSet(), okeyTile: null, currentPlayer: null };
}
