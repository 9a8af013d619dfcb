import type { DocHandleChangePayload } from '@automerge/automerge-repo';
import type { UnknownAction } from '@reduxjs/toolkit';
import { formatActionLog } from './actionLog';
import { ephemeralLane, HeldAhead, isEntryAheadMessage, type AheadLane } from './aheadLanes';
import { GameTimeline, type Foreseen, type TimelineEffect } from './GameTimeline';
import { afterNextFrame, whenIdle } from '../idle';
import {
  CHECKPOINT_EVERY,
  CHECKPOINT_TAIL,
  logDigest,
  type FoldCheckpoints,
  type RestoredFold,
} from './foldCheckpoints';
import { LogWriter } from './LogWriter';
import { decodeEntry, entryText, entryTextOf, nextEntryId, writtenBy, type LogEntry } from './logEntry';
import { ActionSigner } from '../signing/ActionSigner';
import type { RoomDocument } from '../document/RoomDocument';
import type { RoomDoc } from '../document/roomIdentity';
import { foldRestored, type LocalActionSink } from './syncMiddleware';
import { gameOfAction, type LoggedAction, type Refusal, type SyncedGame } from './SyncedGame';
import {
  inRoom,
  needsVerifying,
  trustingSignature,
  verifyAhead,
  verifyLogAhead,
  type PageSigner,
} from '../signing/signatures';

/** What a bridge needs: the room, the store's dispatch, and where to report a rejected action of this peer. */
export type GameBridgeOptions = {
  room: RoomDocument;
  dispatch: (action: UnknownAction) => unknown;
  /** Called with the spec's error text when an action of this peer is invalid now or was skipped at its place in the log. */
  onRejected?: (reason: Refusal, action: LoggedAction) => void;
  /** Past this many new entries in one update (a late join), the store gets one foldRestored instead of each action. */
  maxDispatchedPerUpdate?: number;
  /** Logs peers sent before this page's document synced (LogCatchUp): shown ahead of the log until it confirms them. */
  catchUp?: CaughtUpLogs;
  /** How entries travel ahead of their changes; the document's ephemeral messages unless given (see aheadLanes). */
  aheadLane?: AheadLane;
  /** The room's name, which every signature covers and every fold judges entries in ('' in tests without one). */
  roomName?: string;
  /** This page's signing key: a seated player's actions are signed with it before they are written (signatures.ts). */
  signer?: () => Promise<PageSigner>;
  /** Where this page keeps its folds, so that a reload folds on from them (foldCheckpoints); none: not kept. */
  checkpoints?: FoldCheckpoints;
};

/**
 * What peers sent before the document opened: whole logs (a game's log as entry texts, and a call each time a longer one
 * came), and the entries they sent ahead meanwhile (given once).
 */
export type CaughtUpLogs = {
  log(game: string): readonly string[] | undefined;
  subscribe(listener: (game: string) => void): () => void;
  takeHeardAhead(): readonly { from: string; item: unknown }[];
};

/** A peer's entry ahead of its change, the id of the entry it follows, and the peer it came from. */
type EntryAhead = { entry: LogEntry; after: string | null; from: string };

const UPDATE_ERROR = 'an error caught while applying a shared-document update';

/**
 * A game the bridge serves: its timeline, the clock that drops its entries ahead never confirmed, and how far its fold
 * was last kept (foldCheckpoints), with the keeping planned.
 */
type Served = {
  timeline: GameTimeline;
  clock: ReturnType<typeof setTimeout> | null;
  checkpointed: number;
  keeping: ReturnType<typeof setTimeout> | null;
  /** How many first entries the fold started from a kept fold with (0: folded whole), and how many it last kept. */
  restored: number;
  kept: number;
  /**
   * While WebCrypto checks the signatures a large change brought (a late joiner's whole log synced at once): the lowest
   * log index the changes since touched, and the check; null when the fold is up to date with the log.
   */
  unfolded: { from: number; checked: Promise<void> } | null;
};

