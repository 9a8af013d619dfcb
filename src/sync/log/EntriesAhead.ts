import { applyEntry, type FoldUpdate, type KnownStep } from './GameFold';
import type { LogEntry } from './logEntry';
import type { SyncedGame } from './SyncedGame';

/** How long an entry may wait for its document change before the page stops showing it. */
export const AHEAD_TIMEOUT_MS = 3000;

/** One entry shown ahead of the log, with the state after it; skipped when the fold skips it too (caught-up logs). */
type Ahead<S> = KnownStep<S> & { entry: LogEntry };

/**
 * Entries shown ahead of the document change carrying them: another peer's entry (it travels as an ephemeral message
 * at submit, the Automerge change a few milliseconds later), or a whole log a peer sent a late joiner before its
 * document synced. Shown at once, on top of the folded log, until the log confirms them. The log stays the only truth:
 * an entry is shown only when it follows exactly what the page shows, and whatever the log does differently drops
 * every entry ahead, which then arrive with their changes. Pure bookkeeping: no document, no store.
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

  /** The entries ahead with the state after each, in order: what the fold takes when the log confirms them. */
  get known(): readonly Ahead<S>[] {
    return this.#list;
  }

  // A commuting entry written after an entry this page shows, with others between: shown too, unless shown already.
  #commutesAfter(entry: LogEntry, after: string | null, foldedRecent: readonly (string | null)[]): boolean {
    if (!this.#game.commutes?.(entry.action) || this.has(entry.id) || foldedRecent.includes(entry.id))
      return false;
    return foldedRecent.includes(after) || this.has(after ?? '');
  }

  /** Whether the entry with this id is shown ahead. */
  has(id: string): boolean {
    return this.#list.some((a) => a.entry.id === id);
  }

  /** What the page shows: the folded state with the entries ahead of it applied. */
  shown(folded: S): S {
    return this.#list.length === 0 ? folded : this.#list[this.#list.length - 1].state;
  }

  /**
   * Shows entry ahead when its author wrote it right after the last entry this page shows (`after`, null for an empty
   * log) and it is valid there; false, with nothing kept, otherwise. An entry already folded never follows what the page
   * shows. An entry that commutes with other seats' (SyncedGame.commutes) may follow any recent entry the page shows
   * (`foldedRecent`, the fold's last ids, oldest first; null standing for the empty log's start). `judged`: the state
   * after the entry, when the caller has applied it to what the page shows already.
   */
  take(
    entry: LogEntry,
    after: string | null,
    folded: S,
    foldedRecent: readonly (string | null)[],
    judged?: S,
  ): boolean {
    const foldedLast = foldedRecent.length === 0 ? null : foldedRecent[foldedRecent.length - 1];
    const last = this.#list.length === 0 ? foldedLast : this.#list[this.#list.length - 1].entry.id;
    if (after !== last && !this.#commutesAfter(entry, after, foldedRecent)) return false;
    const { state, rejection } =
      judged === undefined
        ? applyEntry(this.#game, this.shown(folded), entry)
        : { state: judged, rejection: null };
    if (rejection !== null) return false;
    this.#list.push({ entry, state, skipped: false });
    return true;
  }

  /**
   * Shows the entries of a peer's whole log beyond what the page shows, when that log begins with exactly what the page
   * shows (the folded entries, then those ahead). They are applied as the fold applies them: an invalid one stays in
   * the list, skipped, as the log holds it. Returns how many entries were taken.
   */
  takeLog(log: readonly LogEntry[], folded: readonly LogEntry[], foldedState: S): number {
    const shown = [...folded, ...this.#list.map((a) => a.entry)];
    if (log.length <= shown.length || shown.some((e, i) => e.id !== log[i].id)) return 0;
    let state = this.shown(foldedState);
    for (const entry of log.slice(shown.length)) {
      const step = applyEntry(this.#game, state, entry);
      state = step.state;
      this.#list.push({ entry, state, skipped: step.rejection !== null });
    }
    return log.length - shown.length;
  }

  /**
   * Matches a fold update against the entries ahead and returns how many of its first steps were shown already (they
   * leave the list), or null when the log went another way: then every entry ahead is dropped.
   */
  confirm({ rewoundTo, steps }: FoldUpdate<S>): number | null {
    let k = 0;
    while (
      k < steps.length &&
      k < this.#list.length &&
      steps[k].entry.id === this.#list[k].entry.id &&
      (steps[k].rejection !== null) === this.#list[k].skipped
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
}
