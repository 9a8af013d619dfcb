// No Automerge here: a page folds a log a peer sent over its link before Automerge has loaded (LogCatchUp).
import type { LoggedAction } from './SyncedGame';

/**
 * One stored log entry: the action and its unique id (author actor + counter). An entry carries no state: a game's
 * state is only ever what the fold computes from the actions, so a field a peer adds (a whole state, say) is dropped.
 */
export type LogEntry = { id: string; action: LoggedAction };

/**
 * The most characters one entry's text may have. Real entries are far smaller (an Okey deal's shuffle, the largest,
 * is about 1.3 KB); a larger one is a peer running other code, and every fold skips it as unreadable.
 */
export const MAX_ENTRY_CHARS = 16 * 1024;

/** How much of the author's Automerge actor id an entry id keeps: 48 random bits tell a room's authors apart. */
const AUTHOR_CHARS = 12;

// Module-wide so two bridges on one handle (a room reopened in the same tab) never reuse an id.
let counter = 0;

/** A fresh entry id for an entry written by this actor; never repeats within a process. */
export function nextEntryId(actor: string): string {
  counter += 1;
  return `${actor.slice(0, AUTHOR_CHARS)}:${counter}`;
}

/** True when the entry with this id was written by this actor (ids of older versions hold the whole actor id). */
export function writtenBy(id: string, actor: string): boolean {
  const author = id.slice(0, Math.max(0, id.indexOf(':')));
  return author.length >= AUTHOR_CHARS && actor.startsWith(author);
}

/** The JSON text of an entry: its stored form is an Automerge ImmutableString of it (see storedEntry). */
export const entryText = (entry: LogEntry): string => JSON.stringify(entry);

/** The JSON text of a stored entry (an Automerge ImmutableString, whose text is its `val`) or of a sent one (a string). */
export const entryTextOf = (raw: unknown): string | null => {
  if (typeof raw === 'string') return raw;
  const val = typeof raw === 'object' && raw !== null ? (raw as { val?: unknown }).val : undefined;
  return typeof val === 'string' ? val : null;
};

const isLoggedAction = (v: unknown): v is LoggedAction =>
  typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string';

/**
 * Reads a stored entry; null when it is not one (a peer running other code): not an entry's shape, or longer than
 * MAX_ENTRY_CHARS, which is refused before it is parsed. Only the id and the action are kept.
 */
export function decodeEntry(raw: unknown): LogEntry | null {
  const text = entryTextOf(raw);
  if (text === null || text.length > MAX_ENTRY_CHARS) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { id, action } = parsed as Record<string, unknown>;
    if (typeof id !== 'string' || id.length > 64 || !id.includes(':') || !isLoggedAction(action)) return null;
    return { id, action };
  } catch {
    return null;
  }
}
