import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { applyOkeyAction } from '../../src/games/okey/rules/actions';
import { deckLayout, indicatorOf, openDeck } from '../../src/games/okey/rules/maskedRound';
import { deckEntry } from '../../src/games/okey/maskedSeat';
import type { OkeyState } from '../../src/games/okey/rules/types';
import { utf8 } from '../../src/games/shared/maskedDeck/group';
import { readOwnTile, seatSecrets, type SeatSecrets } from '../../src/games/shared/maskedDeck/seat';
import { deckPhase, type DeckPhase } from '../../src/games/shared/maskedDeck/table';
import { actor, seated } from '../unit/games/okey/okeyTables';
import { composedOrder } from '../helpers/maskedDeckTable';
import { fcSettings } from '../helpers/fcSettings';

// Each run deals a whole masked round (a second or two), so few runs: the steps' order is what varies.
const RUNS = 4;
const PHASES: DeckPhase[] = ['keys', 'shuffles', 'dealt', 'revealed'];

/** One step of a seat's page: the entry it owes next (or one garbled, as other code would send). */
// The tiles each seat's page has read, by position, as a page keeps them: reading one is a few curve products.
const reads = new WeakMap<SeatSecrets, Map<number, number | null>>();
const readsOf = (me: SeatSecrets) => reads.get(me) ?? reads.set(me, new Map()).get(me)!;

function step(state: OkeyState, me: SeatSecrets, garble: boolean): { type: string; payload: unknown } | null {
  const by = actor(Number(me.seat));
  if (garble)
    return {
      type: 'okey/tilesSealed',
      payload: { ...by, seals: [{ position: 0, receiver: '1', sealed: { sealed: 'x', proof: 'y' } }] },
    };
  const entry = deckEntry(state, Number(me.seat), me, { read: readsOf(me) });
  return entry ? { type: `okey/${entry.event}`, payload: { ...by, ...entry.payload } } : null;
}

describe('a masked deal, whatever order the pages act in', () => {
  it('deals every seat its own tiles once, each read by its seat alone, and never goes back a phase', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 3 }),
        fc.array(fc.record({ seat: fc.nat(), garble: fc.boolean() }), { minLength: 400, maxLength: 400 }),
        fc.nat(),
        (players, turns, salt) => {
          const secrets = Array.from({ length: players }, (_, i) =>
            seatSecrets(String(i + 1), sha256(utf8(`deal/${salt}/${i + 1}`))),
          );
          let state = openDeck(seated(players), 'room-1');
          for (const turn of turns) {
            const me = secrets[turn.seat % players];
            const action = step(state, me, turn.garble);
            if (action === null) continue;
            const result = applyOkeyAction(state, action);
            // A garbled message is refused, and leaves the state as it was.
            expect(result.ok).toBe(!turn.garble);
            if (!result.ok) continue;
            expect(PHASES.indexOf(deckPhase(result.state.deck!))).toBeGreaterThanOrEqual(
              PHASES.indexOf(deckPhase(state.deck!)),
            );
            state = result.state;
          }
          // The turns may end before the deal does: let every seat finish what it owes.
          for (let guard = 0; guard < 100; guard++) {
            const actions = secrets.map((me) => step(state, me, false)).filter((a) => a !== null);
            if (actions.length === 0) break;
            const result = applyOkeyAction(state, actions[0]);
            if (!result.ok) throw new Error('An honest step was refused');
            state = result.state;
          }
          const deck = state.deck!;
          const order = composedOrder(secrets, 106);
          const { racks } = deckLayout(deck.seats);
          for (const me of secrets)
            for (const position of racks[me.seat]) {
              expect(readOwnTile(deck, me, position)).toBe(order[position]);
              for (const other of secrets.filter((s) => s !== me))
                expect(readOwnTile(deck, other, position)).toBeNull();
            }
          expect(indicatorOf(deck)).toMatchObject({ tile: expect.any(Object) });
        },
      ),
      fcSettings(5150, RUNS),
    );
  }, 300_000);
});
