import { decodeEntry, entryTextOf, type LogEntry } from './logEntry';
import { judge, ROOM_REFUSALS, type Refusal, type SyncedGame } from './SyncedGame';

/**
 * Why the fold skips an entry whose id it has folded already: a peer's move written both by its page and, on its
 * behalf, by a page that saw it ahead (GameTimeline.expire). The first copy counts; the skip is no one's refusal.
 */
export const DUPLICATE_ENTRY = ROOM_REFUSALS.duplicateEntry;

/** What folding one log update did: where it rewound to (if anywhere) and each entry folded after that, in order. */
export type FoldStep = { entry: LogEntry; index: number; rejection: Refusal | null };
/** The result of GameFold.update. */
/** An entry a page applied already, with the state after it; skipped when its rules refused it. */
export type KnownStep<S> = { entry: { id: string }; state: S; skipped: boolean };

export type FoldUpdate<S> = { rewoundTo: number | null; steps: FoldStep[]; before: S };

/**
 * One entry applied to the state before it, as every peer's fold applies it, through the game's apply (an entry
 * never carries state); an invalid entry (or one the game throws on) leaves the state as it was, with the reason.
 */
export function applyEntry<S>(
  game: SyncedGame<S>,
  previous: S,
  entry: LogEntry,
): { state: S; rejection: Refusal | null } {
  try {
    const result = judge(game, previous, entry.action);
    return result.ok
      ? { state: result.state, rejection: null }
      : { state: previous, rejection: result.reason };
  } catch (err) {
    // A game bug must not stop the fold; every peer skips the same entry, so all stay identical.
    console.error(`The ${game.name} reducer threw on ${entry.action.type}; skipping it`, err);
    return { state: previous, rejection: ROOM_REFUSALS.internalError };
  }
}

/**
 * How many states a fold keeps: the state after each of the last `recent` entries (where a merge rewinds to, nearly
 * always), and after every `every`-th entry before them. A deeper rewind refolds from the checkpoint below it. Keeping
 * every state grew each page's heap by about 1.2 KB per Okey entry, an evening's log being thousands of entries.
 */
export type FoldMemory = { recent: number; every: number };
export const FOLD_MEMORY: FoldMemory = { recent: 64, every: 256 };

/**
 * The state of one game derived from its log, kept incrementally: an update resumes at the longest unchanged prefix
 * instead of refolding from the start, from the state kept there or the nearest checkpoint before it (FoldMemory).
 */
export class GameFold<S> {
  readonly #game: SyncedGame<S>;
  readonly #memory: FoldMemory;
  #ids: string[] = [];
  /** The folded ids, each with the index it was first folded at. */
  readonly #seen = new Map<string, number>();
  #entries: LogEntry[] = [];
  /** The state after the first n entries, for the n kept (FoldMemory); the others are undefined. */
  #states: (S | undefined)[];

  constructor(game: SyncedGame<S>, memory: FoldMemory = FOLD_MEMORY) {
    this.#game = game;
    this.#memory = memory;
    this.#states = [game.initialState];
  }

