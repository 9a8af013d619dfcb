// Seats of an Okey table playing its masked deck honestly, as their pages do: each seat's secrets from its id and a
// salt (seat n is test person n), and each sends what it owes through the rules, reading tiles as a page keeps them.
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8 } from '../../src/games/shared/maskedDeck/group';
import { seatSecrets, type SeatSecrets } from '../../src/games/shared/maskedDeck/seat';
import { applyOkeyAction } from '../../src/games/okey/rules/actions';
import { deckEntry, type DeckEntry } from '../../src/games/okey/maskedSeat';
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

/** Sends what one seat owes now (as its person), if anything: the state after, or the same state. */
export function sendOwed(
  state: OkeyState,
  me: SeatSecrets,
  send: (state: OkeyState, type: string, payload: object) => OkeyState = applied,
): OkeyState {
  const entry = owedEntry(state, me);
  return entry ? send(state, `okey/${entry.event}`, { ...actor(Number(me.seat)), ...entry.payload }) : state;
}

function applied(state: OkeyState, type: string, payload: object): OkeyState {
  const result = applyOkeyAction(state, { type, payload });
  if (!result.ok) throw new Error(`${type} refused: ${englishText(result.reason)}`);
  return result.state;
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
