import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replayOkey } from '../../../../scripts/replay';
import { createInitialState } from '../../../../src/games/okey/rules/setup';
import { parseActionLog } from '../../../../src/sync/actionLog';

const fixture = (file: string) =>
  readFileSync(new URL(`../../../fixtures/okey/${file}`, import.meta.url), 'utf8');

describe('the recorded Okey logs', () => {
  it.each([
    {
      name: 'a 2-player game won by runs and sets replays to its recorded end',
      log: 'two-players-runs-and-sets',
      message: 'Ada wins!',
    },
    {
      name: 'a 4-player game replays to its recorded end',
      log: 'four-players-no-tiles-left',
      message: 'No tiles left',
    },
    { name: 'a seven-pairs win replays to its recorded end', log: 'seven-pairs', message: 'Gül wins!' },
  ])('$name', ({ log, message }) => {
    const actions = parseActionLog(fixture(`${log}.log.json`));
    const replay = replayOkey(actions);
    expect(replay.problems).toEqual([]);
    expect(replay.state).toEqual(JSON.parse(fixture(`${log}.final.json`)));
    expect(replay.state.message).toBe(message);
    expect(replayOkey(actions).state).toEqual(replay.state);
  });
});

describe('replayOkey', () => {
  it('reports refused entries with their reasons', () => {
    const replay = replayOkey([
      { type: 'okey/seatLeft', payload: { by: { id: 'x', name: 'X' }, clientId: 1 } },
      { type: 'go/other' },
    ]);
    expect(replay.rejected).toEqual([{ index: 0, type: 'okey/seatLeft', reason: 'Not seated' }]);
  });

  it('reports a broken invariant in the starting state', () => {
    const broken = { ...createInitialState(), drawPile: createInitialState().drawPile.slice(1) };
    expect(replayOkey([], broken).problems).toEqual(['105 tiles on the table, expected 106']);
  });
});
