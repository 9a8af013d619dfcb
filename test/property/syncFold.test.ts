import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GameFold, type FoldMemory } from '../../src/sync/log/GameFold';
import type { LogEntry } from '../../src/sync/log/logEntry';
import { encodeEntry } from '../../src/sync/log/storedEntry';
import { claimsGame, type ClaimsState } from '../helpers/claimsGame';
import { fcSettings } from '../helpers/fcSettings';

const action = fc.oneof(
  fc.record({
    type: fc.constant('claims/seatClaimed'),
    payload: fc.record({ seat: fc.nat(3), by: fc.constantFrom('a', 'b', 'c') }),
  }),
  fc.record({
    type: fc.constant('claims/seatLeft'),
    payload: fc.record({ seat: fc.nat(3), by: fc.constantFrom('a', 'b', 'c') }),
  }),
  fc.record({
    type: fc.constant('claims/counted'),
    payload: fc.record({ by: fc.constantFrom('a', 'b'), amount: fc.integer({ min: -3, max: 9 }) }),
  }),
);
// An edit of the log as a merge can produce it: append, insert earlier (a concurrent entry ordered first), truncate,
// or insert a copy of an entry already there (written by its page and on its behalf).
const edit = fc.oneof(
  fc.record({ kind: fc.constant('append' as const), action }),
  fc.record({ kind: fc.constant('insert' as const), action, at: fc.nat() }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('copy' as const), of: fc.nat(), at: fc.nat() }),
);
type Edit = typeof edit extends fc.Arbitrary<infer E> ? E : never;

/** Applies an edit to the log in place, a new entry taking id; returns the first index it touched. */
function applyEdit(log: ReturnType<typeof encodeEntry>[], e: Edit, id: string): number {
  const entry = (a: LogEntry['action']) => encodeEntry({ id, action: a });
  let from = log.length;
  if (e.kind === 'append') log.push(entry(e.action));
  if (e.kind === 'insert') log.splice((from = e.at % (log.length + 1)), 0, entry(e.action));
  if (e.kind === 'truncate') log.splice((from = e.at % (log.length + 1)));
  if (e.kind === 'copy' && log.length > 0)
    log.splice((from = e.at % (log.length + 1)), 0, log[e.of % log.length]);
  return from;
}

describe('incremental fold', () => {
  // The default keeps the state after every entry of these short logs; the small ones refold from checkpoints.
  it.each<[string, FoldMemory | undefined]>([
    ['every state kept', undefined],
    ['one recent state, a checkpoint every 2', { recent: 1, every: 2 }],
    ['two recent states, a checkpoint every 5', { recent: 2, every: 5 }],
  ])('equals a full refold of the same log after every edit (%s)', (_, memory) => {
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 40 }), (edits) => {
        const log: ReturnType<typeof encodeEntry>[] = [];
        const incremental = new GameFold(claimsGame, memory);
        edits.forEach((e, n) => {
          incremental.update(log, applyEdit(log, e, `actor:${n}`));
          const full = new GameFold(claimsGame);
          full.update(log, 0);
          expect(incremental.state).toEqual(full.state);
          expect(incremental.entries.map((x) => x.id)).toEqual(full.entries.map((x) => x.id));
          for (let i = 0; i <= log.length; i++) expect(incremental.stateAt(i)).toEqual(full.stateAt(i));
        });
      }),
      fcSettings(424242, 150),
    );
  });

  it('restored from a kept state at any entry, equals a full fold, then and after every edit', () => {
    fc.assert(
      fc.property(
        fc.array(action, { maxLength: 30 }),
        fc.nat(),
        fc.array(edit, { maxLength: 10 }),
        (actions, cut, edits) => {
          // Some entries twice, as a merge leaves them: the restored fold still skips the second copy.
          const log = actions.map((a, n) => encodeEntry({ id: `actor:${n % 20}`, action: a }));
          const count = cut % (log.length + 1);
          const earlier = new GameFold(claimsGame);
          earlier.update(log.slice(0, count), 0);
          const restored = new GameFold(claimsGame, { recent: 2, every: 4 });
          restored.restore(log, count, earlier.state);
          const full = new GameFold(claimsGame);
          full.update(log, 0);
          expect(restored.state).toEqual(full.state);
          for (let i = 0; i <= log.length; i++) expect(restored.stateAt(i)).toEqual(full.stateAt(i));
          edits.forEach((e, n) => {
            restored.update(log, applyEdit(log, e, `later:${n}`));
            const again = new GameFold(claimsGame);
            again.update(log, 0);
            expect(restored.state).toEqual(again.state);
          });
        },
      ),
      fcSettings(777, 150),
    );
  });

  it('finds the changed suffix by entry id even when told to start at 0', () => {
    const fold = new GameFold(claimsGame);
    const log = [0, 1, 2].map((i) =>
      encodeEntry({ id: `x:${i}`, action: { type: 'claims/counted', payload: { by: 'a', amount: 1 } } }),
    );
    fold.update(log, 0);
    const again = fold.update(log, 0);
    expect(again).toMatchObject({ rewoundTo: null, steps: [] });
    expect((fold.state as ClaimsState).total).toBe(3);
  });
});
