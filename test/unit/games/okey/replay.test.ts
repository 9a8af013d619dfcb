import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { okeySlice } from '../../../../src/games/okey/slice';
import { isTampering, replayOkey } from '../../../../scripts/replay';
import { createInitialState } from '../../../../src/games/okey/rules/setup';
import { createTileSet } from '../../../../src/games/okey/rules/tiles';
import { formatActionLog, parseActionLog } from '../../../../src/sync/log/actionLog';
import { foldStep, trustingChecks, type LoggedAction } from '../../../../src/sync/log/SyncedGame';
import { okeyGame } from '../../../../src/games/okey/index';
import { inEnglish } from '../../../helpers/english';
import { englishText } from '../../../../src/i18n/reasons';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

const fixture = (file: string) =>
  readFileSync(new URL(`../../../fixtures/okey/${file}`, import.meta.url), 'utf8');

type Entry = LoggedAction & { payload: Record<string, unknown> & { signer?: { seat: string } } };

const FIXTURES = [
  { log: 'two-players', message: 'Bo wins!', refused: ['Not your turn'] },
  { log: 'four-players-and-a-bot', message: 'Cem wins!', refused: [] },
  { log: 'deal-without-one', message: 'Hakan wins!', refused: ['Game already started'] },
];

const entriesOf = (log: string) => parseActionLog(fixture(`${log}.log.json`)) as Entry[];

/** The reasons a replay refused entries for. */
const reasons = (actions: readonly LoggedAction[]) => replayOkey(actions).rejected.map((r) => r.reason);

describe.each(FIXTURES)('the recorded Okey log $log', ({ log, message, refused }) => {
  const actions = entriesOf(log);

  it('replays clean to its recorded end: every signature verifies and every deal is the masked deck, checked', () => {
    const replay = replayOkey(actions);
    expect(replay.problems).toEqual([]);
    expect(inEnglish(replay.rejected.map((r) => r.reason))).toEqual(refused);
    expect(inEnglish(replay.state)).toEqual(JSON.parse(fixture(`${log}.final.json`)));
    expect(inEnglish(replay.state.message)).toBe(message);
    expect(actions.some((a) => a.type === 'okey/deckShuffled')).toBe(true);
    expect(actions.every((a) => !('order' in a.payload))).toBe(true);
    // Every seat revealed its seed and the last one checked every shuffle: the round ended on its own terms.
    expect(Object.keys(replay.state.deck?.seeds ?? {})).toEqual(replay.state.deck?.seats);
  });

  it('imports into a Redux store as DevTools does: the same end, every signature checked by the reducers', () => {
    const store = configureStore({ reducer: { okey: okeySlice.reducer } });
    for (const action of actions) store.dispatch(action);
    expect(inEnglish(store.getState().okey)).toEqual(JSON.parse(fixture(`${log}.final.json`)));
  });

  it("folds to the same end with the bots' choices not played again, as a late joiner's first board does", () => {
    expect(okeyGame.applyTrusting).toBeDefined();
    const end = actions.reduce(foldStep(trustingChecks(okeyGame)), okeyGame.initialState);
    expect(inEnglish(end)).toEqual(JSON.parse(fixture(`${log}.final.json`)));
  });

  it('refuses it once any one seat action loses its signature', () => {
    const signed = actions.flatMap((a, i) => (a.payload.signer && a.type !== 'okey/seatTaken' ? [i] : []));
    // Six entries spread over the log (each check folds the whole log again, a masked deck's proofs with it).
    const step = Math.ceil(signed.length / 6);
    for (const i of signed.filter((_, k) => k % step === 0)) {
      const { signature: _gone, ...payload } = actions[i].payload;
      const tampered = actions.map((a, k) => (k === i ? { ...a, payload } : a));
      expect(inEnglish(reasons(tampered))).toContain('Unsigned seat action');
    }
  });

  it("refuses it once two players' signatures are swapped", () => {
    const i = actions.findIndex((a) => a.payload.signer && a.type !== 'okey/seatTaken');
    const j = actions.findIndex(
      (a, k) => k > i && a.payload.signer && a.payload.signer.seat !== actions[i].payload.signer?.seat,
    );
    const swapped = actions.map((a, k) =>
      k === i
        ? { ...a, payload: { ...a.payload, signature: actions[j].payload.signature } }
        : k === j
          ? { ...a, payload: { ...a.payload, signature: actions[i].payload.signature } }
          : a,
    );
    // Both entries are refused (and whatever depended on them after).
    expect(inEnglish(reasons(swapped).filter(isTampering).slice(0, 2))).toEqual([
      'Signature does not verify',
      'Signature does not verify',
    ]);
  });

  it('refuses it once the deal is altered', () => {
    // Another shuffle in a seat's entry: its signature no longer holds.
    const shuffles = actions.flatMap((a, i) => (a.type === 'okey/deckShuffled' ? [i] : []));
    const [i, j] = shuffles;
    const other = { ...actions[i].payload, deck: actions[j].payload.deck };
    const altered = actions.map((a, k) => (k === i ? { ...a, payload: other } : a));
    expect(inEnglish(reasons(altered).filter(isTampering)[0])).toBe('Signature does not verify');
    const start = actions.findIndex((a) => a.type === 'okey/gameStarted');
    const chosen = { ...actions[start].payload, order: [...createTileSet().map((t) => t.id)] };
    expect(
      inEnglish(
        reasons(actions.map((a, k) => (k === start ? { ...a, payload: chosen } : a))).filter(isTampering)[0],
      ),
    ).toBe('Signature does not verify');
  });
});

