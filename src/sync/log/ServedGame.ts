import { AHEAD_TIMEOUT_MS, EntriesAhead } from './EntriesAhead';
import { GameFold, type FoldUpdate } from './GameFold';
import { decodeEntry, type LogEntry } from './logEntry';
import type { LoggedAction, SyncedGame } from './SyncedGame';

/** How long a caught-up log may wait for the document to confirm it: a late joiner's whole document is on its way. */
export const CAUGHT_UP_TIMEOUT_MS = 20_000;

/**
 * One game a bridge serves, without the document or the store: the fold of its log, the entries shown ahead of the log
 * with the clock that drops them when their changes never come, and the local actions waiting for the log to catch up.
 */
export class ServedGame<S = unknown> {
  readonly game: SyncedGame<S>;
  readonly fold: GameFold<S>;
  /** Local actions taken while entries were shown ahead: written once the log has caught up. */
  readonly deferred: LoggedAction[] = [];
  readonly #ahead: EntriesAhead<S>;
  readonly #onExpired: () => void;
  #timer: ReturnType<typeof setTimeout> | null = null;

  /** onExpired: the entries ahead were dropped because the log did not confirm them in time. */
  constructor(game: SyncedGame<S>, onExpired: () => void) {
    this.game = game;
    this.fold = new GameFold(game);
    this.#ahead = new EntriesAhead(game);
    this.#onExpired = onExpired;
  }

  /** What the page shows: the folded state with the entries ahead applied. */
  get shown(): S {
    return this.#ahead.shown(this.fold.state);
  }

  /** How many entries are shown ahead of the log. */
  get aheadCount(): number {
    return this.#ahead.length;
  }

  /** Whether the entry with this id is shown ahead of the log. */
  isAhead(id: string): boolean {
    return this.#ahead.has(id);
  }

  /** Folds the log (GameFold.update), taking the states of the entries shown ahead where the log confirms them. */
  foldLog(log: readonly unknown[], from: number): FoldUpdate<S> {
    return this.fold.update(log, from, this.#ahead.known);
  }

  /** The state after an entry shown ahead right after the folded log (this page's own, written next), if it is. */
  stateAfterNext(id: string): S | undefined {
    const next = this.#ahead.known[0];
    return next?.entry.id === id && !next.skipped ? next.state : undefined;
  }

  /** The id of the last entry the page shows: the last one ahead, else the last folded one. */
  get lastShownId(): string | null {
    const ahead = this.#ahead.known;
    return ahead.length > 0 ? ahead[ahead.length - 1].entry.id : this.lastId;
  }

  /** The id of the last folded entry, null for an empty log. */
  get lastId(): string | null {
    return this.fold.entries[this.fold.length - 1]?.id ?? null;
  }

  /**
   * Shows an entry ahead (EntriesAhead.take); the clock runs from the first entry ahead. `judged`: the state after it
   * that this page has computed already (its own action), so the rules do not run again.
   */
  takeEntry(entry: LogEntry, after: string | null, judged?: S): boolean {
    if (!this.#ahead.take(entry, after, this.fold.state, this.lastId, judged)) return false;
    if (this.#timer === null) this.#arm(AHEAD_TIMEOUT_MS);
    return true;
  }

  /** Shows a peer's whole log ahead, beyond what the page shows, up to its first unreadable entry; how many were taken. */
  takeLog(texts: readonly string[]): number {
    const log: LogEntry[] = [];
    for (const text of texts) {
      const entry = decodeEntry(text);
      if (!entry) break;
      log.push(entry);
    }
    const taken = this.#ahead.takeLog(log, this.fold.entries, this.fold.state);
    if (taken > 0) this.#arm(CAUGHT_UP_TIMEOUT_MS);
    return taken;
  }

  /**
   * Matches a fold update against the entries ahead (EntriesAhead.confirm): how many of its first steps were shown
   * already, or null when the log went another way and nothing is shown ahead any more.
   */
  confirm(update: FoldUpdate<S>): number | null {
    const shown = this.#ahead.confirm(update);
    if (this.#ahead.length === 0) this.stop();
    // The clock runs for the oldest entry still ahead.
    else if (shown !== null && shown > 0) this.#arm(AHEAD_TIMEOUT_MS);
    return shown;
  }

  /** Stops the clock (the bridge stops serving the game). */
  stop(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #arm(ms: number): void {
    this.stop();
    this.#timer = setTimeout(() => this.#expire(), ms);
  }

  // An entry whose change never came stops being shown; the log's state returns.
  #expire(): void {
    this.#timer = null;
    if (this.#ahead.length === 0) return;
    this.#ahead.clear();
    this.#onExpired();
  }
}
