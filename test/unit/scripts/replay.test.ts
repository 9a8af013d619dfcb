import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameOfLog, replayGame } from '../../../scripts/replay';
import { squareClaimed } from '../../../src/games/tictactoe/index';
import { seatTaken as goSeatTaken, stonePlaced } from '../../../src/games/go/index';
import { setup as backgammonSetup } from '../../../src/games/backgammon/rules/game';
import { formatActionLog } from '../../../src/sync/actionLog';
import type { LoggedAction } from '../../../src/sync/SyncedGame';

const ann = { by: { id: 'ann', name: 'Ann' }, clientId: 1 };
const bob = { by: { id: 'bob', name: 'Bob' }, clientId: 2 };

/** X takes the top row while O plays below it. */
const tictactoeWin: LoggedAction[] = [0, 3, 1, 4, 2].map((square, i) =>
  squareClaimed({ ...(i % 2 === 0 ? ann : bob), square }),
);

describe('replay of any game', () => {
  it('finds the game a log belongs to by its actions', () => {
    expect(gameOfLog(tictactoeWin)).toBe('tictactoe');
    expect(gameOfLog([goSeatTaken({ ...ann, stone: 'b' }), stonePlaced({ ...ann, point: 40 })])).toBe('go');
    expect(gameOfLog([{ type: 'chess/moved' }])).toBeUndefined();
  });

  it('folds a TicTacToe log through its rules to the win, reporting what they refuse', () => {
    const replay = replayGame('tictactoe', [...tictactoeWin, squareClaimed({ ...bob, square: 8 })]);
    expect(replay.game).toBe('tictactoe');
    expect(replay.rejected).toEqual([
      { index: 5, type: 'tictactoe/squareClaimed', reason: expect.any(String) },
    ]);
    expect(replay.problems).toEqual([]);
    const state = replay.state as { history: unknown[] };
    expect(state.history).toHaveLength(6);
  });

  it("checks Backgammon's invariant: 15 checkers a side", () => {
    const broken = backgammonSetup();
    broken.board = { ...broken.board, off: { ...broken.board.off, white: 1 } };
    expect(replayGame('backgammon', [], broken).problems).toEqual(['white has 16 checkers, expected 15']);
  });

  it('replays an exported TicTacToe log from the command line, and refuses a file of no known game', () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-'));
    const log = join(dir, 'tictactoe.json');
    writeFileSync(log, formatActionLog(tictactoeWin));
    const out = execFileSync('npx', ['tsx', 'scripts/replay.ts', log], { encoding: 'utf8' });
    expect(out).toContain('tictactoe: 5 entries, 0 refused');
    const unknown = join(dir, 'unknown.json');
    writeFileSync(unknown, formatActionLog([{ type: 'chess/moved' }]));
    let status = 0;
    try {
      execFileSync('npx', ['tsx', 'scripts/replay.ts', unknown], { stdio: 'pipe' });
    } catch (error) {
      status = (error as { status: number }).status;
    }
    expect(status).toBe(2);
  });
});
