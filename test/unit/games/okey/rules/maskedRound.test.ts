import { describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8 } from '../../../../../src/games/shared/maskedDeck/group';
import {
  keyMessage,
  publicShareMessage,
  readOwnTile,
  sealMessage,
  seatSecrets,
  seedMessage,
  shuffleMessage,
  type SeatSecrets,
} from '../../../../../src/games/shared/maskedDeck/seat';
import { checkRevealed, deckPhase } from '../../../../../src/games/shared/maskedDeck/table';
import {
  deckLayout,
  deckOwed,
  indicatorOf,
  openDeck,
  tileOfIndex,
} from '../../../../../src/games/okey/rules/maskedRound';
import { isJoker } from '../../../../../src/games/okey/rules/tiles';
import type { OkeyState } from '../../../../../src/games/okey/rules/types';
import { composedOrder } from '../../../../helpers/maskedDeckTable';
import { actor, must, reasonOf, seated } from '../okeyTables';

const ROOM = 'room-1';
// Four seats and the whole 106-tile deck: each test deals a real round, a few seconds beside a whole run.
const ROUND_TIMEOUT_MS = 120_000;

/** Each seat's secrets, from its id and a salt: seat n is person n. */
const secretsOf = (seats: number, salt = 'okey') =>
  Array.from({ length: seats }, (_, i) => seatSecrets(String(i + 1), sha256(utf8(`${salt}/${i + 1}`))));

const person = (me: SeatSecrets) => actor(Number(me.seat));

/** Every seat does what it owes now, in seat order, as its page would; the state after. */
function everyoneOwes(state: OkeyState, secrets: readonly SeatSecrets[]): OkeyState {
  for (const me of secrets) {
    const owed = deckOwed(state, Number(me.seat));
    const deck = state.deck!;
    if (owed.key) state = must(state, 'deckKeyed', { ...person(me), ...keyMessage(deck, me) });
    if (owed.shuffle) state = must(state, 'deckShuffled', { ...person(me), ...shuffleMessage(deck, me)! });
    if (owed.seals.length > 0) {
      const seals = owed.seals.map(({ position, receiver }) => ({
        position,
        receiver,
        sealed: sealMessage(deck, me, position, receiver)!,
      }));
      state = must(state, 'tilesSealed', { ...person(me), seals });
    }
    if (owed.indicator !== null)
      state = must(state, 'indicatorShared', {
        ...person(me),
        share: publicShareMessage(state.deck!, me, owed.indicator)!,
      });
    if (owed.seed) state = must(state, 'seedRevealed', { ...person(me), seed: seedMessage(me) });
  }
  return state;
}

/** Rounds of everyone doing what they owe until nobody owes anything. */
function untilSettled(state: OkeyState, secrets: readonly SeatSecrets[]): OkeyState {
  for (let i = 0; i < 10; i++) {
    const next = everyoneOwes(state, secrets);
    if (next === state) return state;
    state = next;
  }
  throw new Error('The deck never settled');
}

