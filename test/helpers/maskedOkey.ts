// Seats of an Okey table playing its masked deck honestly, as their pages do: each seat's secrets from its id and a
// salt (seat n is test person n), and each sends what it owes through the rules, reading tiles as a page keeps them.
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8 } from '../../src/games/shared/maskedDeck/group';
import { seatSecrets, type SeatSecrets } from '../../src/games/shared/maskedDeck/seat';
import { applyOkeyAction } from '../../src/games/okey/rules/actions';
import {
  deckEntry,
  openingOf,
  rackAsRead,
  rackOpenings,
  type DeckEntry,
} from '../../src/games/okey/maskedSeat';
import { botMove, type BotMove } from '../../src/games/okey/rules/bot';
import { isMasked } from '../../src/games/okey/rules/tiles';
import type { OkeyState } from '../../src/games/okey/rules/types';
import { englishText } from '../../src/i18n/reasons';
import { actor } from '../unit/games/okey/okeyTables';

/** Each seat's secrets, from its id and a salt: seat n is person n. */
export const secretsOf = (seats: number, salt = 'okey'): SeatSecrets[] =>
  Array.from({ length: seats }, (_, i) => seatSecrets(String(i + 1), sha256(utf8(`${salt}/${i + 1}`))));

// The tiles each seat's page has read, by position, as a page keeps them: reading one is a few curve products.
const reads = new WeakMap<SeatSecrets, Map<number, number | null>>();
export const readsOf = (me: SeatSecrets): Map<number, number | null> =>
  reads.get(me) ?? reads.set(me, new Map()).get(me)!;

/** The entry a seat owes now, or null. */
export const owedEntry = (state: OkeyState, me: SeatSecrets): DeckEntry | null =>
  deckEntry(state, Number(me.seat), me, { read: readsOf(me) });

/** Who acts for a seat: its user (a bot's, sent by its driver), from test person n's tab. */
const actorOfSeat = (state: OkeyState, seatId: number) => {
  const user = state.players.find((s) => s.id === seatId)?.user;
  return user ? { by: user, clientId: actor(seatId).clientId } : actor(seatId);
};

/** Sends what one seat owes now (as its user), if anything: the state after, or the same state. */
export function sendOwed(
  state: OkeyState,
  me: SeatSecrets,
  send: (state: OkeyState, type: string, payload: object) => OkeyState = applied,
): OkeyState {
  const entry = owedEntry(state, me);
  return entry
    ? send(state, `okey/${entry.event}`, { ...actorOfSeat(state, Number(me.seat)), ...entry.payload })
    : state;
}

/**
 * The move a seat makes on its turn, as a bot would from its rack as its page reads it, with the openings a discard
 * or a finish carries, without who sends it; `choose` may pick another (a driver that cheats). Null when it has none.
 */
export function maskedTurn(
  state: OkeyState,
  me: SeatSecrets,
  reads: Map<number, number | null> = readsOf(me),
  choose: (move: BotMove) => BotMove = (move) => move,
): { event: BotMove['event']; payload: Record<string, unknown> } | null {
  const seat = state.players.find((s) => s.id === Number(me.seat));
  if (!seat?.user) return null;
  const hand = rackAsRead(state, seat.id, me, reads);
  const asBot = {
    ...state,
    players: state.players.map((s) =>
      s.id === seat.id ? { ...s, hand, user: { id: 'bot:x', name: '' } } : s,
    ),
  };
  const chosen = botMove(asBot, seat.id);
  if (!chosen) return null;
  const move = choose(chosen);
  const payload: Record<string, unknown> = { ...move.payload };
  const held = seat.hand.find((t) => t?.id === payload.tileId);
  // A discard or a finish carries the opening of what it shows every page.
  if (move.event === 'tileDiscarded' && held && isMasked(held) && state.deck)
    payload.opening = openingOf(state.deck, me, held);
  if (move.event === 'finishDeclared') payload.openings = rackOpenings(state, seat.id, me) ?? undefined;
  return { event: move.event, payload };
}

/** The seat to play plays its turn (as its user: a bot's, by its driver), then every seat does what the deck asks. */
export function playMaskedTurn(
  state: OkeyState,
  secrets: readonly SeatSecrets[],
  choose?: (move: BotMove) => BotMove,
): OkeyState {
  const me = secrets.find((s) => Number(s.seat) === state.currentPlayer);
  const move = me ? maskedTurn(state, me, readsOf(me), choose) : null;
  if (!me || !move) throw new Error('No move');
  const played = applied(state, `okey/${move.event}`, {
    ...actorOfSeat(state, Number(me.seat)),
    ...move.payload,
  });
  return untilSettled(played, secrets);
}
function applied(state: OkeyState, type: string, payload: object): OkeyState {
  const result = applyOkeyAction(state, { type, payload });
  if (!result.ok) throw new Error(`${type} refused: ${englishText(result.reason)}`);
  return result.state;
}

/** Applies an Okey event by name (its payload as any page may send it) and fails the test when it is refused. */
export const apply = (state: OkeyState, event: string, payload: object): OkeyState =>
  applied(state, `okey/${event}`, payload);

/** The refusal of an Okey event by name, in English, or null when it is taken. */
export function refusal(state: OkeyState, event: string, payload: object): string | null {
  const result = applyOkeyAction(state, { type: `okey/${event}`, payload });
  return result.ok ? null : englishText(result.reason);
}

/** Every seat sends the entry it owes now, if any, in seat order, as its page would; the state after. */
export function everyoneOwes(
  state: OkeyState,
  secrets: readonly SeatSecrets[],
  send?: (state: OkeyState, type: string, payload: object) => OkeyState,
): OkeyState {
  for (const me of secrets) state = sendOwed(state, me, send);
  return state;
}

/** Rounds of everyone doing what they owe until nobody owes anything. */
export function untilSettled(
  state: OkeyState,
  secrets: readonly SeatSecrets[],
  send?: (state: OkeyState, type: string, payload: object) => OkeyState,
): OkeyState {
  for (let i = 0; i < 50; i++) {
    const next = everyoneOwes(state, secrets, send);
    if (next === state) return state;
    state = next;
  }
  throw new Error('The deck never settled');
}