/**
 * Past this many new entries in one change, their signatures are checked all at once by WebCrypto before the fold
 * judges them, as a stored or caught-up log's are: checked one by one in pure JS, an evening's log took seconds.
 */
const CHECK_AHEAD_PAST = 16;

/** How long after a log grew past the next checkpoint the page keeps its fold (when idle). */
const CHECKPOINT_AFTER_MS = 2_000;

/**
 * The wiring between the room's document, the store and each game's timeline (GameTimeline, where every decision is
 * made): a local action goes through the signer (ActionSigner) into its game's timeline; entries ahead, catch-ups and
 * every change of the document go into the timelines too; and the bridge runs the effects they answer with: dispatch
 * into the store, send ahead, write the log (LogWriter, after the frame that shows the move), and set the clocks.
 */
export class GameBridge implements LocalActionSink {
  readonly #room: RoomDocument;
  readonly #dispatch: (action: UnknownAction) => unknown;
  readonly #onRejected: (reason: Refusal, action: LoggedAction) => void;
  readonly #maxDispatched: number;
  readonly #catchUp: CaughtUpLogs | null;
  readonly #lane: AheadLane;
  readonly #served = new Map<string, Served>();
  readonly #disposables: (() => void)[] = [];
  readonly #writer: LogWriter;
  readonly #roomName: string;
  readonly #signer: ActionSigner | null;
  readonly #checkpoints: FoldCheckpoints | null;
  /** Entries peers sent ahead whose signatures WebCrypto is checking, in the order they came. */
  readonly #checking: EntryAhead[] = [];
  /**
   * Entries peers sent ahead of games not served yet (a game's code loads after the document opens, and a peer may
   * move, and close its page, meanwhile), in the order they came: shown once their game is served.
   */
  readonly #held = new HeldAhead<EntryAhead>();
  /** This page's actions of room games not served yet (the board showed a peer's log first): taken once served. */
  readonly #waiting = new HeldAhead<LoggedAction>();
  /** Writes decided during a change event: made after it, since a change made inside another's listener would nest. */
  #inChange = false;
  #cancelWrite: (() => void) | null = null;
  #disposed = false;

  constructor({
    room,
    dispatch,
    onRejected,
    maxDispatchedPerUpdate = 200,
    catchUp,
    aheadLane,
    roomName = '',
    signer,
    checkpoints,
  }: GameBridgeOptions) {
    this.#room = room;
    this.#checkpoints = checkpoints ?? null;
    this.#roomName = roomName;
    this.#writer = new LogWriter(room);
    this.#dispatch = dispatch;
    this.#onRejected = onRejected ?? (() => {});
    this.#maxDispatched = maxDispatchedPerUpdate;
    this.#catchUp = catchUp ?? null;
    this.#signer = signer
      ? new ActionSigner(
          roomName,
          signer,
          (action) => this.#seatOf(action),
          (action) => this.#judgeLocal(action),
        )
      : null;
    if (catchUp) this.#disposables.push(catchUp.subscribe((name) => this.#onCaughtUp(name)));
    const onChange = (payload: DocHandleChangePayload<RoomDoc>) => this.#onChange(payload);
    room.handle.on('change', onChange);
    this.#disposables.push(() => room.handle.off('change', onChange));
    this.#lane = aheadLane ?? ephemeralLane(room);
    this.#disposables.push(this.#lane.subscribe((message, from) => this.#onEntryAhead(message, from)));
    for (const { from, item } of catchUp?.takeHeardAhead() ?? []) this.#onEntryAhead(item, from);
  }