describe('an Okey round’s masked deck in the rules', () => {
  it(
    'deals each of four seats its rack, which only that seat reads, and opens the indicator to all',
    () => {
      const secrets = secretsOf(4);
      const opened = openDeck(seated(4), ROOM);
      expect(opened.deck?.seats).toEqual(['1', '2', '3', '4']);
      expect(opened.deckRounds).toBe(1);

      // Keys first: every seat owes its key, and nobody shuffles before all are in.
      for (const id of [1, 2, 3, 4])
        expect(deckOwed(opened, id)).toMatchObject({ key: true, shuffle: false });
      let state = everyoneOwes(opened, secrets);
      expect(deckPhase(state.deck!)).toBe('shuffles');
      // Then each shuffles in turn.
      state = everyoneOwes(state, secrets);
      expect(deckPhase(state.deck!)).toBe('dealt');

      // Then every seat owes its seal of each position dealt to another seat, and its share of the indicator.
      const layout = deckLayout(state.deck!.seats);
      for (const me of secrets) {
        const owed = deckOwed(state, Number(me.seat));
        const others = Object.entries(layout.racks).filter(([seat]) => seat !== me.seat);
        expect(owed.seals.length).toBe(others.reduce((n, [, positions]) => n + positions.length, 0));
        expect(owed.indicator).toBe(105);
      }
      state = untilSettled(state, secrets);

      const order = composedOrder(secrets, 106);
      const racks = secrets.map((me) =>
        layout.racks[me.seat].map((position) => {
          // Every other seat is refused this tile.
          for (const other of secrets.filter((s) => s !== me))
            expect(readOwnTile(state.deck!, other, position)).toBeNull();
          return readOwnTile(state.deck!, me, position);
        }),
      );
      expect(racks.map((r) => r.length)).toEqual([15, 14, 14, 14]);
      expect(racks.flat()).toEqual(
        layout.racks['1']
          .concat(layout.racks['2'], layout.racks['3'], layout.racks['4'])
          .map((p) => order[p]),
      );
      const indicator = indicatorOf(state.deck!);
      expect(indicator).toMatchObject({ position: expect.any(Number) });
      expect(indicator && 'tile' in indicator && isJoker(indicator.tile)).toBe(false);
      expect(indicator && 'tile' in indicator ? indicator.tile.id : null).toBe(
        tileOfIndex(order[(indicator as { position: number }).position])!.id,
      );
      for (const id of [1, 2, 3, 4])
        expect(deckOwed(state, id)).toEqual({
          key: false,
          shuffle: false,
          seals: [],
          indicator: null,
          seed: false,
        });

      // Once the round is over, each seat reveals its seed, and the whole round checks.
      state = untilSettled({ ...state, gameState: 'finish' }, secrets);
      expect(checkRevealed(state.deck!)).toMatchObject({ ok: true });
    },
    ROUND_TIMEOUT_MS,
  );

  it(
    'opens the position above when a joker opens at the indicator’s place, and leaves the joker there',
    () => {
      // Salts until a joker lands on the pile's last position: the seats' seeds say where each tile goes.
      let salt = 0;
      while (!isJoker(tileOfIndex(composedOrder(secretsOf(2, `joker-${salt}`), 106)[105])!)) salt++;
      const secrets = secretsOf(2, `joker-${salt}`);
      const order = composedOrder(secrets, 106);
      const state = untilSettled(openDeck(seated(2), ROOM), secrets);
      const indicator = indicatorOf(state.deck!);
      const expected = isJoker(tileOfIndex(order[104])!) ? 103 : 104;
      expect(indicator).toEqual({ position: expected, tile: tileOfIndex(order[expected]) });
    },
    ROUND_TIMEOUT_MS,
  );

  it('refuses a deck message from a seat out of turn, a spectator, or one whose proof fails', () => {
    const secrets = secretsOf(2);
    const [one, two] = secrets;
    const opened = openDeck(seated(3), ROOM);
    const deck = opened.deck!;
    // Person 3 is seated but not one of these secrets' seats: the deck has three seats.
    expect(deck.seats).toEqual(['1', '2', '3']);
    const outsider = { by: { id: 'watcher', name: 'Watcher' }, clientId: 999 };
    expect(reasonOf(opened, 'deckKeyed', { ...outsider, ...keyMessage(deck, one) })).toBe('Not seated');
    // Seat 2 sends seat 1's key: its proof is bound to seat 1.
    expect(reasonOf(opened, 'deckKeyed', { ...person(two), ...keyMessage(deck, one) })).toBe(
      'A deck message whose proof fails',
    );
    expect(reasonOf(opened, 'deckShuffled', { ...person(one), deck: 'x', commitment: 'y' })).toBe(
      "Not this seat's turn with the deck",
    );
    expect(reasonOf(opened, 'tilesSealed', { ...person(one), seals: [] })).toBe(
      'A deck message that cannot be read',
    );
    expect(reasonOf(opened, 'seedRevealed', { ...person(one), seed: seedMessage(one) })).toBe(
      "Not this seat's turn with the deck",
    );
    // Without a deck, no deck message is taken.
    expect(reasonOf(seated(2), 'deckKeyed', { ...person(one), ...keyMessage(deck, one) })).toBe(
      'No deal is being drawn',
    );
  });
});
