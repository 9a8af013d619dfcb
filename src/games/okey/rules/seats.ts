import { RACK_SIZE, emptyHand, isSlot, slotOf, swapSlots } from './hand';
import { MESSAGES, QUIET_REASONS, leftMessage } from './messages';
import { dealBeingDrawn, maskedSeat } from './deck';
import type { Refusal } from '../../shared/kinds';
import { judgeDeparture, recordSaid, saidOf, type Departure } from '../../shared/departures';
import type { Actor, OkeyState, Player, Result, Seat, Tile } from './types';

/** The user a bot seat holds: its id says it is a bot, and no tab of anyone's holds it. */
export const botUser = (seatId: number): Player => ({ id: `bot:${seatId}`, name: `Bot ${seatId}` });

/** Whether a seat's user is a bot. */
export const isBot = (user: Player | null): boolean => user?.id.startsWith('bot:') ?? false;

/** The seats a person holds (not a bot): the players whose word counts when the table must agree. */
export const personSeats = (state: OkeyState): Seat[] =>
  state.players.filter((seat) => seat.user !== null && !isBot(seat.user));

/** Seats at a fresh table. */
export const SEAT_COUNT = 4;

/** The people seated whose key drives a bot among these seats (its seat is bound to their key). */
export function driversOf(state: OkeyState, seats: readonly Seat[]): Seat[] {
  const keyOf = (seat: Seat) => state.seatKeys?.[String(seat.id)]?.key;
  const keys = new Set(seats.filter((seat) => isBot(seat.user)).map(keyOf));
  return personSeats(state).filter((seat) => keyOf(seat) !== undefined && keys.has(keyOf(seat)));
}

/** Fewest seated players that can start a game. */
export const MIN_PLAYERS = 2;

/** An empty seat with this id. */
export const emptySeat = (id: number): Seat => ({
  id,
  user: null,
  userKey: null,
  hand: emptyHand(),
  discardPile: [],
});

/** The seat held by this user id, or null. */
export const seatOfUser = (state: OkeyState, userId: string): Seat | null =>
  state.players.find((seat) => seat.user?.id === userId) ?? null;

/** The seat with this id, or null. */
export const seatById = (state: OkeyState, seatId: number | null): Seat | null =>
  state.players.find((seat) => seat.id === seatId) ?? null;

/** The seat before this one in players order, wrapping round. */
export function previousSeat(state: OkeyState, seatId: number): Seat {
  const i = state.players.findIndex((seat) => seat.id === seatId);
  return state.players[(i - 1 + state.players.length) % state.players.length];
}

/** The seat after this one in players order, wrapping round. */
export function nextSeat(state: OkeyState, seatId: number): Seat {
  const i = state.players.findIndex((seat) => seat.id === seatId);
  return state.players[(i + 1) % state.players.length];
}

/** The state with one seat replaced through update. */
export function updateSeat(state: OkeyState, seatId: number, update: (seat: Seat) => Seat): OkeyState {
  return { ...state, players: state.players.map((seat) => (seat.id === seatId ? update(seat) : seat)) };
}

/**
 * Sit: an unseated user takes an empty seat; the message is cleared. In a round in play, a seat kept for the player
 * who departed from it is taken only by that player, who may take it back from a bot too.
 */
export function takeSeat(
  state: OkeyState,
  { by, clientId, seatId }: Actor & { seatId: number },
): Result<OkeyState> {
  if (seatOfUser(state, by.id)) return { ok: false, reason: QUIET_REASONS.alreadySeated };
  // Nobody joins a deal being drawn: the deck is keyed and shuffled by the seats it was opened for.
  if (dealBeingDrawn(state)) return { ok: false, reason: QUIET_REASONS.alreadyStarted };
  const seat = seatById(state, seatId);
  const keptFor = state.departed?.[String(seatId)];
  if (keptFor !== undefined && keptFor !== by.id) return { ok: false, reason: QUIET_REASONS.seatKept };
  const back = keptFor === by.id && isBot(seat?.user ?? null);
  if (!seat || (seat.user && !back)) return { ok: false, reason: QUIET_REASONS.seatNotFree };
  // A masked rack opens only for its player's page: only they take its seat back in the round.
  if (keptFor !== by.id && maskedSeat(state, seatId)) return { ok: false, reason: QUIET_REASONS.seatKept };
  const taken = updateSeat(withoutKept(state, seatId), seatId, (s) => ({
    ...s,
    user: { id: by.id, name: by.name },
    userKey: clientId,
  }));
  return { ok: true, state: { ...taken, message: null } };
}

