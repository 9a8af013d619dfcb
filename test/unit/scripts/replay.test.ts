import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameOfLog, replayGame } from '../../../scripts/replay';
import { squareClaimed, tictactoeGame } from '../../../src/games/tictactoe/index';
import { keyedActor, signAndFold, testKey } from '../../helpers/signing';
import { seatTaken as goSeatTaken, stonePlaced } from '../../../src/games/go/index';
import { setup as backgammonSetup } from '../../../src/games/backgammon/rules/game';
import { formatActionLog } from '../../../src/sync/log/actionLog';
import type { LoggedAction } from '../../../src/sync/log/SyncedGame';
import { inEnglish } from '../../helpers/english';

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
    expect(inEnglish(replay.rejected)).toEqual([
      { index: 5, type: 'tictactoe/squareClaimed', reason: expect.any(String) },
    ]);
    expect(replay.problems).toEqual([]);
    const state = replay.state as { history: unknown[] };
    expect(state.history).toHaveLength(6);
  });

  it('counts an entry written twice once, as every fold does', () => {
    const withIds = tictactoeWin.map((a, i) => ({ ...a, meta: { entryId: `ann000000000:${i}` } }));
    const replay = replayGame('tictactoe', [...withIds.slice(0, 2), withIds[1], ...withIds.slice(2)]);
    expect(replay.rejected).toEqual([
      { index: 2, type: 'tictactoe/squareClaimed', reason: { key: 'duplicateEntry' } },
    ]);
    expect((replay.state as { history: unknown[] }).history).toHaveLength(6);
  });

  it("checks Backgammon's invariant: 15 checkers a side", () => {
    const broken = backgammonSetup();
    broken.board = { ...broken.board, off: { ...broken.board.off, white: 1 } };
    expect(replayGame('backgammon', [], broken).problems).toEqual(['white has 16 checkers, expected 15']);
  });

  it('replays an exported TicTacToe log from the command line, and refuses a file of no known game', () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-'));
    const log = join(dir, 'tictactoe.json');
    // What `npm start` serves takes a seat only with the key its user id is made from: the file is signed so.
    const [annKey, bobKey] = [testKey(1), testKey(2)];
    const signed = signAndFold(
      tictactoeGame,
      [0, 3, 1, 4, 2].map((square, i) => {
        const [key, name] = i % 2 === 0 ? [annKey, 'Ann'] : [bobKey, 'Bob'];
        return [squareClaimed({ ...keyedActor(key, name, i % 2 === 0 ? 1 : 2), square }), key] as const;
      }),
    );
    writeFileSync(log, formatActionLog(signed.log));
    const out = execFileSync('npx', ['tsx', 'scripts/replay.ts', log], { encoding: 'utf8' });
    expect(out).toContain('tictactoe: 5 entries, 0 refused');
    // Unsigned, as code that signs nothing would write it, no seat is taken outside the test build: every mark refused.
    const unsigned = join(dir, 'unsigned.json');
    writeFileSync(unsigned, formatActionLog(tictactoeWin));
    let refused = { status: 0, stderr: '' };
    try {
      execFileSync('npx', ['tsx', 'scripts/replay.ts', unsigned], { stdio: 'pipe' });
    } catch (error) {
      refused = {
        status: (error as { status: number }).status,
        stderr: String((error as { stderr: unknown }).stderr),
      };
    }
    expect(refused.status).toBe(3);
    expect(refused.stderr).toContain('TAMPERED #0 tictactoe/squareClaimed: Unsigned seat action');
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