  /**
   * Starts serving a game: folds its whole log now (one foldRestored into the store) and every change after.
   * `restored`: a fold this page kept (restorableFold), taken when the log still starts with the entries it folded.
   */
  addGame<S>(game: SyncedGame<S>, restored: RestoredFold | null = null): () => void {
    // Every entry is judged in this room, whatever room its author wrote into it: signatures cover the room's name.
    const timeline = new GameTimeline(inRoom(game as SyncedGame<unknown>, this.#roomName), {
      newId: () => nextEntryId(this.#room.actorId()),
      mine: (id) => writtenBy(id, this.#room.actorId()),
      maxDispatched: this.#maxDispatched,
    });
    const log = this.#log(game.name);
    const resumed = restored !== null && startsWith(log, restored) ? restored : null;
    const count = resumed?.count ?? 0;
    const served: Served = {
      timeline,
      clock: null,
      checkpointed: count,
      keeping: null,
      restored: count,
      kept: count,
      unfolded: null,
    };
    this.#served.set(game.name, served);
    this.#run(served, timeline.start(log, resumed ?? undefined));
    const caughtUp = this.#catchUp?.log(game.name);
    if (caughtUp) this.#run(served, timeline.caughtUp(caughtUp));
    // Entries peers sent ahead before the game was served: shown (and written on behalf) as if they came now.
    const ofThisGame = (held: EntryAhead) => this.#servedFor(held.entry.action.type) === served;
    for (const { item } of this.#held.take(ofThisGame))
      this.#run(served, timeline.ahead(item.entry, item.after));
    // Then this page's own actions made meanwhile, in order, judged on what it shows now.
    for (const { item } of this.#waiting.take((a) => this.#servedFor(a.type) === served)) this.submit(item);
    return () => {
      if (this.#served.get(game.name) !== served) return;
      this.#served.delete(game.name);
      this.#stopClock(served);
      this.#stopKeeping(served);
    };
  }

  /**
   * Validates and writes a local action of a served game; false when the action belongs to no game of the room. A
   * seated player's action is signed first (asynchronously; actions keep their order). An action of a room game not
   * served yet waits until it is (addGame): applied to the store alone, it would show a move no log ever gets.
   */
  submit(action: UnknownAction): boolean {
    if (!this.#servedFor(action.type)) return this.#wait(action as LoggedAction);
    if (this.#signer) this.#signer.submit(action as LoggedAction);
    else this.#judgeLocal(action as LoggedAction);
    return true;
  }

  /**
   * Signs ahead an action the player may make next (a tile being dragged may be discarded): if they make it, it goes
   * at once, with this signature, instead of waiting for WebCrypto behind the page's own rendering.
   */
  signAhead(action: UnknownAction): void {
    if (this.#servedFor(action.type)) this.#signer?.signAhead(action as LoggedAction);
  }

  #wait(action: LoggedAction): boolean {
    const game = gameOfAction(action.type);
    if (game === null || this.#disposed || !this.#room.doc().logs?.[game]) return false;
    // The latest MAX_HELD_PER_PEER wait: a person's clicks while a board loads.
    this.#waiting.hold('', action);
    return true;
  }

  // The seat a local action is signed for, judged on what the page shows after its actions waiting for the log.
  #seatOf(action: LoggedAction) {
    const served = this.#servedFor(action.type);
    if (!served?.timeline.game.signerOf) return null;
    this.#foldNow(served);
    const { game, shown } = served.timeline;
    const seat = game.signerOf?.(shown, action);
    return seat ? { game: game.name, ...seat } : null;
  }

  #judgeLocal(action: LoggedAction): void {
    const served = this.#servedFor(action.type);
    if (!served || this.#disposed) return;
    this.#foldNow(served);
    const name = served.timeline.game.name;
    if (!this.#room.doc().logs?.[name]) {
      // Creating the list here could race another peer's creation and lose one side's entries: refuse instead.
      console.error(
        `The room has no log for ${name}; add it to the room's game names. Dropped ${action.type}.`,
      );
      return;
    }
    this.#run(served, served.timeline.local(action));
  }

  /**
   * Writes now the changes of local actions still waiting for their task (a closing page, a leaving room, tests);
   * `closing`: also those waiting for another peer's entry to reach the log, rather than losing them.
   */
  flushWrites(closing = false): void {
    this.#cancelWrite?.();
    this.#cancelWrite = null;
    for (const served of [...this.#served.values()]) {
      this.#foldNow(served);
      this.#run(served, served.timeline.writesDue(closing));
    }
  }

  /** The folded state of a served game (undefined when not served). */
  getState(name: string): unknown {
    return this.#served.get(name)?.timeline.fold.state;
  }

  /** The number of entries in a game's log as the document holds it now. */
  logLength(name: string): number {
    return this.#log(name).length;
  }

  /** The size of the whole room document in bytes (benchmarks). */
  byteSize(): number {
    return this.#room.byteSize();
  }

  /** The actions of a served game's log as a Redux DevTools import file; they fold from the game's initial state. */
  exportLog(name: string): string {
    // An entry written twice (by its page and on its behalf) is folded once: the file holds it once too.
    const seen = new Set<string>();
    const entries = (this.#served.get(name)?.timeline.fold.entries ?? []).filter(
      (e) => !seen.has(e.id) && seen.add(e.id),
    );
    // Each action names the room it was judged in: its signatures are checked against it on replay.
    const room = this.#roomName;
    return formatActionLog(
      entries.map((e) => ({ ...e.action, meta: { ...e.action.meta, entryId: e.id, room } })),
    );
  }

  /** Stops folding and writing; the store keeps its last state. Idempotent. */
  dispose(): void {
    this.flushWrites(true);
    this.#cancelWrite?.();
    this.#disposed = true;
    this.#signer?.dispose();
    for (const dispose of this.#disposables.splice(0).reverse()) dispose();
    for (const served of this.#served.values()) {
      this.#stopClock(served);
      this.#stopKeeping(served);
    }
    this.#served.clear();
    this.#held.take();
    this.#waiting.take();
  }

  /** Runs a timeline's effects in order. */
  #run(served: Served, effects: readonly TimelineEffect<unknown>[]): void {
    for (const effect of effects) {
      try {
        this.#runOne(served, effect);
      } catch (err) {
        console.error(UPDATE_ERROR, err);
      }
    }
  }

  #runOne(served: Served, effect: TimelineEffect<unknown>): void {
    const { timeline } = served;
    switch (effect.kind) {
      case 'dispatch':
        return void this.#dispatch(this.#logged(effect.entry));
      case 'restore':
        return void this.#dispatch(foldRestored({ game: timeline.game.name, state: effect.state }));
      case 'sendAhead':
        // The entry leaves before the change is made: peers can show the move without waiting for Automerge's sync.
        return this.#lane.send({ entry: entryText(effect.entry), after: effect.after });
      case 'write': {
        const write = () => {
          if (this.#served.get(timeline.game.name) === served)
            this.#writer.append(timeline.game, timeline.fold, effect.entry, effect.state);
        };
        return this.#inChange ? queueMicrotask(write) : write();
      }
      case 'writeSoon':
        // The change (Automerge, the snapshot's patch, a sync message per peer, storage) stands neither between the
        // click and the page's render nor between that render and its paint.
        this.#cancelWrite ??= afterNextFrame(() => this.flushWrites());
        return;
      case 'rejected':
        return this.#onRejected(effect.reason, effect.action);
      case 'clock':
        this.#stopClock(served);
        if (effect.ms !== null)
          served.clock = setTimeout(() => {
            served.clock = null;
            if (this.#served.get(timeline.game.name) !== served) return;
            this.#foldNow(served);
            this.#run(served, timeline.expire());
          }, effect.ms);
    }
  }

  #stopClock(served: Served): void {
    if (served.clock !== null) clearTimeout(served.clock);
    served.clock = null;
  }

  #stopKeeping(served: Served): void {
    if (served.keeping !== null) clearTimeout(served.keeping);
    served.keeping = null;
  }

  // Once the log is CHECKPOINT_EVERY entries past the last kept fold, the fold is kept a moment later, when idle.
  #planKeeping(served: Served): void {
    const { fold } = served.timeline;
    if (!this.#checkpoints || served.keeping !== null) return;
    if (fold.length - CHECKPOINT_TAIL < served.checkpointed + CHECKPOINT_EVERY) return;
    served.keeping = setTimeout(
      () =>
        void whenIdle(CHECKPOINT_AFTER_MS).then(() => {
          served.keeping = null;
          if (this.#served.get(served.timeline.game.name) === served) void this.#keep(served);
        }),
      CHECKPOINT_AFTER_MS,
    );
  }

  async #keep(served: Served): Promise<void> {
    const { fold, game } = served.timeline;
    const log = this.#log(game.name);
    const count = log.length - CHECKPOINT_TAIL;
    // A change not folded yet, or one that took the log back: the next change plans again.
    if (fold.length !== log.length || count < served.checkpointed + CHECKPOINT_EVERY) return;
    const state = fold.stateAt(count);
    served.checkpointed = count;
    const digest = await logDigest(log, count);
    await this.#checkpoints?.write(game.name, { count, digest, state });
    served.kept = count;
  }

  /**
   * How a served game's fold stands with its kept folds: how many first entries it started from (0: it folded the
   * whole log) and how many the fold it last kept holds; null for a game not served.
   */
  keptFold(game: string): { restored: number; kept: number } | null {
    const served = this.#served.get(game);
    return served ? { restored: served.restored, kept: served.kept } : null;
  }

  #log(name: string): readonly unknown[] {
    return this.#room.doc().logs?.[name] ?? [];
  }

  #servedFor(type: string): Served | undefined {
    const game = gameOfAction(type);
    return game === null ? undefined : this.#served.get(game);
  }

  /**
   * Shows another peer's entry at once, when it is valid on what this page shows and not in the log yet. A signed
   * entry's signature is checked first by WebCrypto, off the main thread (verifyAhead); entries keep their order.
   */
  #onEntryAhead(message: unknown, from: string): void {
    if (!isEntryAheadMessage(message)) return;
    const entry = decodeEntry(message.entry);
    if (!entry) return;
    const ahead = { entry, after: message.after, from };
    // Behind a large change's check too: taking the entry now would fold that change checking in pure JS.
    const unfolded = this.#servedFor(entry.action.type)?.unfolded;
    if (this.#checking.length === 0 && !unfolded && !needsVerifying(this.#roomName, entry.action))
      return this.#takeAhead(ahead);
    this.#checking.push(ahead);
    // Checked at once, beside the entries before it: they are still taken in order, but entries several peers send
    // at the same moment no longer wait for each other's checks.
    void verifyAhead(this.#roomName, entry.action);
    if (this.#checking.length === 1) void this.#checkAhead();
  }

  async #checkAhead(): Promise<void> {
    while (this.#checking.length > 0 && !this.#disposed) {
      const first = this.#checking[0];
      const served = this.#servedFor(first.entry.action.type);
      const checking = Promise.all([
        verifyAhead(this.#roomName, first.entry.action),
        served?.unfolded?.checked,
      ]);
      // The rules run while WebCrypto checks, trusting the signature: the move shows as soon as it holds.
      const foreseen = served
        ? trustingSignature(this.#roomName, first.entry.action, () =>
            served.timeline.foresee(first.entry, first.after),
          )
        : null;
      await checking;
      const next = this.#checking.shift();
      if (next && !this.#disposed) this.#takeAhead(next, next === first ? foreseen : null);
    }
  }

  #takeAhead(ahead: EntryAhead, foreseen: Foreseen<unknown> | null = null) {
    const { entry, after } = ahead;
    const served = this.#servedFor(entry.action.type);
    if (!served) return this.#held.hold(ahead.from, ahead);
    this.#foldNow(served);
    // A signature WebCrypto refused is not shown ahead (the fold judges the entry where the log puts it); besides, the
    // rules' judgement of this payload, made trusting it, must not be taken from their memory.
    if (foreseen !== null && needsVerifying(this.#roomName, entry.action)) return;
    this.#run(served, served.timeline.ahead(entry, after, foreseen));
  }

  // A longer log of a served game came from a peer: shown at once when it extends what the page shows.
  #onCaughtUp(name: string): void {
    const served = this.#served.get(name);
    const texts = this.#catchUp?.log(name);
    if (!served || !texts) return;
    this.#foldNow(served);
    this.#run(served, served.timeline.caughtUp(texts));
  }

  #onChange({ patches }: DocHandleChangePayload<RoomDoc>): void {
    this.#inChange = true;
    try {
      for (const served of [...this.#served.values()]) {
        const { game } = served.timeline;
        const from = firstTouched(patches, game);
        if (from === null) continue;
        if (served.unfolded !== null) {
          // Folded (and its snapshot repaired) once the signatures are checked.
          if (from.log !== null) served.unfolded.from = Math.min(served.unfolded.from, from.log);
          continue;
        }
        if (from.log !== null) {
          const log = this.#log(game.name);
          if (log.length - from.log > CHECK_AHEAD_PAST) {
            this.#checkThenFold(served, log, from.log);
            continue;
          }
          this.#run(served, served.timeline.logChanged(log, from.log));
          this.#planKeeping(served);
        }
        // A peer's change may have merged the snapshot into a state no fold produced; repaired after this event.
        if (!this.#writer.writing) queueMicrotask(() => this.#repairSnapshot(served));
      }
    } catch (err) {
      console.error(UPDATE_ERROR, err);
    } finally {
      this.#inChange = false;
    }
  }

  #repairSnapshot(served: Served): void {
    const { game, fold } = served.timeline;
    if (this.#served.get(game.name) === served && served.unfolded === null)
      this.#writer.repairSnapshot(game, fold);
  }

  // The page shows the log as it was until WebCrypto has checked the new entries' signatures, then folds them.
  #checkThenFold(served: Served, log: readonly unknown[], from: number): void {
    const checked = verifyLogAhead(this.#roomName, log.slice(from));
    served.unfolded = { from, checked };
    void checked.then(() => this.#foldNow(served));
  }

  /**
   * Folds the changes held while their signatures are checked, now: anything that judges or writes on the log (a local
   * action, a peer's entry ahead, a closing page) needs the fold up to date, and the check of what is left is the
   * fold's own, in pure JS.
   */
  #foldNow(served: Served): void {
    const from = served.unfolded?.from ?? null;
    if (from === null || this.#disposed || this.#served.get(served.timeline.game.name) !== served) return;
    served.unfolded = null;
    this.#run(served, served.timeline.logChanged(this.#log(served.timeline.game.name), from));
    this.#planKeeping(served);
    queueMicrotask(() => this.#repairSnapshot(served));
  }

  /** The action of an entry as the store gets it: with its entry id, and marked remote unless this peer wrote it. */
  #logged(entry: LogEntry): UnknownAction {
    const meta: Record<string, unknown> = { ...entry.action.meta, entryId: entry.id, room: this.#roomName };
    if (!writtenBy(entry.id, this.#room.actorId())) meta.remote = true;
    return { ...entry.action, meta };
  }
}

type Touched = { log: number | null } | null;

// The lowest log index a change touched (entries before it are unchanged), and whether the snapshot was touched.
function firstTouched(
  patches: readonly { path: readonly (string | number)[] }[],
  game: SyncedGame<unknown>,
): Touched {
  let log: number | null = null;
  let snapshot = false;
  const [mapKey, key] = game.snapshotPath;
  for (const { path } of patches) {
    if (path[0] === 'logs' && (path.length === 1 || path[1] === game.name)) {
      const index = typeof path[2] === 'number' ? path[2] : 0;
      log = log === null ? index : Math.min(log, index);
    } else if (path[0] === mapKey && (path.length === 1 || path[1] === key)) {
      snapshot = true;
    }
  }
  return log === null && !snapshot ? null : { log };
}

/** True when log still starts with the entries a kept fold was matched against (the document may have moved since). */
function startsWith(log: readonly unknown[], restored: RestoredFold): boolean {
  if (restored.count > log.length) return false;
  for (let i = 0; i < restored.count; i++)
    if (entryTextOf(log[i]) !== entryTextOf(restored.log[i])) return false;
  return true;
}
