import { AHEAD_TIMEOUT_MS, EntriesAhead } from './EntriesAhead';
import { DUPLICATE_ENTRY, GameFold, type FoldUpdate } from './GameFold';
import { decodeEntry, type LogEntry } from './logEntry';
import { judge, ROOM_REFUSALS, type LoggedAction, type Result, type SyncedGame } from './SyncedGame';

/** How many of the fold's last entries a commuting entry ahead may follow (others' entries came between). */
const RECENT_FOLLOWED = 32;

/** How long a caught-up log may wait for the document to confirm it: a late joiner's whole document is on its way. */
export const CAUGHT_UP_TIMEOUT_MS = 20_000;

/** Why the rules refused an action, as the fold reports it. */
export type Rejection = NonNullable<FoldUpdate<unknown>['steps'][number]['rejection']>;

/**
 * What the wiring does for a timeline, in order: show an entry's action in the store, put the store back to a state,
 * send an entry ahead of its change, append an entry to the log (with the state after it when known), tell this page
 * its action was refused, and set or stop the clock that drops entries ahead never confirmed (`expire`).
 */
export type TimelineEffect<S> =
  | { kind: 'dispatch'; entry: LogEntry }
  | { kind: 'restore'; state: S }
  | { kind: 'sendAhead'; entry: LogEntry; after: string | null }
  | { kind: 'write'; entry: LogEntry; state: S | undefined }
  | { kind: 'writeSoon' }
  | { kind: 'rejected'; reason: Rejection; action: LoggedAction }
  | { kind: 'clock'; ms: number | null };

/** The state after a peer's entry ahead, judged from `from` (what the page showed) while its signature was checked. */
export type Foreseen<S> = { from: S; state: S };

/** A local action shown ahead whose change is not written yet, and the entry it follows. */
type Write = { entry: LogEntry; after: string | null };

/**
 * What a timeline is told about its page: a new id for each of its entries, whose entries are its own, and past how
 * many entries in one change the store gets one restore instead of each action (a late join).
 */
export type TimelineOptions = {
  newId: () => string;
  mine: (entryId: string) => boolean;
  maxDispatched?: number;
};

/**
 * One game's timeline on one page, without the document, the store or the clock: the fold of its log, the entries
 * shown ahead of the log, and this page's actions waiting to be written. Every input (a local action, a peer's entry
 * ahead, the log after a change, a peer's whole log, the clock running out, the page's next task) answers with the
 * effects to run, in order; GameBridge runs them. The store, fed those effects, always shows `shown`.
 */
export class GameTimeline<S = unknown> {
  readonly game: SyncedGame<S>;
  readonly fold: GameFold<S>;
  readonly #ahead: EntriesAhead<S>;
  readonly #newId: () => string;
  readonly #mine: (entryId: string) => boolean;
  readonly #maxDispatched: number;
  /** Local actions shown ahead and written in the page's next task (after the frame that shows them). */
  readonly #dueWrites: Write[] = [];
  /** Local actions shown after another peer's entry ahead: written once the log holds that entry. */
  readonly #chained: Write[] = [];
  /** Peers' entries shown ahead one by one (not from a caught-up log): written on their behalf if their changes never come. */
  readonly #peersAhead = new Set<string>();
  /** Entries of this page whose refusal was reported already (a log folds an entry again after a rewind). */
  readonly #reported = new Set<string>();
  #clock: number | null = null;

  constructor(game: SyncedGame<S>, { newId, mine, maxDispatched = 200 }: TimelineOptions) {
    this.game = game;
    this.fold = new GameFold(game);
    this.#ahead = new EntriesAhead(game);
    this.#newId = newId;
    this.#mine = mine;
    this.#maxDispatched = maxDispatched;
  }

  /** What the page shows: the folded log with the entries ahead of it. */
  get shown(): S {
    return this.#ahead.shown(this.fold.state);
  }

