import * as A from '@automerge/automerge';
import { interpretAsDocumentId, type DocumentId } from '@automerge/automerge-repo';
import { sha256 } from '@noble/hashes/sha2.js';

/**
 * The shape every room document has: one log per game and one snapshot map per game, and the bounded lists the app
 * keeps beside them (`<name>-list`, each made by its own list change: listChange).
 */
export type RoomDoc = {
  logs: Record<string, A.ImmutableString[]>;
  [snapshotMap: `${string}-state`]: Record<string, unknown>;
  [list: `${string}-list`]: A.ImmutableString[] | undefined;
};

/** The document key of a bounded list of the room. */
export const listKey = (name: string): `${string}-list` => `${name}-list`;

// The genesis is written by this fixed actor at time 0 so every peer builds the same first change.
const GENESIS_ACTOR = '00000000000000000000000000000000';

/** The automerge-repo document id of a room: bs58check of the first 16 bytes of SHA-256(room name). */
export async function roomDocumentId(roomName: string): Promise<DocumentId> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(roomName));
  return interpretAsDocumentId(
    new Uint8Array(digest).slice(0, 16) as Parameters<typeof interpretAsDocumentId>[0],
  );
}

/** The plain content of a fresh room: an empty log and an empty snapshot map per game, in the given order. */
export function genesisContent(gameNames: readonly string[]): RoomDoc {
  const logs: Record<string, A.ImmutableString[]> = {};
  for (const name of gameNames) logs[name] = [];
  const content: RoomDoc = { logs };
  for (const name of gameNames) content[`${name}-state`] = {};
  return content;
}

/** The saved genesis document: byte-identical in every process given the same game names in the same order. */
export function genesisBinary(gameNames: readonly string[]): Uint8Array {
  const empty = A.init<RoomDoc>({ actor: GENESIS_ACTOR as A.ActorId });
  const content = genesisContent(gameNames);
  const doc = A.change(empty, { time: 0, message: 'genesis' }, (d) => {
    d.logs = {};
    for (const name of gameNames) d.logs[name] = [];
    for (const key of Object.keys(content)) if (key !== 'logs') d[key as `${string}-state`] = {};
  });
  return A.save(doc);
}

/**
 * The change that adds an empty list to a room after its genesis, byte-identical on every page: written by an actor
 * made from the list's name at time 0, on the genesis alone. Every page applies it when it opens the room, so the
 * list exists once (two pages creating it each would lose one side's items) and the genesis stays as it was: a room
 * stored by an earlier build merges with it. Each list has its own actor, so adding another list later changes nothing
 * of this one.
 */
export function listChange(genesis: Uint8Array, name: string): Uint8Array {
  const actor = Array.from(sha256(new TextEncoder().encode(`list:${name}`)).slice(0, 16), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  const doc = A.change(A.load<RoomDoc>(genesis, { actor: actor as A.ActorId }), { time: 0 }, (d) => {
    d[listKey(name)] = [];
  });
  const change = A.getLastLocalChange(doc);
  if (!change) throw new Error(`The list change of "${name}" made nothing`);
  return change;
}

/**
 * Runs once, on a throwaway document, each Automerge path opening a room takes (load, merge, change, diff, a sync
 * round, save): V8 compiles a wasm function on its first call, and those first calls made opening the room's document
 * a task of about 60 ms instead of 6. A page about to join calls it while the name is typed (Room.warm).
 */
export function warmAutomerge(): void {
  const genesis = genesisBinary(['warm']);
  const doc = A.loadIncremental(A.init<RoomDoc>(), genesis);
  const changed = A.change(doc, { time: 0 }, (d) => {
    d.logs.warm.push(new A.ImmutableString('warm'));
  });
  A.diff(changed, A.getHeads(doc), A.getHeads(changed));
  let peer = A.merge(A.load<RoomDoc>(genesis), doc);
  let [mine, theirs] = [A.initSyncState(), A.initSyncState()];
  for (let round = 0; round < 3; round++) {
    const [nextMine, message] = A.generateSyncMessage(changed, mine);
    mine = nextMine;
    if (message) [peer, theirs] = A.receiveSyncMessage(peer, theirs, message);
    const [nextTheirs, reply] = A.generateSyncMessage(peer, theirs);
    theirs = nextTheirs;
    if (reply) [, mine] = A.receiveSyncMessage(changed, mine, reply);
  }
  A.saveIncremental(peer);
  A.save(peer);
}
