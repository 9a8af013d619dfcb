import type { DocHandleChangePayload } from '@automerge/automerge-repo';
import type { UnknownAction } from '@reduxjs/toolkit';
import { formatActionLog } from './actionLog';
import { ephemeralLane, isEntryAheadMessage, type AheadLane, type EntryAheadMessage } from './aheadLanes';
import type { FoldUpdate } from './GameFold';
import { afterNextFrame } from '../idle';
import { LogWriter } from './LogWriter';
import { decodeEntry, entryText, nextEntryId, writtenBy, type LogEntry } from './logEntry';
import { ServedGame } from './ServedGame';
import type { RoomDocument } from '../document/RoomDocument';
import type { RoomDoc } from '../document/roomIdentity';
import { foldRestored, type LocalActionSink } from './syncMiddleware';
import {
  judge,
  ROOM_REFUSALS,
  type LoggedAction,
  type Refusal,
  type Result,
  type SyncedGame,
} from './SyncedGame';
import {
  inRoom,
  needsVerifying,
  rememberSignature,
  signedText,
  trustingSignature,
  verifyAhead,
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
};

/** Whole logs peers sent ahead of the document: a game's log as entry texts, and a call each time a longer one came. */
export type CaughtUpLogs = {
  log(game: string): readonly string[] | undefined;
  subscribe(listener: (game: string) => void): () => void;
};

/** A local action shown ahead, waiting for its change: its entry, and the entry it follows. */
type QueuedWrite = { served: ServedGame; entry: LogEntry; after: string | null };

const UPDATE_ERROR = 'an error caught while applying a shared-document update';

/**
 * Connects game slices to the room's logs: a local action is judged, shown at once ahead of the log, and appended
 * (LogWriter: the entry and the snapshot's patch in one change) after the frame that shows it; every change of the
 * document is folded incrementally and dispatched into the store in log order.
 */
