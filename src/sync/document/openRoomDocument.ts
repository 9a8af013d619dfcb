// Automerge's wasm entry first: the transports import automerge-repo's slim entry, which expects it loaded.
import '@automerge/automerge';
import { BroadcastChannelNetworkAdapter } from '@automerge/automerge-repo-network-broadcastchannel';
import { IndexedDBStorageAdapter } from '@automerge/automerge-repo-storage-indexeddb';
import type { PeerId } from '@automerge/automerge-repo';
import { linkLane } from '../log/aheadLanes.ts';
import { GameBridge } from '../log/GameBridge.ts';
import { CHECKPOINT_EVERY, restorableFold, type RestoredFold } from '../log/foldCheckpoints.ts';
import { verifyLogAhead } from '../signing/signatures.ts';
import { whenIdle } from '../idle.ts';
import { answerLogAsks, type LogAnswers } from '../log/LogCatchUp.ts';
import type { Room, RoomStartOptions } from '../Room.ts';
import { openRoom, type RoomDocument } from './RoomDocument.ts';
import { RoomEphemeral } from '../presence/RoomEphemeral.ts';
import { DocumentList } from './DocumentList.ts';
import { createRoomRepo } from './roomRepo.ts';
import { GuardedNetworkAdapter } from './GuardedNetworkAdapter.ts';
import { WebRtcNetworkAdapter } from './WebRtcNetworkAdapter.ts';

// Room.warm runs it once this module (and Automerge with it) has loaded.
export { warmAutomerge } from './roomIdentity.ts';

/** A room's open document and what runs on it. */
export type OpenedRoom = {
  document: RoomDocument;
  /** Folds each game's log into the store and writes the page's own actions. */
  bridge: GameBridge;
  /** Fleeting messages for games (e.g. avatar positions), never stored. */
  ephemeral: RoomEphemeral;
  /** The room's bounded lists (RoomStartOptions.lists), by name. */
  lists: ReadonlyMap<string, DocumentList>;
  /** The Repo's adapter over the room's mesh (the bench times its messages). */
  webrtc: WebRtcNetworkAdapter;
  /** Writes what storage does not hold yet. */
  flush(): Promise<void>;
  dispose(): void;
};

/**
 * Opens a joined room's document: IndexedDB first, then BroadcastChannel to other tabs and the room's mesh to other
 * browsers; presence moves onto the document, this page answers late joiners' asks for the logs, and the bridge folds
 * each game as it loads.
 */
