// No Automerge here, not even through an import: a room is joined at page start (its network, presence and the log
// catch-up) while Automerge's wasm still loads; the document part is loaded when start() needs it.
import type { UnknownAction } from '@reduxjs/toolkit';
import { GameFold } from './log/GameFold.ts';
import { LogCatchUp } from './log/LogCatchUp.ts';
import { ENTRY_TOPIC, HeldAhead } from './log/aheadLanes.ts';
import { indexedDbCheckpoints, restorableFold, type FoldCheckpoints } from './log/foldCheckpoints.ts';
import { PeerMesh } from './mesh/PeerMesh.ts';
import type { PeerMeshOptions } from './mesh/peerMeshOptions.ts';
import { loadBrowserSimplePeer } from './link/WebRtcLinkOpener.ts';
import { RoomPresence, type ColorStorage } from './presence/RoomPresence.ts';
import type { PresenceUser } from './presence/presenceMessage.ts';
import {
  gameOfAction,
  trustingChecks,
  type LoggedAction,
  type Refusal,
  type SyncedGame,
} from './log/SyncedGame.ts';
import { foldRestored, type LocalActionSink } from './log/syncMiddleware.ts';
import { inRoom, type PageSigner } from './signing/signatures.ts';
import { whenIdle } from './idle.ts';
import type { OpenedRoom } from './document/openRoomDocument.ts';

/** How long opening the document waits for handshakes under way (a link opens in about 50 ms on a quiet page). */
const HANDSHAKE_WAIT_MS = 250;

/**
 * How long after joining a page new to the room waits for a first peer to dial before opening its document: an existing
 * peer's offer arrives some 30 ms after the joiner's socket opens; opening the document first would sync it with that
 * peer in the middle of the catch-up the peer sends ahead. Such a page joins on the login page, so this matters only for
 * a Go pressed as the page loads; after any typing the window has passed and its links are open.
 */
const FIRST_DIAL_MS = 150;

/** Calls its listener with every game loaded so far and each one loaded later; returns the unsubscribe. */
export type GameSource = (listener: (game: SyncedGame<unknown>) => void) => () => void;

/** What joining a room's network needs: the mesh's options (room name, signalling, ICE, password), who this page is. */
export type RoomJoinOptions = PeerMeshOptions & {
  peerId: string;
  /**
   * Who is present; none yet when a room link's login page meets the room while the name is typed: its links open and
   * it takes the logs peers send, but nobody lists it until present() names it.
   */
  user?: PresenceUser;
  /** Where this user's presence colour is remembered (localStorage in the browser). */
  colorStorage?: ColorStorage;
};

/** The IndexedDB database rooms are stored in; their kept folds go in `${STORAGE_NAME}-folds`. */
export const STORAGE_NAME = 'game-room';

/** What opening the room's document needs beyond its network. */
export type RoomStartOptions = {
  /** The games whose logs the room folds, as they load. */
  games: GameSource;
  /** Every game's name: the document's logs (the genesis holds one per game). */
  gameNames: readonly string[];
  /** The document's saved genesis for gameNames (genesisBinary), so opening it needs no Automerge work. */
  genesis: Uint8Array;
  /** The bounded lists the room keeps beside the logs (DocumentList), by name; the same on every peer. */
  lists?: readonly string[];
  dispatch: (action: UnknownAction) => unknown;
  onRejected: (reason: Refusal, action: LoggedAction) => void;
  /**
   * Automerge failed on this page (a wasm trap or panic): its document takes no more changes, so the room must be
   * reopened (dispose this one, join anew: storage and the peers give the document back). Told once.
   */
  onFailure?: (error: unknown) => void;
  /** The IndexedDB database the room is stored in (STORAGE_NAME unless given); null keeps it in memory (tests). */
  storageName?: string | null;
  /** This page's signing key, for a seated player's actions (signatures.ts); unsigned without one (tests). */
  signer?: () => Promise<PageSigner>;
};

/**
 * One room, from page start to leaving: join() meets its peers at once (the mesh, presence on the links' greetings,
 * asking peers for the room's logs), even before anyone is present in it (present()); start() shows the logs peers
 * send as boards, then opens the document (storage, other tabs, the mesh) with the bridge that folds each game's log
 * into the store. dispose() releases it all in order, in whichever phase it is.
 */
