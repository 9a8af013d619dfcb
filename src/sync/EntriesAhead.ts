import type { FoldUpdate } from './GameFold';
import type { LogEntry } from './logEntry';
import type { SyncedGame } from './SyncedGame';

/** How long an entry may wait for its document change before the page stops showing it. */
export const AHEAD_TIMEOUT_MS = 3000;

/** One entry shown ahead of the log, with the state after it. */
type Ahead<S> = { entry: LogEntry; state: S };

/**
 * Other peers' entries that arrived ahead of the document change carrying them (the entry travels as an ephemeral
 * message at submit, the Automerge change a few milliseconds later): shown at once, on top of the folded log, until the
 * log confirms them. The log stays the only truth: an entry is shown only when it follows exactly what the page shows,
 * and whatever the log does differently drops every entry ahead, which then arrive with their changes. Pure
 * bookkeeping: no document, no store.
 */
export class EntriesAhead<S> {
  readonly #game: SyncedGame<S>;
  readonly #list: Ahead<S>[] = [];

  constructor(game: SyncedGame<S>) {
    this.#game = game;
  }

  /** How many entries are shown ahead of the log. */
  get length(): number {
    return this.#list.length;
  }

  /** What the page shows: the folded state with the entries ahead of it applied. */
  shown(folded: S): S {
    return this.#list.length === 0 ? folded : this.#list[this.#list.length - 1].state;
  }

  /**
   * Shows entry ahead when its author wrote it right after the last entry this page shows (`after`, null for an empty
   * log) and it is valid there; false, with nothing kept, otherwise. An entry dropped by an epoch start, or one already
   * folded, never follows what the page shows.
   */
  take(entry: LogEntry, after: string | null, folded: S, foldedLast: string | null): boolean {
    const last = this.#list.length === 0 ? foldedLast : this.#list[this.#list.length - 1].entry.id;
    if (after !== last) return false;
    const next = this.#apply(this.shown(folded), entry);
    if (next === null) return false;
    this.#list.push({ entry, state: next });
    return true;
  }

  /**
   * Matches a fold update against the entries ahead and returns how many of its first steps were shown already (they
   * leave the list), or null when the log went another way: then every entry ahead is dropped.
   */
  settle({ rewoundTo, steps }: FoldUpdate<S>): number | null {
    let k = 0;
    while (
      k < steps.length &&
      k < this.#list.length &&
      steps[k].rejection === null &&
      steps[k].entry.id === this.#list[k].entry.id
    )
      k++;
    if (rewoundTo === null && (k === this.#list.length || k === steps.length)) {
      this.#list.splice(0, k);
      return k;
    }
    this.clear();
    return null;
  }

  /** Forgets every entry ahead. */
  clear(): void {
    this.#list.length = 0;
  }

  #apply(state: S, entry: LogEntry): S | null {
    try {
      if (this.#game.validate(state, entry.action) !== null) return null;
      return this.#game.reducer(state, entry.action);
    } catch {
      // The fold reports a throwing game when the entry reaches the log; ahead of it, it is simply not shown.
      return null;
    }
  }
}
