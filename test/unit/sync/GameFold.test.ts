import { describe, expect, it } from 'vitest';
import { DUPLICATE_ENTRY, GameFold } from '../../../src/sync/log/GameFold';
import { entryText } from '../../../src/sync/log/logEntry';
import type { SyncedGame } from '../../../src/sync/log/SyncedGame';

/** A counter that counts how often its rules ran. */
function countingGame() {
  const runs = { count: 0 };
  const game: SyncedGame<number> = {
    name: 'counter',
    snapshotPath: ['counter-state', 'game-state'],
    initialState: 0,
    apply: (state, action) => {
      runs.count++;
      return { ok: true, state: state + Number((action.payload as { n: number }).n) };
    },
  };
  return { game, runs };
}

const entry = (i: number, n: number) => ({
  id: `aaa000000000:${i}`,
  action: { type: 'counter/added', payload: { n } },
});

describe('GameFold.update with states the page knows', () => {
  it('takes the known states where the log goes on with exactly those entries, and runs the rules for the rest', () => {
    const { game, runs } = countingGame();
    const fold = new GameFold(game);
    fold.update([entryText(entry(1, 1))]);
    runs.count = 0;
    const known = [
      { entry: entry(2, 2), state: 3, skipped: false },
      { entry: entry(3, 3), state: 6, skipped: false },
    ];
    const update = fold.update(
      [1, 2, 3, 4].map((i) => entryText(entry(i, i))),
      1,
      known,
    );
    expect(fold.state).toBe(10);
    expect(update.steps.map((s) => s.rejection)).toEqual([null, null, null]);
    expect(runs.count).toBe(1);
  });

  it('runs the rules again from the first entry that differs, and after a rewind takes nothing', () => {
    const { game, runs } = countingGame();
    const fold = new GameFold(game);
    fold.update([entryText(entry(1, 1))]);
    runs.count = 0;
    // The log goes another way: entry 9 comes where the page applied entry 2.
    fold.update([entryText(entry(1, 1)), entryText(entry(9, 9))], 1, [
      { entry: entry(2, 2), state: 3, skipped: false },
    ]);
    expect(fold.state).toBe(10);
    expect(runs.count).toBe(1);
    // A rewind: entry 9 is replaced; the known state of entry 5 followed the old end, so it is not taken.
    runs.count = 0;
    fold.update([entryText(entry(1, 1)), entryText(entry(5, 5))], 0, [
      { entry: entry(5, 5), state: 999, skipped: false },
    ]);
    expect(fold.state).toBe(6);
    expect(runs.count).toBe(1);
  });
});

describe('GameFold with an entry written twice', () => {
  it('folds the first copy and skips the second, and forgets the first once a rewind drops it', () => {
    const { game } = countingGame();
    const fold = new GameFold(game);
    const twice = [entry(1, 1), entry(2, 2), entry(1, 1)].map(entryText);
    const update = fold.update(twice);
    expect(fold.state).toBe(3);
    expect(update.steps.map((s) => s.rejection)).toEqual([null, null, DUPLICATE_ENTRY]);
    // The log goes another way from its first entry: the entry counts again where it now first stands.
    const rewound = fold.update([entry(5, 5), entry(1, 1), entry(1, 1)].map(entryText));
    expect(rewound.rewoundTo).toBe(0);
    expect(fold.state).toBe(6);
    expect(rewound.steps.map((s) => s.rejection)).toEqual([null, null, DUPLICATE_ENTRY]);
  });
});