/** The state without the seat kept for a departed player (they are back, or the round is over). */
export function withoutKept(state: OkeyState, seatId: number): OkeyState {
  if (state.departed?.[String(seatId)] === undefined) return state;
  const { [String(seatId)]: _back, ...rest } = state.departed;
  if (Object.keys(rest).length > 0) return { ...state, departed: rest };
  const { departed: _none, ...table } = state;
  return table;
}

// A cleared seat keeps its hand and discard pile: the tiles stay on the table, and whoever sits next takes them over.
function clearSeat(state: OkeyState, seat: Seat): OkeyState {
  const cleared = updateSeat(state, seat.id, (s) => ({ ...s, user: null, userKey: null }));
  return { ...cleared, message: leftMessage(seat.user?.name) };
}

/** Stand: the user's seat is cleared and the message becomes '{name} left'. */
export function leaveSeat(state: OkeyState, { by }: Actor): Result<OkeyState> {
  const seat = seatOfUser(state, by.id);
  if (!seat) return { ok: false, reason: QUIET_REASONS.notSeated };
  return { ok: true, state: clearSeat(state, seat) };
}

/**
 * Departure: the seat whose userKey is the departed client id is cleared. In a round in play the seat is kept for its
 * player: a departure is one page's word, so it may free the seat but never hand the rack to anyone else.
 */
export function departSeat(state: OkeyState, departure: Departure, room: string): Result<OkeyState> {
  const seat = state.players.find((s) => s.user !== null && s.userKey === departure.clientId);
  if (!seat?.user) return { ok: false, reason: QUIET_REASONS.noSeatForClient };
  const holder = seat.user.id;
  const others = personSeats(state).flatMap((s) => (s.user && s.user.id !== holder ? [s.user.id] : []));
  const outcome = judgeDeparture(room, departure, holder, {
    others,
    said: saidOf(state.saidGone, departure.clientId),
  });
  if (outcome.kind === 'unproven') return { ok: false, reason: QUIET_REASONS.departureUnproven };
  const freed = outcome.kind === 'free' ? clearSeat(state, seat) : state;
  const heldTabs = freed.players.flatMap((s) => (s.user && s.userKey !== null ? [s.userKey] : []));
  const saidGone = recordSaid(state.saidGone, departure.clientId, outcome, heldTabs);
  const { saidGone: _before, ...rest } = freed;
  const recorded: OkeyState = saidGone ? { ...rest, saidGone } : rest;
  if (outcome.kind !== 'free' || state.gameState !== 'play' || isBot(seat.user))
    return { ok: true, state: recorded };
  return {
    ok: true,
    state: { ...recorded, departed: { ...state.departed, [String(seat.id)]: holder } },
  };
}

/** A seated user back with a new client id (a reload) keeps the seat; its userKey follows the new tab. */
export function rebindSeat(state: OkeyState, { by, clientId }: Actor): Result<OkeyState> {
  const seat = seatOfUser(state, by.id);
  if (!seat) return { ok: false, reason: QUIET_REASONS.notSeated };
  return { ok: true, state: updateSeat(state, seat.id, (s) => ({ ...s, userKey: clientId })) };
}

/** Move within hand: the contents of two of the user's own slots are swapped. */
export function moveTile(
  state: OkeyState,
  { by, fromSlot, toSlot }: Actor & { fromSlot: number; toSlot: number },
): Result<OkeyState> {
  const seat = seatOfUser(state, by.id);
  if (!seat || !isSlot(fromSlot) || !seat.hand[fromSlot])
    return { ok: false, reason: MESSAGES.cantMoveOthers };
  if (!isSlot(toSlot)) return { ok: false, reason: QUIET_REASONS.invalidSlot };
  return {
    ok: true,
    state: updateSeat(state, seat.id, (s) => ({ ...s, hand: swapSlots(s.hand, fromSlot, toSlot) })),
  };
}

