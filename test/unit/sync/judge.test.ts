import { describe, expect, it } from 'vitest';
import { GameFold } from '../../../src/sync/log/GameFold';
import { entryText } from '../../../src/sync/log/logEntry';
import { judge, type SyncedGame } from '../../../src/sync/log/SyncedGame';
import { inEnglish } from '../../helpers/english';

/** A counter whose rules take any amount, but whose invariant says it never goes past 10. */
const counter: SyncedGame<number> = {
  name: 'counter',
  snapshotPath: ['counter-state', 'game-state'],
  initialState: 0,
  apply: (state, action) => ({ ok: true, state: state + Number((action.payload as { n: number }).n) }),
  invariants: (state) => (state > 10 ? [`${state} is past 10`] : []),
};

const add = (n: number) => ({ type: 'counter/added', payload: { n } });

describe('judge', () => {
  it("refuses a step the rules allow but the game's invariants do not", () => {
    expect(judge(counter, 5, add(3))).toEqual({ ok: true, state: 8 });
    expect(inEnglish(judge(counter, 5, add(30)))).toEqual({
      ok: false,
      reason: 'Broken invariant: 35 is past 10',
    });
  });

  it('is what every fold applies: an entry that would break the invariants is skipped alike everywhere', () => {
    const fold = new GameFold(counter);
    const update = fold.update(
      [add(4), add(30), add(5)].map((action, i) => entryText({ id: `aaa000000000:${i}`, action })),
    );
    expect(fold.state).toBe(9);
    expect(inEnglish(update.steps.map((s) => s.rejection))).toEqual([
      null,
      'Broken invariant: 34 is past 10',
      null,
    ]);
  });
});
