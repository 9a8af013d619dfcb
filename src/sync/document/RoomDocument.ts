import * as A from '@automerge/automerge';
import type { RoomLogs } from '../log/LogCatchUp';
import { MAX_ENTRY_CHARS, entryTextOf } from '../log/logEntry';
import type { DocHandle, DocumentId, Repo } from '@automerge/automerge-repo';
import { genesisBinary, listChange, roomDocumentId, type RoomDoc } from './roomIdentity';

/** How to open a room: the repo it lives in, its name, and the game names every peer agrees on. */
export type OpenRoomOptions = {
  repo: Repo;
  roomName: string;
  /** The logs of the room, e.g. GAME_NAMES; must be the same list in the same order on every peer. */
  gameNames: readonly string[];
  /** genesisBinary(gameNames) when written out ahead of time (it must be equal): saves building it on every open. */
  genesis?: Uint8Array;
  /** The bounded lists the room keeps beside its logs (DocumentList); the same on every peer, in any order. */
  lists?: readonly string[];
};

// One document per room name per repo (a tab has one repo); a second open returns the first.
const openRooms = new WeakMap<Repo, Map<string, Promise<RoomDocument>>>();

/** One room's shared document: its handle, its identity, and its size for benchmarks. */
export class RoomDocument {
  readonly #repo: Repo;
  readonly #handle: DocHandle<RoomDoc>;
  readonly #roomName: string;
  #disposed = false;

  private constructor(repo: Repo, handle: DocHandle<RoomDoc>, roomName: string) {
    this.#repo = repo;
    this.#handle = handle;
    this.#roomName = roomName;
  }

  /**
   * Opens the room: what storage holds merged over the shared genesis, never a fresh unrelated document.
   * A second open of the same room name in the same repo logs an error and resolves to the first document.
   */
  static open(options: OpenRoomOptions): Promise<RoomDocument> {
    const { repo, roomName } = options;
    let rooms = openRooms.get(repo);
    if (!rooms) openRooms.set(repo, (rooms = new Map()));
    const existing = rooms.get(roomName);
    if (existing) {
      console.error(
        new Error(`A second document tried to connect to room "${roomName}"; reusing the first.`),
      );
      return existing;
    }
    const opening = RoomDocument.#load(options);
    rooms.set(roomName, opening);
    opening.catch(() => rooms.delete(roomName));
    return opening;
  }

  static async #load({
    repo,
    roomName,
    gameNames,
    genesis,
    lists = [],
  }: OpenRoomOptions): Promise<RoomDocument> {
    const documentId = await roomDocumentId(roomName);
    // Storage first so a reload shows the room at once. What storage holds grew from the shared genesis, so it is taken
    // whole: merging it into a fresh genesis would apply every change again (the slow path of a reload).
    const stored = await repo.storageSubsystem?.loadDoc<RoomDoc>(documentId);
    const start = genesis ?? genesisBinary(gameNames);
    const handle = repo.import<RoomDoc>(start, { docId: documentId });
    if (stored) handle.update((doc) => (A.hasHeads(stored, A.getHeads(doc)) ? stored : A.merge(doc, stored)));
    // Every page adds the same list changes: a document that holds them already is left as it is.
    const changes = lists.map((name) => listChange(start, name));
    if (changes.length > 0) handle.update((doc) => A.applyChanges(doc, changes)[0]);
    // The document is all here, made from the genesis and storage: a handle a peer's sync message reached first (still
    // requesting it) is ready too. A handle closed meanwhile (its repo shut down) fails now, not after the library's
    // 60 s wait, which would outlive whoever asked.
    if (!handle.isReady()) handle.doneLoading();
    await handle.whenReady(['ready', 'unloaded', 'deleted', 'unavailable']);
    if (!handle.isReady()) throw new Error(`The room document closed while it opened (${handle.state})`);
    return new RoomDocument(repo, handle, roomName);
  }

  /** The room name this document was opened for. */
  get roomName(): string {
    return this.#roomName;
  }

  /** The automerge-repo document id derived from the room name. */
  get documentId(): DocumentId {
    return this.#handle.documentId;
  }

  /** The live handle; only src/sync touches it. */
  get handle(): DocHandle<RoomDoc> {
    return this.#handle;
  }

  /** The repo the room lives in. */
  get repo(): Repo {
    return this.#repo;
  }

  /** The current materialised document. */
  doc(): RoomDoc {
    return this.#handle.doc();
  }

  /** This handle's Automerge actor id: the author prefix of every log entry it writes. */
  actorId(): string {
    return A.getActorId(this.#handle.doc());
  }

  /**
   * Each game's log as its entries' JSON texts (what a late joiner is sent ahead of the document), up to the first
   * entry that is not text.
   */
  logTexts(): RoomLogs {
    const logs = Object.entries(this.#handle.doc().logs ?? {}).map(([game, log]) => {
      // An entry no fold reads (over MAX_ENTRY_CHARS: a lying peer's) ends what is sent, as an unreadable one does:
      // a late joiner is never sent megabytes of it.
      const texts = log.map((raw) => {
        const text = entryTextOf(raw);
        return text !== null && text.length <= MAX_ENTRY_CHARS ? text : null;
      });
      const end = texts.indexOf(null);
      return [game, (end < 0 ? texts : texts.slice(0, end)) as string[]];
    });
    return Object.fromEntries(logs) as RoomLogs;
  }

  /** The size of the whole document as Automerge saves it, in bytes (benchmarks). */
  byteSize(): number {
    return A.save(this.#handle.doc()).length;
  }

  /** Forgets this room so the tab may open it again; the repo keeps syncing what it already has. Idempotent. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    openRooms.get(this.#repo)?.delete(this.#roomName);
  }
}

/** Opens a room document (see RoomDocument.open). */
export function openRoom(options: OpenRoomOptions): Promise<RoomDocument> {
  return RoomDocument.open(options);
}
