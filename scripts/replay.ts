/**
 * Folds a recorded Okey log and prints the final table: `npm run replay -- <log.json> [--json]`.
 * The log is a Redux DevTools export or a plain array of actions. Exits 1 when an invariant breaks.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { checkInvariants, describeOkeyState, okeyGame, type OkeyState } from '../src/games/okey/index';
import { parseActionLogFile } from '../src/sync/actionLog';
import type { LoggedAction } from '../src/sync/SyncedGame';

/** What a replay found: the final state, the refused entries with their reasons, and the first broken invariants. */
export type Replay = {
  state: OkeyState;
  rejected: { index: number; type: string; reason: string }[];
  problems: string[];
};

/** Folds the Okey entries of a log from the given state, checking the invariants after every entry. */
export function replayOkey(actions: LoggedAction[], initial: OkeyState = okeyGame.initialState): Replay {
  let state = initial;
  const rejected: Replay['rejected'] = [];
  let problems = checkInvariants(state);
  actions.forEach((action, index) => {
    if (!action.type.startsWith(`${okeyGame.name}/`)) return;
    const reason = okeyGame.validate(state, action);
    if (reason !== null) rejected.push({ index, type: action.type, reason });
    state = okeyGame.reducer(state, action);
    const broken = checkInvariants(state);
    if (problems.length === 0 && broken.length > 0)
      problems = broken.map((p) => `after entry ${index} (${action.type}): ${p}`);
  });
  return { state, rejected, problems };
}

/** The Okey state inside a preloaded root state, when there is one. */
function preloadedOkey(root: unknown): OkeyState | undefined {
  const okey =
    typeof root === 'object' && root !== null ? (root as Record<string, unknown>)[okeyGame.name] : undefined;
  return typeof okey === 'object' && okey !== null ? (okey as OkeyState) : undefined;
}

function main(args: string[]): number {
  const path = args.find((a) => !a.startsWith('--'));
  if (!path) {
    console.error('usage: npm run replay -- <log.json> [--json]');
    return 2;
  }
  const file = parseActionLogFile(readFileSync(path, 'utf8'));
  const { state, rejected, problems } = replayOkey(file.actions, preloadedOkey(file.preloadedState));
  if (args.includes('--json')) console.log(JSON.stringify(state, null, 2));
  else {
    console.log(`${file.actions.length} entries, ${rejected.length} refused`);
    for (const r of rejected) console.log(`  refused #${r.index} ${r.type}: ${r.reason}`);
    console.log(describeOkeyState(state));
  }
  for (const p of problems) console.error(`INVARIANT BROKEN ${p}`);
  return problems.length === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = main(process.argv.slice(2));