/** Hide or reveal: toggles hidden on a tile in the user's own hand. */
export function flipTile(state: OkeyState, { by, tileId }: Actor & { tileId: string }): Result<OkeyState> {
  const seat = seatOfUser(state, by.id);
  const slot = seat ? slotOf(seat.hand, tileId) : -1;
  if (!seat || slot === -1) return { ok: false, reason: MESSAGES.cantMoveOthers };
  const hand = seat.hand.map((t, i) => (i === slot && t ? { ...t, hidden: !t.hidden } : t));
  return { ok: true, state: updateSeat(state, seat.id, (s) => ({ ...s, hand })) };
}

/**
 * Arrange: the user's own rack laid out anew (the auto-arrange buttons), given as the tile id of every slot, null for
 * an empty one. The same tiles, each once, in any slots: anything else is refused and the rack stays as it was.
 */
export function arrangeHand(
  state: OkeyState,
  { by, slots }: Actor & { slots: readonly (string | null)[] },
): Result<OkeyState> {
  const seat = seatOfUser(state, by.id);
  if (!seat) return { ok: false, reason: MESSAGES.cantMoveOthers };
  const byId = new Map(seat.hand.filter((t): t is Tile => t !== null).map((t) => [t.id, t]));
  const named = slots.filter((id): id is string => id !== null);
  if (slots.length !== RACK_SIZE || named.length !== byId.size || new Set(named).size !== named.length)
    return { ok: false, reason: QUIET_REASONS.invalidSlot };
  if (!named.every((id) => byId.has(id))) return { ok: false, reason: MESSAGES.cantMoveOthers };
  const hand = slots.map((id) => (id === null ? null : (byId.get(id) as Tile)));
  return { ok: true, state: updateSeat(state, seat.id, (s) => ({ ...s, hand })) };
}

/** Add bot: anyone in the room puts a bot in an empty seat; it takes over the rack that seat holds, if any. */
export function addBot(state: OkeyState, { seatId }: Actor & { seatId: number }): Result<OkeyState> {
  if (dealBeingDrawn(state)) return { ok: false, reason: QUIET_REASONS.alreadyStarted };
  const seat = seatById(state, seatId);
  if (!seat || seat.user) return { ok: false, reason: QUIET_REASONS.seatNotFree };
  if (maskedSeat(state, seatId)) return { ok: false, reason: QUIET_REASONS.seatKept };
  const taken = updateSeat(state, seatId, (s) => ({ ...s, user: botUser(seatId), userKey: null }));
  return { ok: true, state: { ...taken, message: null } };
}

/**
 * The bot's seat a move names, or why it may not change hands now: who is dealt which tiles must not change once
 * secrets are out, so a bot stays until the deal is made.
 */
function botSeat(
  state: OkeyState,
  seatId: number,
): { ok: true; seat: Seat } | { ok: false; reason: Refusal } {
  if (dealBeingDrawn(state)) return { ok: false, reason: QUIET_REASONS.dealBeingDrawn };
  // A masked bot's rack opens only with its driver's secret: in the round it stays with it (the deck's wait ends it).
  if (maskedSeat(state, seatId)) return { ok: false, reason: QUIET_REASONS.seatKept };
  const seat = seatById(state, seatId);
  return seat && isBot(seat.user) ? { ok: true, seat } : { ok: false, reason: QUIET_REASONS.notABot };
}

/** Remove bot: anyone frees a bot's seat ('Bot N left'), so a person can sit there and take its rack over. */
export function removeBot(state: OkeyState, { seatId }: Actor & { seatId: number }): Result<OkeyState> {
  const bot = botSeat(state, seatId);
  return bot.ok ? { ok: true, state: clearSeat(state, bot.seat) } : bot;
}

/**
 * Take over a bot: the page that now drives a bot's moves (the room's chosen page, after the last one left) binds the
 * bot's seat to its own signing key; nothing else changes. Refused unless the seat holds a bot.
 */
export function takeOverBot(state: OkeyState, { seatId }: Actor & { seatId: number }): Result<OkeyState> {
  const bot = botSeat(state, seatId);
  return bot.ok ? { ok: true, state } : bot;
}
