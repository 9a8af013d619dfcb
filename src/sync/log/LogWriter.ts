import { applyEntry, type GameFold } from './GameFold';
import { jsonEqual } from '../jsonEqual';
import { writtenBy, type LogEntry } from './logEntry';
import { patchInto, toPlain } from './patchSnapshot';
import type { RoomDocument } from '../document/RoomDocument';
import { encodeEntry } from './storedEntry';
import type { SyncedGame } from './SyncedGame';

const UPDATE_ERROR = 'an error caught while applying a shared-document update';

/**
 * The one place a page changes the room document's games: it appends an entry to a game's log with the game's snapshot
 * patched in the same change, and repairs a snapshot that concurrent writes merged into a state no fold produced.
 * It knows nothing of the store, the entries ahead or the rules beyond folding one entry.
 */
export class LogWriter {
  readonly #room: RoomDocument;
  #writing = false;

  constructor(room: RoomDocument) {
    this.#room = room;
  }

  /** True while this writer's own change is being made: its change event is not a peer's. */
  get writing(): boolean {
    return this.#writing;
  }

  /**
   * One change: the entry appended to the game's log, the snapshot patched to the fold's state after it (`after`, when
   * the page has computed it already).
   */
  append<S>(game: SyncedGame<S>, fold: GameFold<S>, entry: LogEntry, after?: S): void {
    const stored = encodeEntry(entry);
    // An entry the rules refuse (or throw on) is skipped by every fold: the snapshot stays as it is.
    const next = snapshotOf(game, after ?? applyEntry(game, fold.state, entry).state);
    const [mapKey, key] = game.snapshotPath;
    const before = toPlain(this.#room.doc()[mapKey as `${string}-state`]?.[key]);
    this.#change(entry.action.type, (d) => {
      d.logs[game.name].push(stored);
      patchInto((d[mapKey as `${string}-state`] ??= {}), key, next, before);
    });
  }

  /**
   * Concurrent snapshot writes can merge into a state no fold produced: the author of the log's last entry writes the
   * folded state back. Anyone else leaves it, so the repair is made once.
   */
  repairSnapshot<S>(game: SyncedGame<S>, fold: GameFold<S>): void {
    try {
      if (fold.length === 0) return;
      const last = fold.entries[fold.length - 1];
      if (!writtenBy(last.id, this.#room.actorId())) return;
      const [mapKey, key] = game.snapshotPath;
      const stored = toPlain(this.#room.doc()[mapKey as `${string}-state`]?.[key]);
      const snapshot = snapshotOf(game, fold.state);
      if (jsonEqual(stored, snapshot)) return;
      this.#change('sync/snapshotRepaired', (d) =>
        patchInto((d[mapKey as `${string}-state`] ??= {}), key, snapshot, stored),
      );
    } catch (err) {
      console.error(UPDATE_ERROR, err);
    }
  }

  #change(message: string, change: Parameters<RoomDocument['handle']['change']>[0]): void {
    this.#writing = true;
    try {
      this.#room.handle.change(change, { message });
    } finally {
      this.#writing = false;
    }
  }
}

/** What the document's snapshot holds of a game's state. */
const snapshotOf = <S>(game: SyncedGame<S>, state: S): unknown =>
  game.snapshotOf ? game.snapshotOf(state) : state;