  /** The folded state after the whole log. */
  get state(): S {
    return this.stateAt(this.#ids.length);
  }

  /** How many entries have been folded (including skipped ones). */
  get length(): number {
    return this.#ids.length;
  }

  /** The folded entries in log order. */
  get entries(): readonly LogEntry[] {
    return this.#entries;
  }

  /** The state after the first n entries: kept, or refolded from the checkpoint before it. */
  stateAt(n: number): S {
    const kept = this.#states[n];
    if (kept !== undefined) return kept;
    let at = n - (n % this.#memory.every);
    while (this.#states[at] === undefined) at -= this.#memory.every;
    let state = this.#states[at] as S;
    for (; at < n; at++) state = this.#next(state, this.#entries[at], at).state;
    return state;
  }

  /**
   * Folds the log, given that entries before index `from` are known unchanged since the last update. `known`: entries
   * this page has applied already on top of the folded state, in order, with the state after each (its own actions and
   * the peers' entries shown ahead); where the log continues with exactly them, their states are taken rather than the
   * rules run again.
   */
  update(log: readonly unknown[], from = 0, known: readonly KnownStep<S>[] = []): FoldUpdate<S> {
    let k = Math.min(from, this.#ids.length, log.length);
    const decoded: LogEntry[] = [];
    for (let i = k; i < log.length; i++) decoded.push(this.#decode(log[i], i));
    let d = 0;
    while (k < this.#ids.length && d < decoded.length && decoded[d].id === this.#ids[k]) {
      k++;
      d++;
    }
    const rewoundTo = k < this.#ids.length ? k : null;
    const before = this.stateAt(k);
    for (let i = k; i < this.#ids.length; i++)
      if (this.#seen.get(this.#ids[i]) === i) this.#seen.delete(this.#ids[i]);
    this.#ids.length = k;
    this.#entries.length = k;
    this.#states.length = k + 1;
    this.#states[k] = before;
    // Known states follow the fold's end as it was: only a log that goes on from there, entry by entry, may take them.
    let reusable = rewoundTo === null;
    const steps = decoded.slice(d).map((entry, j) => {
      const step = known[j];
      reusable &&=
        step !== undefined && !step.skipped && step.entry.id === entry.id && !this.#seen.has(entry.id);
      return reusable ? this.#take(entry, k + j, step.state) : this.#apply(entry, k + j);
    });
    return { rewoundTo, steps, before };
  }

  /**
   * Folds the log of a fresh fold from a state this page folded before (a checkpoint it kept): the first `count`
   * entries are taken as folded to `state` rather than judged again, and the rest are folded. The caller vouches that
   * those entries are the ones folded then (the same texts, the same rules). States before `count` refold from the
   * start when asked for.
   */
  restore(log: readonly unknown[], count: number, state: S): FoldUpdate<S> {
    if (this.#ids.length > 0) throw new Error('GameFold.restore: the fold has folded already');
    if (!Number.isSafeInteger(count) || count < 0 || count > log.length)
      throw new Error(`GameFold.restore: no entry ${count} in a log of ${log.length}`);
    for (let i = 0; i < count; i++) {
      const entry = this.#decode(log[i], i);
      if (!this.#seen.has(entry.id)) this.#seen.set(entry.id, i);
      this.#ids.push(entry.id);
      this.#entries.push(entry);
    }
    this.#states.length = count + 1;
    this.#states[count] = state;
    return this.update(log, count);
  }

  #decode(raw: unknown, index: number): LogEntry {
    const entry = decodeEntry(raw);
    if (entry) return entry;
    // Only its start: a peer's junk entry may be large, and a page's console is no place to repeat it.
    const text = entryTextOf(raw) ?? String(raw);
    console.error(`Skipping an unreadable log entry at ${this.#game.name}[${index}]: ${text.slice(0, 200)}`);
    return {
      id: `unreadable:${index}:${text.slice(0, 200)}`,
      action: { type: `${this.#game.name}/unreadable` },
    };
  }

  /** The state after the entry at index, folded first there or skipped (unreadable, or a copy of an earlier one). */
  #next(previous: S, entry: LogEntry, index: number): { state: S; rejection: Refusal | null } {
    if (entry.id.startsWith('unreadable:'))
      return { state: previous, rejection: ROOM_REFUSALS.unreadableEntry };
    const first = this.#seen.get(entry.id);
    if (first !== undefined && first !== index) return { state: previous, rejection: DUPLICATE_ENTRY };
    return applyEntry(this.#game, previous, entry);
  }

  #take(entry: LogEntry, index: number, state: S): FoldStep {
    this.#seen.set(entry.id, index);
    this.#push(entry, state);
    return { entry, index, rejection: null };
  }

  #apply(entry: LogEntry, index: number): FoldStep {
    if (!this.#seen.has(entry.id)) this.#seen.set(entry.id, index);
    const { state, rejection } = this.#next(this.#states[index] as S, entry, index);
    this.#push(entry, state);
    return { entry, index, rejection };
  }

  /** Appends an entry with the state after it, and forgets the state that has just left the recent ones. */
  #push(entry: LogEntry, state: S): void {
    this.#ids.push(entry.id);
    this.#entries.push(entry);
    this.#states.push(state);
    const old = this.#ids.length - this.#memory.recent;
    if (old > 0 && old % this.#memory.every !== 0) this.#states[old] = undefined;
  }
}