export class GameBridge implements LocalActionSink {
  readonly #room: RoomDocument;
  readonly #dispatch: (action: UnknownAction) => unknown;
  readonly #onRejected: (reason: Refusal, action: LoggedAction) => void;
  readonly #maxDispatched: number;
  readonly #catchUp: CaughtUpLogs | null;
  readonly #lane: AheadLane;
  readonly #served = new Map<string, ServedGame>();
  readonly #reported = new Set<string>();
  readonly #disposables: (() => void)[] = [];
  /** Actions folded but not yet dispatched into the store, in log order. */
  readonly #pending: UnknownAction[] = [];
  readonly #writer: LogWriter;
  /** Local actions shown ahead whose changes are written after the next frame (flushWrites). */
  readonly #queuedWrites: QueuedWrite[] = [];
  /** Local actions shown and sent ahead after another peer's entry ahead: written once the log holds that entry. */
  readonly #chained: QueuedWrite[] = [];
  #cancelWrite: (() => void) | null = null;
  readonly #roomName: string;
  readonly #signer: (() => Promise<PageSigner>) | null;
  /** Local actions waiting for their signature, in the order they were made; the first is being signed. */
  readonly #signing: LoggedAction[] = [];
  /** The last sequence number this page signed per game and seat: actions signed back to back count on from it. */
  readonly #lastSeq = new Map<string, number>();
  /** Entries peers sent ahead whose signatures WebCrypto is checking, in the order they came. */
  readonly #checking: { entry: LogEntry; after: string | null }[] = [];
  /** This page's public key once the signer has loaded. */
  #signerKey: string | null = null;
  /** Signatures made ahead (signAhead), by the text they sign; null while WebCrypto is signing it. */
  readonly #signedTexts = new Map<string, string | null>();
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
  }: GameBridgeOptions) {
    this.#room = room;
    this.#roomName = roomName;
    this.#signer = signer ?? null;
    this.#writer = new LogWriter(room);
    this.#dispatch = dispatch;
    this.#onRejected = onRejected ?? (() => {});
    this.#maxDispatched = maxDispatchedPerUpdate;
    this.#catchUp = catchUp ?? null;
    if (catchUp) this.#disposables.push(catchUp.subscribe((name) => this.#onCaughtUp(name)));
    const onChange = (payload: DocHandleChangePayload<RoomDoc>) => this.#onChange(payload);
    room.handle.on('change', onChange);
    this.#disposables.push(() => room.handle.off('change', onChange));
    this.#lane = aheadLane ?? ephemeralLane(room);
    this.#disposables.push(this.#lane.subscribe((message) => this.#onEntryAhead(message)));
  }

  /** Starts serving a game: folds its whole log now (one foldRestored into the store) and every change after. */
  addGame<S>(game: SyncedGame<S>): () => void {
    // Every entry is judged in this room, whatever room its author wrote into it: signatures cover the room's name.
    const inThisRoom = inRoom(game as SyncedGame<unknown>, this.#roomName);
    const served: ServedGame = new ServedGame(inThisRoom, () => this.#expired(served));
    this.#served.set(game.name, served);
    const update = served.fold.update(this.#log(game.name), 0);
    this.#report(update.steps);
    this.#takeCaughtUp(served);
    this.#pending.push(foldRestored({ game: game.name, state: served.shown }));
    this.#flush();
    return () => {
      if (this.#served.get(game.name) !== served) return;
      this.#served.delete(game.name);
      served.stop();
    };
  }

  /**
   * Validates and writes a local action of a served game; false when the action belongs to no served game. A seated
   * player's action is signed first (asynchronously; actions keep their order).
   */
  submit(action: UnknownAction): boolean {
    const served = this.#servedFor(action.type);
    if (!served) return false;
    const ready = this.#signing.length === 0 ? this.#signedAhead(served, action as LoggedAction) : null;
    if (ready) return this.#submitNow(served, ready as UnknownAction);
    if (this.#signer && (this.#signing.length > 0 || this.#signerFor(served, action as LoggedAction))) {
      this.#signing.push(action as LoggedAction);
      if (this.#signing.length === 1) void this.#signQueued();
      return true;
    }
    return this.#submitNow(served, action);
  }

  // The seat an action is to be signed for, or null: none needed, or signed already (an action judged again).
  #signerFor(served: ServedGame, action: LoggedAction): { seat: string; seq: number } | null {
    const payload = action.payload;
    if (!served.game.signerOf || typeof payload !== 'object' || payload === null || 'signature' in payload)
      return null;
    return served.game.signerOf(this.#stateForLocal(served), action);
  }

  // Signs the waiting actions one by one, each against the state it will be judged in once the ones before are shown.
  async #signQueued(): Promise<void> {
    while (this.#signing.length > 0 && !this.#disposed) {
      const action = this.#signing[0];
      try {
        const signed = await this.#sign(action);
        const served = this.#servedFor(action.type);
        if (served && !this.#disposed) this.#submitNow(served, signed as UnknownAction);
      } catch (err) {
        console.error(`Could not sign ${action.type}`, err);
      }
      this.#signing.shift();
    }
  }

  async #sign(action: LoggedAction): Promise<LoggedAction> {
    const signer = await (this.#signer as () => Promise<PageSigner>)();
    this.#signerKey = signer.key;
    const served = this.#servedFor(action.type);
    const unsigned = served ? this.#toSign(served, action) : null;
    if (!served || !unsigned) return action;
    this.#lastSeq.set(unsigned.counted, unsigned.seq);
    const signature = await signer.sign(unsigned.text);
    // Judging its own entry costs this page no verification.
    rememberSignature(signer.key, unsigned.text, signature);
    return { ...action, payload: { ...unsigned.payload, signature } };
  }

  // The action with its signer (seat, next sequence number, this page's key) and the text to sign; null when it needs
  // no signature or the key has not loaded yet.
  #toSign(served: ServedGame, action: LoggedAction) {
    const seat = this.#signerFor(served, action);
    const key = this.#signerKey;
    if (!seat || key === null) return null;
    const counted = `${served.game.name}:${seat.seat}`;
    const seq = Math.max(seat.seq, (this.#lastSeq.get(counted) ?? 0) + 1);
    const payload = { ...(action.payload as object), signer: { seat: seat.seat, seq, key } };
    return {
      counted,
      seq,
      payload,
      text: signedText(this.#roomName, served.game.name, action.type, payload),
    };
  }

  /**
   * Signs ahead an action the player may make next (a tile being dragged may be discarded): if they make it, it goes
   * at once, with this signature, instead of waiting for WebCrypto behind the page's own rendering.
   */
  signAhead(action: UnknownAction): void {
    const served = this.#servedFor(action.type);
    if (!served || !this.#signer) return;
    void this.#signer()
      .then(async (signer) => {
        this.#signerKey = signer.key;
        const unsigned = this.#toSign(served, action as LoggedAction);
        // A control's approach asks more than once (pointer over, pressed, focused): one signature per text.
        if (!unsigned || this.#signedTexts.has(unsigned.text)) return;
        // A few controls' worth (a TicTacToe board and its history); older ones are signed again if they are made.
        if (this.#signedTexts.size >= 64) this.#signedTexts.clear();
        this.#signedTexts.set(unsigned.text, null);
        try {
          this.#signedTexts.set(unsigned.text, await signer.sign(unsigned.text));
        } catch {
          // Nothing is lost: the action is signed when it is made, as without signing ahead.
          this.#signedTexts.delete(unsigned.text);
        }
      })
      .catch(() => {});
  }

  // The action signed, when a signature made ahead for exactly it (same seat, sequence number and payload) is ready.
  #signedAhead(served: ServedGame, action: LoggedAction): LoggedAction | null {
    if (this.#signedTexts.size === 0) return null;
    const unsigned = this.#toSign(served, action);
    const signature = unsigned ? this.#signedTexts.get(unsigned.text) : undefined;
    if (!unsigned || signature === undefined || signature === null || this.#signerKey === null) return null;
    this.#signedTexts.delete(unsigned.text);
    this.#lastSeq.set(unsigned.counted, unsigned.seq);
    rememberSignature(this.#signerKey, unsigned.text, signature);
    return { ...action, payload: { ...unsigned.payload, signature } };
  }

  // What a local action is judged against: what the page shows, after its actions waiting for the log.
  #stateForLocal(served: ServedGame): unknown {
    if (served.aheadCount === 0) return served.fold.state;
    return served.deferred.reduce((state, a) => {
      const result = served.game.apply(state, a);
      return result.ok ? result.state : state;
    }, served.shown);
  }

  #submitNow(served: ServedGame, action: UnknownAction): boolean {
    const logged = action as LoggedAction;
    const { game, fold } = served;
    if (served.aheadCount > 0) {
      // The page shows a move the log has not taken yet (another peer's, or its own waiting to be written): judge the
      // action against what the player sees, show it and send it ahead right after that move (peers that show the
      // move take it at once), and write it once the log holds that move, so it lands after it.
      const judged = this.#safeApply(game, () => this.#stateForLocal(served), logged);
      if (!judged.ok) {
        this.#onRejected(judged.reason, logged);
        return true;
      }
      const entry: LogEntry = { id: nextEntryId(this.#room.actorId()), action: logged };
      const after = served.lastShownId;
      if (served.deferred.length === 0 && served.takeEntry(entry, after, judged.state)) {
        this.#sendAhead({ entry: entryText(entry), after });
        this.#pending.push(this.#logged(entry));
        this.#flush();
        // Right after the page's own entry waiting for its task, in the same write: a second act in one task does not
        // wait for the first one's Automerge change.
        const write = { served, entry, after };
        if (this.#queuedWrites.some((w) => w.served === served && w.entry.id === after))
          this.#queuedWrites.push(write);
        else this.#chained.push(write);
      } else served.deferred.push(logged);
      return true;
    }
    if (!this.#room.doc().logs?.[game.name]) {
      // Creating the list here could race another peer's creation and lose one side's entries: refuse instead.
      console.error(
        `The room has no log for ${game.name}; add it to the room's game names. Dropped ${action.type}.`,
      );
      return true;
    }
    const state = fold.state;
    const judged = this.#safeApply(game, () => state, logged);
    if (!judged.ok) {
      this.#onRejected(judged.reason, logged);
      return true;
    }
    const entry: LogEntry = { id: nextEntryId(this.#room.actorId()), action: logged };
    const after = served.lastId;
    this.#sendAhead({ entry: entryText(entry), after });
    // The page shows the move at once, as its peers do, and writes the change in a task after the frame that shows it:
    // the change (Automerge, the snapshot's patch, a sync message per peer, storage) stands neither between the click
    // and the page's render nor between that render and its paint (a hidden page, which paints nothing, writes in the
    // next task).
    // The page shows the state it has just judged the action to: the rules run once for it here.
    if (!served.takeEntry(entry, after, judged.state)) {
      // It cannot follow what the page shows: written now, and the fold shows it when the change lands.
      this.#writer.append(served.game, served.fold, entry);
      return true;
    }
    this.#pending.push(this.#logged(entry));
    this.#flush();
    this.#queuedWrites.push({ served, entry, after });
    this.#cancelWrite ??= afterNextFrame(() => this.flushWrites());
    return true;
  }

  /**
   * Writes now the changes of local actions still waiting for their task (a closing page, a leaving room, tests);
   * `closing`: also those waiting for another peer's entry to reach the log, rather than losing them.
   */
  flushWrites(closing = false): void {
    if (closing)
      for (const served of new Set(this.#chained.map((w) => w.served))) this.#writeChained(served, true);
    // One at a time, in order: an action judged again is queued again (after those still waiting, which it may follow),
    // and written in this same call.
    for (let write = this.#queuedWrites.shift(); write; write = this.#queuedWrites.shift()) {
      const { served, entry, after } = write;
      if (this.#served.get(served.game.name) !== served) continue;
      // Another peer's entry reached the log first and the page dropped this one: it is judged again where it lands.
      if (served.lastId !== after || !served.isAhead(entry.id)) this.submit(entry.action);
      else this.#writer.append(served.game, served.fold, entry, served.stateAfterNext(entry.id));
    }
    this.#cancelWrite?.();
    this.#cancelWrite = null;
  }

  /**
   * Writes the chained local actions whose entry the log now follows, in order; one the page no longer shows (the log
   * went another way, or the entries ahead expired) is judged again where it lands. `closing`: the page is going, so
   * whatever is still waiting is written now rather than lost.
   */
  #writeChained(served: ServedGame, closing = false): void {
    for (const write of this.#chained.filter((w) => w.served === served)) {
      const { entry, after } = write;
      if (this.#served.get(served.game.name) !== served) return;
      if (!served.isAhead(entry.id)) {
        this.#chained.splice(this.#chained.indexOf(write), 1);
        this.submit(entry.action);
        continue;
      }
      if (served.lastId !== after && !closing) return;
      this.#chained.splice(this.#chained.indexOf(write), 1);
      this.#writer.append(served.game, served.fold, entry, served.stateAfterNext(entry.id));
    }
  }

  /** The folded state of a served game (undefined when not served). */
  getState(name: string): unknown {
    return this.#served.get(name)?.fold.state;
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
    const entries = this.#served.get(name)?.fold.entries ?? [];
    // Each action names the room it was judged in: its signatures are checked against it on replay.
    const room = this.#roomName;
    return formatActionLog(
      entries.map((e) => ({ ...e.action, meta: { ...e.action.meta, entryId: e.id, room } })),
    );
  }

  /** Stops folding and writing; the store gets what was folded and keeps its last state. Idempotent. */
  dispose(): void {
    this.#disposed = true;
    this.flushWrites(true);
    this.#flush();
    for (const dispose of this.#disposables.splice(0).reverse()) dispose();
    for (const served of this.#served.values()) served.stop();
    this.#served.clear();
  }

  #log(name: string): readonly unknown[] {
    return this.#room.doc().logs?.[name] ?? [];
  }

  #servedFor(type: string): ServedGame | undefined {
    const slash = type.indexOf('/');
    return slash > 0 ? this.#served.get(type.slice(0, slash)) : undefined;
  }

  // The entry leaves before the change is made: peers can show the move without waiting for Automerge's sync.
  #sendAhead(message: EntryAheadMessage): void {
    try {
      this.#lane.send(message);
    } catch (err) {
      console.error('Unable to send a log entry ahead of its change', err);
    }
  }

  /**
   * Shows another peer's entry at once, when it is valid on what this page shows and not in the log yet. A signed
   * entry's signature is checked first by WebCrypto, off the main thread (verifyAhead); entries keep their order.
   */
  #onEntryAhead(message: unknown): void {
    if (!isEntryAheadMessage(message)) return;
    const entry = decodeEntry(message.entry);
    if (!entry) return;
    const ahead = { entry, after: message.after };
    if (this.#checking.length === 0 && !needsVerifying(this.#roomName, entry.action))
      return this.#takeAhead(ahead);
    this.#checking.push(ahead);
    if (this.#checking.length === 1) void this.#checkAhead();
  }

  async #checkAhead(): Promise<void> {
    while (this.#checking.length > 0 && !this.#disposed) {
      const first = this.#checking[0];
      const checking = verifyAhead(this.#roomName, first.entry.action);
      // The rules run while WebCrypto checks: the move shows as soon as the signature holds.
      const foreseen = this.#foresee(first);
      await checking;
      const next = this.#checking.shift();
      if (next && !this.#disposed) this.#takeAhead(next, next === first ? foreseen : null);
    }
  }

  // The state after an entry ahead on what the page shows now, judged trusting its signature; null when it does not
  // follow what the page shows or the rules refuse it (taking it then judges it as usual).
  #foresee({ entry, after }: { entry: LogEntry; after: string | null }): Foreseen | null {
    const served = this.#servedFor(entry.action.type);
    if (!served || served.lastShownId !== after) return null;
    const from = served.shown;
    const judged = trustingSignature(this.#roomName, entry.action, () =>
      this.#safeApply(served.game, () => from, entry.action),
    );
    return judged.ok ? { from, state: judged.state } : null;
  }

  #takeAhead(
    { entry, after }: { entry: LogEntry; after: string | null },
    foreseen: Foreseen | null = null,
  ): void {
    const served = this.#servedFor(entry.action.type);
    if (!served) return;
    // A signature WebCrypto refused is not shown ahead (the fold judges the entry where the log puts it); besides, the
    // rules' judgement of this payload, made trusting it, must not be taken from their memory.
    if (foreseen !== null && needsVerifying(this.#roomName, entry.action)) return;
    // What was foreseen holds while the page still shows the state it was judged from.
    const known = foreseen !== null && foreseen.from === served.shown ? foreseen.state : undefined;
    if (!served.takeEntry(entry, after, known)) return;
    this.#pending.push(this.#logged(entry));
    this.#flush();
  }

  // A longer log of a served game came from a peer: shown at once when it extends what the page shows.
  #onCaughtUp(name: string): void {
    const served = this.#served.get(name);
    if (!served || this.#takeCaughtUp(served) === 0) return;
    this.#pending.push(foldRestored({ game: name, state: served.shown }));
    this.#flush();
  }

  /** Shows ahead the longest log a peer sent of a served game, beyond what the page shows; how many entries. */
  #takeCaughtUp(served: ServedGame): number {
    const texts = this.#catchUp?.log(served.game.name);
    return texts ? served.takeLog(texts) : 0;
  }

  // The entries ahead were not confirmed in time: the log's state returns, and actions waiting for the log go now.
  #expired(served: ServedGame): void {
    if (this.#served.get(served.game.name) !== served) return;
    this.#pending.push(foldRestored({ game: served.game.name, state: served.fold.state }));
    this.#flush();
    this.#writeChained(served);
    this.#writeDeferred(served);
  }

  // After the current change event: a change made inside another change's listener would nest.
  #writeDeferred(served: ServedGame): void {
    if (served.deferred.length === 0) return;
    queueMicrotask(() => {
      for (const action of served.deferred.splice(0)) this.submit(action as UnknownAction);
    });
  }

  // The state comes as a function so that computing it (the game's apply over deferred actions) is guarded too.
  #safeApply(game: SyncedGame<unknown>, state: () => unknown, action: LoggedAction): Result<unknown> {
    try {
      return judge(game, state(), action);
    } catch (err) {
      console.error(`The ${game.name} rules threw on ${action.type}`, err);
      return { ok: false, reason: ROOM_REFUSALS.internalError };
    }
  }

  #onChange({ patches }: DocHandleChangePayload<RoomDoc>): void {
    try {
      for (const served of this.#served.values()) {
        const from = firstTouched(patches, served.game);
        if (from === null) continue;
        if (from.log !== null) this.#fold(served, from.log);
        // A peer's change may have merged the snapshot into a state no fold produced; repaired after this event.
        if (!this.#writer.writing)
          queueMicrotask(() => {
            if (this.#served.get(served.game.name) === served)
              this.#writer.repairSnapshot(served.game, served.fold);
          });
      }
    } catch (err) {
      console.error(UPDATE_ERROR, err);
    }
    // Our own actions too: peers already got the entry ahead of the change, so the page shows it at once.
    this.#flush();
  }

  #fold(served: ServedGame, from: number): void {
    const { game, fold } = served;
    const update = served.foldLog(this.#log(game.name), from);
    this.#report(update.steps);
    if (served.aheadCount > 0) return this.#confirmAhead(served, update);
    if (update.steps.length > this.#maxDispatched) {
      this.#pending.push(foldRestored({ game: game.name, state: fold.state }));
      return;
    }
    this.#queueSteps(game.name, update);
  }

  // The store already shows the entries ahead: what the log confirms is not dispatched again.
  #confirmAhead(served: ServedGame, update: FoldUpdate<unknown>): void {
    const shown = served.confirm(update);
    if (shown === null)
      this.#pending.push(foldRestored({ game: served.game.name, state: served.fold.state }));
    else this.#queueSteps(served.game.name, { ...update, steps: update.steps.slice(shown) });
    // After the current change event: a change made inside another change's listener would nest.
    if (this.#chained.length > 0)
      queueMicrotask(() => {
        this.#writeChained(served);
        if (served.aheadCount === 0) this.#writeDeferred(served);
      });
    else if (served.aheadCount === 0) this.#writeDeferred(served);
  }

  #queueSteps(name: string, { rewoundTo, steps, before }: FoldUpdate<unknown>): void {
    if (rewoundTo !== null) this.#pending.push(foldRestored({ game: name, state: before }));
    for (const { entry, rejection } of steps) {
      if (rejection !== null) continue;
      this.#pending.push(this.#logged(entry));
    }
  }

  /** The action of an entry as the store gets it: with its entry id, and marked remote unless this peer wrote it. */
  #logged(entry: LogEntry): UnknownAction {
    const meta: Record<string, unknown> = { ...entry.action.meta, entryId: entry.id, room: this.#roomName };
    if (!writtenBy(entry.id, this.#room.actorId())) meta.remote = true;
    return { ...entry.action, meta };
  }

  /** Dispatches every folded action not yet in the store, in log order. */
  #flush(): void {
    for (const action of this.#pending.splice(0)) {
      try {
        this.#dispatch(action);
      } catch (err) {
        console.error(UPDATE_ERROR, err);
      }
    }
  }

  #report(steps: FoldUpdate<unknown>['steps']): void {
    const me = this.#room.actorId();
    for (const { entry, rejection } of steps) {
      if (rejection === null || !writtenBy(entry.id, me) || this.#reported.has(entry.id)) continue;
      this.#reported.add(entry.id);
      this.#onRejected(rejection, entry.action);
    }
  }
}

/** The state after a peer's entry ahead, judged from `from` while its signature was being checked. */
type Foreseen = { from: unknown; state: unknown };

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
