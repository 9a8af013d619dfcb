/**
 * Folds a recorded log of any game and prints the final state: `npm run replay -- <log.json> [--json]`. The log is a
 * room's Export log or a Redux DevTools export (or a plain array of actions); the game is the one its actions name.
 * Every entry is judged as every peer's fold judges it (the game's apply, then its invariants), and the invariants
 * are checked after each. Entries are judged in the room the file's actions name (meta.room), so every signature is
 * checked, and every deal and roll recomputed from its revealed secrets: an exported log is evidence of who did what.
 * Exits 1 when an invariant breaks, 2 when the file names no known game, 3 when an entry was tampered with (a
 * signature that is missing or does not verify, a replayed sequence number, a reveal that does not match).
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { backgammonGame } from '../src/games/backgammon/index';
import { goGame } from '../src/games/go/index';
import { minecraftGame } from '../src/games/minecraft/index';
import { describeOkeyState, okeyGame, type OkeyState } from '../src/games/okey/index';
import { tictactoeGame } from '../src/games/tictactoe/index';
import { parseActionLogFile } from '../src/sync/log/actionLog';
import { DUPLICATE_ENTRY } from '../src/sync/log/GameFold';
import { englishText } from '../src/i18n/reasons';
import { judge, type LoggedAction, type Refusal, type SyncedGame } from '../src/sync/log/SyncedGame';
import { SIGNATURE_REFUSALS } from '../src/sync/signing/signatures';
import { LUCK_REASONS } from '../src/games/shared/sharedLuck';

/** Refusals (by key) that mean an entry was altered or written in someone else's name, not a move the rules turned down. */
const TAMPERING: readonly string[] = [
  ...SIGNATURE_REFUSALS,
  LUCK_REASONS.badReveal.key,
  LUCK_REASONS.badCommitment.key,
  LUCK_REASONS.chosenLuck.key,
];

/** Whether a refusal says the entry was tampered with. */
export const isTampering = (reason: Refusal): boolean => TAMPERING.includes(reason.key);

/** A game the script can replay: its rules (with what must always hold of its state), and how to print it. */
type Replayable<S> = { game: SyncedGame<S>; describe: (state: S) => string };

const asJson = (state: unknown) => JSON.stringify(state, null, 2);
const replayable = <S>(r: Replayable<S>) => r as unknown as Replayable<unknown>;

const REPLAYABLE: readonly Replayable<unknown>[] = [
  replayable({ game: okeyGame, describe: describeOkeyState }),
  replayable({ game: backgammonGame, describe: asJson }),
  replayable({ game: goGame, describe: asJson }),
  replayable({ game: tictactoeGame, describe: asJson }),
  replayable({ game: minecraftGame, describe: asJson }),
];

/** What a replay found: the game, the final state, the refused entries with their reasons, and the first broken invariants. */
export type Replay<S = unknown> = {
  game: string;
  state: S;
  rejected: { index: number; type: string; reason: Refusal }[];
  problems: string[];
};

/** The game whose actions the log holds: the one most of its entries name, or undefined when none is known. */
export function gameOfLog(actions: readonly LoggedAction[]): string | undefined {
  const counts = new Map<string, number>();
  for (const { type } of actions) {
    const name = type.slice(0, type.indexOf('/'));
    if (REPLAYABLE.some((r) => r.game.name === name)) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** Folds the game's entries of a log from the given state, checking the game's invariants after every entry. */
export function replayGame(name: string, actions: readonly LoggedAction[], initial?: unknown): Replay {
  const known = REPLAYABLE.find((r) => r.game.name === name);
  if (!known) throw new Error(`No game named ${name}`);
  const { game } = known;
  const invariants = (state: unknown): string[] => [...(game.invariants?.(state) ?? [])];
  let state = initial ?? game.initialState;
  const rejected: Replay['rejected'] = [];
  let problems = invariants(state);
  // An entry written twice (by its page and on its behalf by a page that saw it ahead) counts once, as in every fold.
  const seen = new Set<string>();
  actions.forEach((action, index) => {
    if (!action.type.startsWith(`${game.name}/`)) return;
    const id = action.meta?.entryId;
    if (typeof id === 'string' && seen.has(id)) {
      rejected.push({ index, type: action.type, reason: DUPLICATE_ENTRY });
      return;
    }
    if (typeof id === 'string') seen.add(id);
    const result = judge(game, state, action);
    if (result.ok) state = result.state;
    else rejected.push({ index, type: action.type, reason: result.reason });
    const broken = invariants(state);
    if (problems.length === 0 && broken.length > 0)
      problems = broken.map((p) => `after entry ${index} (${action.type}): ${p}`);
  });
  return { game: game.name, state, rejected, problems };
}

/** Folds the Okey entries of a log (the replay the Okey fixtures are checked with). */
export const replayOkey = (actions: readonly LoggedAction[], initial?: OkeyState): Replay<OkeyState> =>
  replayGame(okeyGame.name, actions, initial) as Replay<OkeyState>;

/** A game's state inside a preloaded root state, when there is one. */
function preloaded(root: unknown, name: string): unknown {
  const state =
    typeof root === 'object' && root !== null ? (root as Record<string, unknown>)[name] : undefined;
  return typeof state === 'object' && state !== null ? state : undefined;
}

function main(args: string[]): number {
  const path = args.find((a) => !a.startsWith('--'));
  if (!path) {
    console.error('usage: npm run replay -- <log.json> [--json]');
    return 2;
  }
  const file = parseActionLogFile(readFileSync(path, 'utf8'));
  const name = gameOfLog(file.actions);
  if (!name) {
    console.error(
      `${path} holds no action of a known game (${REPLAYABLE.map((r) => r.game.name).join(', ')})`,
    );
    return 2;
  }
  const { state, rejected, problems } = replayGame(name, file.actions, preloaded(file.preloadedState, name));
  const describe = REPLAYABLE.find((r) => r.game.name === name)!.describe;
  if (args.includes('--json')) console.log(JSON.stringify(state, null, 2));
  else {
    console.log(`${name}: ${file.actions.length} entries, ${rejected.length} refused`);
    for (const r of rejected) console.log(`  refused #${r.index} ${r.type}: ${englishText(r.reason)}`);
    console.log(describe(state));
  }
  for (const p of problems) console.error(`INVARIANT BROKEN ${p}`);
  const tampered = rejected.filter((r) => isTampering(r.reason));
  for (const r of tampered) console.error(`TAMPERED #${r.index} ${r.type}: ${englishText(r.reason)}`);
  if (problems.length > 0) return 1;
  return tampered.length === 0 ? 0 : 3;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = main(process.argv.slice(2));
