import {
  MIN_WITNESSES,
  chosenLuckAllowed,
  drawFrom,
  isCommitment,
  LUCK_REASONS,
  reveals,
  shuffledBy,
} from '../../shared/sharedLuck';
import { MESSAGES, QUIET_REASONS, withheldMessage } from './messages';
import { FINISH_PENALTY, SHOW_PENALTY, chargeSeat } from './match';
import {
  MIN_PLAYERS,
  SEAT_COUNT,
  emptySeat,
  personSeats,
  seatOfUser,
  updateSeat,
  withCommitment,
} from './seats';
import { emptyHand } from './hand';
import { startGame, type TileOrder } from './setup';
import { dealBeingDrawn } from './deck';
import { openDeck } from './maskedRound';
import { createTileSet } from './tiles';
import type { Actor, OkeyState, Result, Seat } from './types';

/**
 * The deal, drawn by every seated page together (docs/fair-play.md): Start Game opens it; each seated page that
 * committed to a secret reveals it (a bot's, the page that drives it); once none is awaited, the tiles are shuffled by
 * a draw from all the secrets revealed, and dealt. Nobody's page chooses the order, and every fold recomputes it.
 */

/** The seated seats whose secret the deal being drawn still waits for. */
export function awaitedSeats(state: OkeyState): Seat[] {
  const dealing = state.dealing;
  if (!dealing) return [];
  const commitments = state.commitments ?? {};
  return state.players.filter((s) => s.user !== null && s.id in commitments && !(String(s.id) in dealing));
}

/** The tile order a draw from these secrets (by seat id) gives: every tile once, shuffled. */
export function orderFrom(secrets: Readonly<Record<string, string>>): string[] {
  return shuffledBy(
    createTileSet().map((t) => t.id),
    drawFrom('okey', secrets),
  );
}

/** Deals once no secret is awaited: the secrets revealed, in seat order, shuffle the tiles. Else the state as it is. */
export function dealIfRevealed(state: OkeyState): OkeyState {
  const { dealing, dealTimeouts: _votes, ...open } = state;
  // Without the deal being drawn, its key gone: a dealt table looks as it always has.
  if (!dealing || awaitedSeats(state).length > 0) return state;
  const dealt = startGame(open, { by: { id: '', name: '' }, clientId: 0, order: orderFrom(dealing) });
  // Fewer than two players are left (others stood up while it was drawn): the deal is called off.
  return dealt.ok ? dealt.state : open;
}

/**
 * Start Game: with at least two seated players, the deal opens and waits for the seated pages' secrets. A start that
 * asks for a masked deal (`masked`, docs/hidden-tiles.md) opens the round's masked deck instead: every seated page keys
 * it, shuffles it in turn and seals each rack to its seat, and no page sees another's tiles. A test build may carry a
 * chosen order instead (chosenLuckAllowed): the deal is made from it at once.
 */
export function requestDeal(
  state: OkeyState,
  start: Actor & Partial<TileOrder> & { reveal?: unknown; commitment?: unknown; masked?: unknown },
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
  if (start.masked === true) return { ok: true, state: openDeck({ ...state, message: null }, room) };
  const opened: OkeyState = { ...state, dealing: {}, message: null };
  // The starter's own secret may come with the start: one entry less for the others to wait for.
  if (start.reveal === undefined) return { ok: true, state: dealIfRevealed(opened) };
  return revealForDeal(opened, { ...start, reveal: start.reveal });
}

/** Reveal: a seated player's secret (a bot's, by its driver) for the deal being drawn, with the next commitment. */
export function revealForDeal(
  state: OkeyState,
  { by, reveal, commitment }: Actor & { reveal: unknown; commitment?: unknown },
): Result<OkeyState> {
  const dealing = state.dealing;
  if (!dealing) return { ok: false, reason: QUIET_REASONS.notDealing };
  const seat = seatOfUser(state, by.id);
  if (!seat) return { ok: false, reason: QUIET_REASONS.notSeated };
  const key = String(seat.id);
  if (key in dealing) return { ok: false, reason: LUCK_REASONS.alreadyRevealed };
  const committed = state.commitments?.[key];
  if (committed === undefined) return { ok: false, reason: LUCK_REASONS.noCommitment };
  if (!reveals(reveal, committed)) return { ok: false, reason: LUCK_REASONS.badReveal };
  // The secret is public now: the seat's next one is what it commits to with this reveal.
  const { [key]: _revealed, ...commitments } = state.commitments ?? {};
  if (isCommitment(commitment)) commitments[key] = commitment;
  return {
    ok: true,
    state: dealIfRevealed({ ...state, commitments, dealing: { ...dealing, [key]: reveal } }),
  };
}

/** What withholding a secret costs: the most a round played out can cost a player (a finish with the okey, a show). */
export const WITHHOLD_PENALTY = 2 * FINISH_PENALTY + SHOW_PENALTY;

/** The seats whose word calls a deal off: every person seated who revealed (a bot's driver could withhold for it). */
const dealWitnesses = (state: OkeyState, dealing: Record<string, string>) =>
  personSeats(state).filter((seat) => String(seat.id) in dealing);

/**
 * The deal waited too long: each person seated who revealed says so from their own page once its clock ran out (a
 * signed entry each). Once every one of them has (at least MIN_WITNESSES: one page's word is never enough), the seats
 * that did not reveal are named, lose the round and stand up (withheld), and no deal is made: withholding never picks
 * between two deals. Refused from a spectator or a seat that did not reveal.
 */
export function timeOutDeal(state: OkeyState, { by }: Actor): Result<OkeyState> {
  const dealing = state.dealing;
  if (!dealing) return { ok: false, reason: QUIET_REASONS.notDealing };
  const witnesses = dealWitnesses(state, dealing);
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
 * The deal called off against the seats that withheld their secrets: each loses the round (WITHHOLD_PENALTY from its
 * points) and stands up, and nobody is dealt. Also what a seat leaving while the deal awaits its secret comes to:
 * leaving never deals the others from fewer secrets, which the leaver could have picked.
 */
export function withheld(state: OkeyState, late: readonly Seat[]): OkeyState {
  // A masked deal called off takes its deck with it; the round's number stays spent.
  const { dealing: _called, dealTimeouts: _votes, deck, pointsBefore: _points, ...open } = state;
  let after: OkeyState = deck ? undealt(open) : open;
  for (const seat of late) {
    after = { ...after, match: chargeSeat(after, seat.id, WITHHOLD_PENALTY) };
    const stood = updateSeat(after, seat.id, (s) => ({ ...s, user: null, userKey: null }));
    after = withCommitment(stood, seat.id, null);
  }
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
