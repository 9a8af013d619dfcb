// No Automerge here: a page folds a log a peer sent over its link before Automerge has loaded (LogCatchUp).
import type { LoggedAction } from './SyncedGame';

/** One stored log entry: the action, its unique id (author actor + counter), and for an epoch start the state before it. */
export type LogEntry = { id: string; action: LoggedAction; base?: unknown };

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

/** Reads a stored entry; null when it is not one (a peer running other code). */
export function decodeEntry(raw: unknown): LogEntry | null {
  const text = entryTextOf(raw);
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { id, action, base } = parsed as Record<string, unknown>;
    if (typeof id !== 'string' || !id.includes(':') || !isLoggedAction(action)) return null;
    return base === undefined ? { id, action } : { id, action, base };
  } catch {
    return null;
  }
}