describe('a log recorded before every deal was the masked deck', () => {
  it('folds to its first deal as a deck nobody keyed, which anyone may start over: the points and seats kept', () => {
    // Its deal's reveals are no action any more, and every move after them finds no dealt table.
    const actions = entriesOf('before-masked-deck');
    const replay = replayOkey(actions);
    expect(replay.problems).toEqual([]);
    const refused = new Set(replay.rejected.map((r) => `${r.type}: ${englishText(r.reason)}`));
    expect(refused).toContain('okey/dealRevealed: Unknown action');
    expect(replay.state.gameState).toBe('start');
    expect(replay.state.deck?.shuffles).toEqual([]);
    expect(replay.state.players.filter((s) => s.user).length).toBe(4);
    // Nobody knows a tile of a deck not laid out: Reset Game (here a spectator's) starts the table over.
    const watcher = { by: { id: 'watcher', name: 'Watcher' }, clientId: 999 };
    const reset = okeyGame.apply(replay.state, { type: 'okey/gameReset', payload: watcher });
    expect(reset.ok ? reset.state.deck : englishText(reset.reason)).toBeUndefined();
  });
});

describe('npm run replay', () => {
  it('exits 0 on a recorded log, and 3 naming the entry once a signature is taken away', () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-'));
    const actions = entriesOf('two-players');
    const i = actions.findIndex((a) => a.type === 'okey/tileDiscarded');
    const { signature: _gone, ...payload } = actions[i].payload;
    const path = join(dir, 'tampered.json');
    writeFileSync(path, formatActionLog(actions.map((a, k) => (k === i ? { ...a, payload } : a))));
    const run = (file: string) =>
      spawnSync('npx', ['tsx', 'scripts/replay.ts', file], { encoding: 'utf8', cwd: ROOT });
    expect(run(new URL('../../../fixtures/okey/two-players.log.json', import.meta.url).pathname).status).toBe(
      0,
    );
    const tampered = run(path);
    expect(tampered.status).toBe(3);
    expect(tampered.stderr).toContain(`TAMPERED #${i} okey/tileDiscarded: Unsigned seat action`);
  }, 30_000);
});

describe('replayOkey', () => {
  it('reports refused entries with their reasons', () => {
    const replay = replayOkey([
      { type: 'okey/seatLeft', payload: { by: { id: 'x', name: 'X' }, clientId: 1 } },
      { type: 'go/other' },
    ]);
    expect(inEnglish(replay.rejected)).toEqual([{ index: 0, type: 'okey/seatLeft', reason: 'Not seated' }]);
  });

  it('reports a broken invariant in the starting state', () => {
    const broken = { ...createInitialState(), drawPile: createInitialState().drawPile.slice(1) };
    expect(replayOkey([], broken).problems).toEqual(['105 tiles on the table, expected 106']);
  });
});