export async function openRoomDocument(
  room: Room,
  {
    games,
    gameNames,
    genesis,
    lists: listNames = [],
    dispatch,
    onRejected,
    onFailure,
    storageName,
    signer,
  }: RoomStartOptions,
): Promise<OpenedRoom> {
  // Tabs with another password must not meet: the channel name carries a digest of it.
  const channelSuffix = room.password ? `:${await digest(`${room.roomName}:${room.password}`)}` : '';
  const broadcast = new BroadcastChannelNetworkAdapter({
    channelName: `game-room:${room.roomName}${channelSuffix}`,
  });
  const webrtc = new WebRtcNetworkAdapter(room.mesh);
  // Nothing another page sends reaches Automerge unbounded: not over WebRTC, and not from another tab either.
  const repo = createRoomRepo({
    network: [
      new GuardedNetworkAdapter(broadcast),
      new GuardedNetworkAdapter(webrtc, { onBreach: (peerId) => room.mesh.drop(peerId) }),
    ],
    storage: storageName ? new IndexedDBStorageAdapter(storageName) : undefined,
    peerId: room.peerId as PeerId,
  });
  const document = await openRoom({ repo, roomName: room.roomName, gameNames, genesis, lists: listNames });
  room.presence.attach(document);
  // From here the bridge shows what peers send ahead of the document, and this page answers late joiners in turn.
  room.catchUp.stopAsking();
  const answers = answerLogAsks(
    room.mesh,
    () => document.logTexts(),
    () => document.doc(),
  );
  const stopPacking = packWhenQuiet(document, answers);
  const ephemeral = new RoomEphemeral(document);
  const lists = new Map(listNames.map((name) => [name, new DocumentList(document, name)]));
  const checkpoints = room.checkpoints ?? undefined;
  const bridge = new GameBridge({
    checkpoints,
    room: document,
    dispatch,
    onRejected,
    catchUp: room.catchUp,
    aheadLane: linkLane(room.mesh),
    roomName: room.roomName,
    signer,
  });
  // A stored log's signatures are checked all at once by WebCrypto before the bridge folds it (a reload of a long game),
  // but for the entries this page folded before: it goes on from the fold it kept after them.
  let open = true;
  const stopGames = games((game) => {
    const log = document.doc().logs?.[game.name] ?? [];
    const serve = (restored: RestoredFold | null) =>
      verifyLogAhead(room.roomName, restored ? log.slice(restored.count) : log).then(() => {
        if (open) bridge.addGame(game, restored);
      });
    // A log too short to have been kept is served at once, without asking storage.
    if (!checkpoints || log.length <= CHECKPOINT_EVERY) return void serve(null);
    void restorableFold(checkpoints, game.name, log)
      .catch(() => null)
      .then(serve);
  });
  const stopWatching = watchAutomergeFailures((error) => onFailure?.(error));
  return {
    document,
    bridge,
    ephemeral,
    lists,
    webrtc,
    // A move made just before the page closes is written first: its change waits for the task after the click.
    flush: () => (bridge.flushWrites(true), repo.flush()),
    dispose() {
      open = false;
      stopWatching();
      stopGames();
      stopPacking();
      answers.stop();
      ephemeral.dispose();
      for (const list of lists.values()) list.dispose();
      bridge.dispose();
      document.dispose();
      // A Repo whose Automerge failed may fail to shut down too: nothing is left to save in it.
      repo.shutdown().catch((error: unknown) => console.warn('The room could not shut down cleanly', error));
    },
  };
}

/** How long the room's logs stay unchanged before they are packed for the next late joiner. */
const QUIET_MS = 1000;

/**
 * Packs the room's logs for late joiners once the document has been quiet QUIET_MS and the page is idle: the next
 * joiner is answered at once instead of after a gzip of the whole log. Returns the stop.
 */
function packWhenQuiet(document: RoomDocument, answers: LogAnswers): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const prepare = () => void whenIdle(QUIET_MS).then(() => stopped || answers.prepare());
  const onChange = () => {
    clearTimeout(timer);
    timer = setTimeout(prepare, QUIET_MS);
  };
  document.handle.on('change', onChange);
  onChange();
  return () => {
    stopped = true;
    clearTimeout(timer);
    document.handle.off('change', onChange);
  };
}

/**
 * What Automerge's wasm throws when it failed: a trap (RuntimeError), its panic, or, on every call after one, the
 * borrow it left behind ("recursive use of an object"). After any of them the page's document no longer takes changes.
 */
export function isAutomergeFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'RuntimeError' ||
    error.name === 'PanicError' ||
    /recursive use of an object|unsafe aliasing in rust|null pointer passed to rust/i.test(error.message)
  );
}

/**
 * Calls onFailure once with the first Automerge failure the page did not catch (they surface from automerge-repo's
 * message handling, outside any call of ours). Returns the stop.
 */
function watchAutomergeFailures(onFailure: (error: unknown) => void): () => void {
  if (typeof globalThis.addEventListener !== 'function') return () => {};
  let told = false;
  const check = (error: unknown) => {
    if (told || !isAutomergeFailure(error)) return;
    told = true;
    onFailure(error);
  };
  const onError = (event: ErrorEvent) => check(event.error);
  const onRejection = (event: PromiseRejectionEvent) => check(event.reason);
  globalThis.addEventListener('error', onError);
  globalThis.addEventListener('unhandledrejection', onRejection);
  return () => {
    globalThis.removeEventListener('error', onError);
    globalThis.removeEventListener('unhandledrejection', onRejection);
  };
}

async function digest(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(bytes.slice(0, 8), (b) => b.toString(16).padStart(2, '0')).join('');
}