  /** How many entries are shown ahead of the log. */
  get aheadCount(): number {
    return this.#ahead.length;
  }

  /**
   * The log as the page first reads it: folded whole, and shown as one restore. `restored`: the state this page folded
   * the log's first `count` entries to before (a kept checkpoint whose entries the caller matched); the fold goes on
   * from there.
   */
  start(log: readonly unknown[], restored?: { count: number; state: S }): TimelineEffect<S>[] {
    const effects: TimelineEffect<S>[] = [];
    const update = restored
      ? this.fold.restore(log, restored.count, restored.state)
      : this.fold.update(log, 0);
    this.#report(update, effects);
    effects.push({ kind: 'restore', state: this.shown });
    return effects;
  }

  /**
   * A local action with its new entry id: judged against what the page shows, shown at once, sent ahead, and written
   * in the page's next task. While a peer's entry is shown ahead, it is written once the log holds that entry (peers
   * showing the entry take this one at once).
   */
  local(action: LoggedAction): TimelineEffect<S>[] {
    const judged = safeJudge(this.game, this.shown, action);
    if (!judged.ok) return [{ kind: 'rejected', reason: judged.reason, action }];
    const entry: LogEntry = { id: this.#newId(), action };
    const after = this.lastShownId;
    // It follows what the page shows by construction, with the state just judged: the rules run once for it.
    this.#ahead.take(entry, after, this.fold.state, this.#recentIds(), judged.state);
    const effects: TimelineEffect<S>[] = [
      { kind: 'sendAhead', entry, after },
      { kind: 'dispatch', entry },
    ];
    this.#armIfIdle(effects);
    // Right after the page's own entry waiting for its task: written in that same task, not after its change.
    if (after === this.lastId || this.#dueWrites.some((w) => w.entry.id === after)) {
      this.#dueWrites.push({ entry, after });
      effects.push({ kind: 'writeSoon' });
    } else this.#chained.push({ entry, after });
    return effects;
  }

  /** The state after a peer's entry ahead on what the page shows now, or null (it does not follow, or is refused). */
  foresee(entry: LogEntry, after: string | null): Foreseen<S> | null {
    if (this.lastShownId !== after && !this.game.commutes?.(entry.action)) return null;
    const from = this.shown;
    const judged = safeJudge(this.game, from, entry.action);
    return judged.ok ? { from, state: judged.state } : null;
  }

  /** A peer's entry ahead of its change: shown at once when it follows what the page shows and the rules take it. */
  ahead(entry: LogEntry, after: string | null, foreseen: Foreseen<S> | null = null): TimelineEffect<S>[] {
    const known = foreseen !== null && foreseen.from === this.shown ? foreseen.state : undefined;
    if (!this.#ahead.take(entry, after, this.fold.state, this.#recentIds(), known)) return [];
    this.#peersAhead.add(entry.id);
    const effects: TimelineEffect<S>[] = [{ kind: 'dispatch', entry }];
    this.#armIfIdle(effects);
    return effects;
  }

  /** A peer's whole log (a late joiner's catch-up): shown at once beyond what the page shows, as one restore. */
  caughtUp(texts: readonly string[]): TimelineEffect<S>[] {
    const log: LogEntry[] = [];
    for (const text of texts) {
      const entry = decodeEntry(text);
      if (!entry) break;
      log.push(entry);
    }
    if (this.#ahead.takeLog(log, this.fold.entries, this.fold.state) === 0) return [];
    return [{ kind: 'restore', state: this.shown }, this.#arm(CAUGHT_UP_TIMEOUT_MS)];
  }

  /**
   * The log after a change that touched it from index `from`: folded, the entries ahead it confirms not shown again,
   * and the page's actions waiting for it written or judged again.
   */
  logChanged(log: readonly unknown[], from: number): TimelineEffect<S>[] {
    const effects: TimelineEffect<S>[] = [];
    const update = this.fold.update(log, from, this.#ahead.known);
    this.#report(update, effects);
    if (this.#ahead.length === 0) {
      if (update.steps.length > this.#maxDispatched)
        effects.push({ kind: 'restore', state: this.fold.state });
      else this.#show(update, effects);
      return this.#writeWaiting(effects);
    }
    const shown = this.#ahead.confirm(update);
    if (shown === null) effects.push({ kind: 'restore', state: this.fold.state });
    else this.#show({ ...update, steps: update.steps.slice(shown) }, effects);
    for (const id of this.#peersAhead) if (!this.#ahead.has(id)) this.#peersAhead.delete(id);
    if (this.#ahead.length === 0) effects.push(this.#stop());
    // The clock runs for the oldest entry still ahead.
    else if (shown !== null && shown > 0) effects.push(this.#arm(AHEAD_TIMEOUT_MS));
    return this.#writeWaiting(effects);
  }

  /**
   * The clock ran out on entries ahead the log never confirmed. Peers' moves first in line, whose changes never came
   * (their page closed right after the move, say), are written on their authors' behalf, signed as they came, rather
   * than lost; the fold keeps the first copy of an entry should the author's come too. Anything else ahead is dropped:
   * the log's state returns and this page's waiting actions go.
   */
  expire(): TimelineEffect<S>[] {
    this.#clock = null;
    if (this.#ahead.length === 0) return [];
    const orphans: TimelineEffect<S>[] = [];
    for (const { entry, state, skipped } of this.#ahead.known) {
      if (skipped || !this.#peersAhead.delete(entry.id)) break;
      orphans.push({ kind: 'write', entry, state });
    }
    if (orphans.length > 0) return [...orphans, this.#arm(AHEAD_TIMEOUT_MS)];
    this.#ahead.clear();
    this.#peersAhead.clear();
    return this.#writeWaiting([{ kind: 'restore', state: this.fold.state }]);
  }

  /**
   * The page's next task: the writes of its own actions due now. An action whose place changed (another peer's entry
   * reached the log first) is judged again where it lands. `closing`: the page is going, so the actions waiting for
   * another peer's entry are written now too, rather than lost.
   */
  writesDue(closing = false): TimelineEffect<S>[] {
    const effects: TimelineEffect<S>[] = [];
    if (closing) {
      this.#writeShownInOrder(effects);
      this.#writeChained(effects, true);
    }
    let last = this.lastId;
    for (let write = this.#dueWrites.shift(); write; write = this.#dueWrites.shift())
      last = this.#writeOrJudgeAgain(write, last, effects);
    return effects;
  }

  /**
   * A closing page writes what it shows, in the order it shows it, up to its own last action waiting: its actions and,
   * on their authors' behalf, the peers' entries they follow. Its own alone could land before the peer's entry they
   * follow (concurrent appends to the log merge in either order), and a TicTacToe O would then be folded first, as X.
   */
  #writeShownInOrder(effects: TimelineEffect<S>[]): void {
    const waiting = new Map([...this.#dueWrites, ...this.#chained].map((w) => [w.entry.id, w]));
    const known = this.#ahead.known;
    const end = known.findLastIndex((a) => waiting.has(a.entry.id));
    for (const { entry, state, skipped } of known.slice(0, end + 1)) {
      const own = waiting.get(entry.id);
      if (own) {
        remove(this.#dueWrites, own);
        remove(this.#chained, own);
      } else if (skipped || this.#mine(entry.id)) continue;
      else this.#peersAhead.delete(entry.id);
      effects.push({ kind: 'write', entry, state: skipped ? undefined : state });
    }
  }

  /** The id of the last entry the page shows: the last one ahead, else the last folded one. */
  get lastShownId(): string | null {
    const ahead = this.#ahead.known;
    return ahead.length > 0 ? ahead[ahead.length - 1].entry.id : this.lastId;
  }

  /**
   * The ids of the fold's last entries, oldest first, with null first while they reach the log's start: what a
   * commuting entry ahead may follow (EntriesAhead.take).
   */
  #recentIds(): (string | null)[] {
    const entries = this.fold.entries;
    const recent = entries.slice(-RECENT_FOLLOWED).map((e) => e.id);
    return entries.length <= RECENT_FOLLOWED ? [null, ...recent] : recent;
  }

  /** The id of the last folded entry, null for an empty log. */
  get lastId(): string | null {
    return this.fold.entries[this.fold.length - 1]?.id ?? null;
  }

  // The actions waiting for the log, once it has moved: those chained to an entry it now holds.
  #writeWaiting(effects: TimelineEffect<S>[]): TimelineEffect<S>[] {
    this.#writeChained(effects);
    return effects;
  }

  // The chained actions whose entry the log now follows, in order (all of them when closing).
  #writeChained(effects: TimelineEffect<S>[], closing = false): void {
    let last = this.lastId;
    while (this.#chained.length > 0) {
      const write = this.#chained[0];
      if (this.#ahead.has(write.entry.id) && write.after !== last && !closing) return;
      this.#chained.shift();
      last = this.#writeOrJudgeAgain(write, closing ? write.after : last, effects);
    }
  }

  /**
   * Writes an action shown ahead when it still follows the log's end (`last`, counting the writes just decided), or
   * judges it again where it lands when the log went another way; the log's end after it.
   */
  #writeOrJudgeAgain(
    { entry, after }: Write,
    last: string | null,
    effects: TimelineEffect<S>[],
  ): string | null {
    if (last === after && this.#ahead.has(entry.id)) {
      effects.push({ kind: 'write', entry, state: this.#stateAfter(entry.id) });
      return entry.id;
    }
    effects.push(...this.local(entry.action));
    return last;
  }

  // The state after one of this page's entries shown ahead, unless the rules skipped it.
  #stateAfter(id: string): S | undefined {
    const known = this.#ahead.known.find((a) => a.entry.id === id);
    return known && !known.skipped ? known.state : undefined;
  }

  #show({ rewoundTo, steps, before }: FoldUpdate<S>, effects: TimelineEffect<S>[]): void {
    if (rewoundTo !== null) effects.push({ kind: 'restore', state: before });
    for (const { entry, rejection } of steps)
      if (rejection === null) effects.push({ kind: 'dispatch', entry });
  }

  #report({ steps }: FoldUpdate<S>, effects: TimelineEffect<S>[]): void {
    for (const { entry, rejection } of steps) {
      if (
        rejection === null ||
        rejection.key === DUPLICATE_ENTRY.key ||
        !this.#mine(entry.id) ||
        this.#reported.has(entry.id)
      )
        continue;
      this.#reported.add(entry.id);
      effects.push({ kind: 'rejected', reason: rejection, action: entry.action });
    }
  }

  #armIfIdle(effects: TimelineEffect<S>[]): void {
    if (this.#clock === null) effects.push(this.#arm(AHEAD_TIMEOUT_MS));
  }

  #arm(ms: number): TimelineEffect<S> {
    this.#clock = ms;
    return { kind: 'clock', ms };
  }

  #stop(): TimelineEffect<S> {
    this.#clock = null;
    return { kind: 'clock', ms: null };
  }
}

// Rules that throw refuse the action instead: a game bug must not stop the page.
function safeJudge<S>(game: SyncedGame<S>, state: S, action: LoggedAction): Result<S> {
  try {
    return judge(game, state, action);
  } catch (err) {
    console.error(`The ${game.name} rules threw on ${action.type}`, err);
    return { ok: false, reason: ROOM_REFUSALS.internalError };
  }
}

function remove<T>(list: T[], item: T): void {
  const index = list.indexOf(item);
  if (index >= 0) list.splice(index, 1);
}