export class Room {
  readonly roomName: string;
  readonly password: string | null;
  readonly peerId: string;
  readonly mesh: PeerMesh;
  readonly catchUp: LogCatchUp;
  #presence: RoomPresence | null = null;
  readonly #colorStorage: ColorStorage | undefined;
  #opened: OpenedRoom | null = null;
  #stopCaughtUp: (() => void) | null = null;
  #checkpoints: FoldCheckpoints | null = null;
  #disposed = false;
  /** The room's games (start()), and this page's actions of them made before its document opened, in order. */
  #gameNames: ReadonlySet<string> = new Set();
  readonly #waiting = new HeldAhead<UnknownAction>();

  /**
   * Where the page's local game actions go from start() on: the bridge once the document is open; before, an action of
   * one of the room's games waits for it (a board drawn from a peer's log shows before the document opens, and a
   * move made on it must reach the log, not the store alone).
   */
  readonly localActions: LocalActionSink = {
    submit: (action) => {
      if (this.#opened) return this.#opened.bridge.submit(action);
      const game = gameOfAction(action.type);
      if (this.#disposed || game === null || !this.#gameNames.has(game)) return false;
      this.#waiting.hold('', action);
      return true;
    },
    signAhead: (action) => this.#opened?.bridge.signAhead(action),
  };

  /** Whether this page has started a room (start()): warming up Automerge is then too late. */
  static #started = false;
  /** Whether this page warmed up before joining: it came through the login page, new to the room. */
  static #warmed = false;
  /** Whether this room was joined by a page new to it (Room.warm first): it waits for its peers before its storage. */
  readonly #newcomer: boolean;

  private constructor(options: RoomJoinOptions) {
    this.roomName = options.roomName;
    this.password = options.password ?? null;
    this.peerId = options.peerId;
    this.#newcomer = Room.#warmed;
    this.mesh = new PeerMesh(options);
    // A move sent ahead is among the page's last words: a page that closes right after it posts it through the server.
    this.mesh.keepLastWords(ENTRY_TOPIC);
    this.#colorStorage = options.colorStorage;
    // Before joining, so the first link already carries the greetings.
    if (options.user) this.#presence = this.#presenceOf(options.user, false);
    this.catchUp = new LogCatchUp(this.mesh, undefined, this.roomName);
  }

  /**
   * Loads what starting a room will need (simple-peer; Automerge and its wasm, run once so V8 compiles it) while a room
   * link's login page waits for the name: its handshakes go first, and after Go the document opens in a few milliseconds.
   */
  static warm(): void {
    Room.#warmed = true;
    loadBrowserSimplePeer().catch(() => {});
    import('./document/openRoomDocument.ts')
      .then(async ({ warmAutomerge }) => {
        await whenIdle(1000);
        // Once a room starts it would only compete with the handshakes: opening the document compiles what it needs.
        if (!Room.#started) warmAutomerge();
      })
      .catch(() => {});
  }

  /** Joins a room's network as options.peerId: signalling, dialling and presence start now. */
  static join(options: RoomJoinOptions): Room {
    const room = new Room(options);
    room.mesh.join(options.peerId);
    return room;
  }

  /** This page's presence in the room; only once someone is present (joined with a user, or present()). */
  get presence(): RoomPresence {
    if (!this.#presence) throw new Error('Nobody is present in this room yet: present(user) comes first');
    return this.#presence;
  }

  /** Whether someone is present: the room was joined with a user, or present() named one since. */
  get hasPresence(): boolean {
    return this.#presence !== null;
  }

  /**
   * Names who is present in a room joined without a user (a room link's login page, once Go is pressed): the links
   * already open hear it at once, links opened later in their greeting. Once only; a disposed room ignores it.
   */
  present(user: PresenceUser): void {
    if (this.#presence || this.#disposed) return;
    this.catchUp.refresh();
    this.#presence = this.#presenceOf(user, true);
  }

  #presenceOf(user: PresenceUser, announce: boolean): RoomPresence {
    return new RoomPresence({
      roomName: this.roomName,
      peerId: this.peerId,
      greetings: this.mesh,
      user,
      announce,
      storage: this.#colorStorage,
    });
  }

  /** The document's parts once start() opened it; null before (and after dispose). */
  get opened(): OpenedRoom | null {
    return this.#opened;
  }

  get disposed(): boolean {
    return this.#disposed;
  }

  /** Where this page keeps its folds of the room's games (foldCheckpoints) once start() named its storage; null: none. */
  get checkpoints(): FoldCheckpoints | null {
    return this.#checkpoints;
  }

  /**
   * Shows each game as the longest log a peer sent folds (a late joiner sees the board before its Automerge has loaded,
   * let alone synced), then opens the document and hands the games to its bridge. Resolves with the opened parts, or
   * null when the room was disposed meanwhile.
   */
  async start(options: RoomStartOptions): Promise<OpenedRoom | null> {
    if (this.#disposed) return null;
    if (!this.#presence)
      throw new Error('Nobody is present in this room yet: present(user) comes before start()');
    Room.#started = true;
    this.#gameNames = new Set(options.gameNames);
    const storageName = options.storageName === undefined ? STORAGE_NAME : options.storageName;
    // A new build may fold the same entries otherwise: its pages keep their folds apart.
    const checkpoints =
      storageName === null ? null : indexedDbCheckpoints(`${storageName}-folds`, this.roomName, __BUILD_ID__);
    this.#checkpoints = checkpoints;
    // A page that kept its fold of a game (a reload) checks and folds only what a peer's log adds to it.
    if (checkpoints) this.catchUp.useKeptFolds((game, log) => restorableFold(checkpoints, game, log));
    this.#stopCaughtUp = this.#showCaughtUpBoards(options.games, options.dispatch);
    // Loaded here rather than imported: that module waits for Automerge's wasm. Opening the document (storage, the
    // Repo, Automerge's load) is tens of milliseconds of script: links being opened go first, then what they show (the
    // page's next idle moment). A page with no handshake under way (alone, or reloading) opens it at once, unless it is
    // new to the room: then its peers get a moment to dial first.
    const firstDialMs = this.#newcomer ? FIRST_DIAL_MS : 0;
    const meeting =
      this.mesh.handshaking || firstDialMs > 0
        ? this.mesh.handshakesSettled(HANDSHAKE_WAIT_MS, firstDialMs).then(() => whenIdle(100))
        : null;
    const [{ openRoomDocument }] = await Promise.all([import('./document/openRoomDocument.ts'), meeting]);
    if (this.#disposed) return null;
    const opened = await openRoomDocument(this, { ...options, storageName });
    if (this.#disposed) {
      opened.dispose();
      return null;
    }
    this.#stopCaughtUp();
    this.#stopCaughtUp = null;
    this.#opened = opened;
    for (const { item } of this.#waiting.take()) opened.bridge.submit(item);
    return opened;
  }

  /** Writes what storage does not hold yet (a closing tab asks, so nothing received is lost). */
  flush(): Promise<void> {
    return this.#opened?.flush() ?? Promise.resolve();
  }

  /**
   * The page is closing: its moves of the last seconds are posted through the signalling server too (a beacon, which
   * the browser sends after the page is gone), for peers its links never brought them to. After flush().
   */
  sayLastWords(): void {
    this.mesh.sayLastWords();
  }

  /** Leaves the room: presence says goodbye, the bridge and document close, then every link. Idempotent. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#stopCaughtUp?.();
    this.#stopCaughtUp = null;
    this.catchUp.dispose();
    this.#presence?.dispose();
    try {
      this.#opened?.dispose();
    } catch (error) {
      // A document whose Automerge failed may fail to close: the links still close below.
      console.warn('The room document could not close cleanly', error);
    }
    this.#opened = null;
    this.#waiting.take();
    this.mesh.leave();
  }

  #showCaughtUpBoards(games: GameSource, dispatch: (action: UnknownAction) => unknown): () => void {
    const loaded = new Map<string, SyncedGame<unknown>>();
    const show = (game: SyncedGame<unknown>) => {
      const log = this.catchUp.log(game.name);
      if (!this.catchUp.asking || !log) return;
      // Shown until the page's own fold of the document takes over, which judges every entry: the costly checks (a
      // bot's every move played again) wait for that, and a late joiner sees the table a second sooner.
      const fold = new GameFold(inRoom(trustingChecks(game), this.roomName));
      const kept = this.catchUp.kept(game.name);
      if (kept) fold.restore(log, kept.count, kept.state);
      else fold.update(log);
      dispatch(foldRestored({ game: game.name, state: fold.state }));
    };
    const stopGames = games((game) => {
      loaded.set(game.name, game);
      show(game);
    });
    const stopLogs = this.catchUp.subscribe((name) => {
      const game = loaded.get(name);
      if (game) show(game);
    });
    return () => {
      stopGames();
      stopLogs();
    };
  }
}
