/**
 * Recorded action logs in the file format Redux DevTools exports and imports:
 * `{ "payload": "<JSON array of actions>", "preloadedState": "<JSON root state>" }`. A plain JSON array of actions is read too.
 */
import type { LoggedAction } from './SyncedGame';

/** A recorded log: its actions in order and the root state it started from, or null for the reducers' own. */
export type ActionLogFile = { actions: LoggedAction[]; preloadedState: unknown };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

// DevTools' lifted entries wrap the action ({ type: 'PERFORM_ACTION', action }); its own @@ actions are not part of the game.
function toAction(entry: unknown, index: number): LoggedAction | null {
  const action =
    isRecord(entry) && entry.type === 'PERFORM_ACTION' && isRecord(entry.action) ? entry.action : entry;
  if (!isRecord(action) || typeof action.type !== 'string')
    throw new Error(`Not an action log: entry ${index} has no type`);
  if (action.type.startsWith('@@')) return null;
  const logged: LoggedAction = { type: action.type };
  if ('payload' in action) logged.payload = action.payload;
  if (isRecord(action.meta)) logged.meta = action.meta;
  return logged;
}

function toActions(list: unknown): LoggedAction[] {
  if (!Array.isArray(list)) throw new Error('Not an action log: expected an array of actions');
  return list.map(toAction).filter((a): a is LoggedAction => a !== null);
}

/** Reads a DevTools export or a plain array; throws an Error naming the problem when the text is neither. */
export function parseActionLogFile(text: string): ActionLogFile {
  const parsed: unknown = JSON.parse(text);
  if (Array.isArray(parsed)) return { actions: toActions(parsed), preloadedState: null };
  if (!isRecord(parsed) || typeof parsed.payload !== 'string')
    throw new Error('Not an action log: expected { payload } or an array');
  const preloaded =
    typeof parsed.preloadedState === 'string' ? (JSON.parse(parsed.preloadedState) as unknown) : null;
  return { actions: toActions(JSON.parse(parsed.payload)), preloadedState: preloaded ?? null };
}

/** The actions of a recorded log, in order; DevTools' own @@ entries are dropped. */
export const parseActionLog = (text: string): LoggedAction[] => parseActionLogFile(text).actions;

/** Writes actions (and optionally the starting root state) as a DevTools export that parseActionLog reads back. */
export function formatActionLog(actions: LoggedAction[], preloadedState?: unknown): string {
  const file: Record<string, string> = { payload: JSON.stringify(actions) };
  if (preloadedState !== undefined && preloadedState !== null)
    file.preloadedState = JSON.stringify(preloadedState);
  return `${JSON.stringify(file, null, 2)}\n`;
}
