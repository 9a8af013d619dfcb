// The wasm first: the Room's document part imports automerge-repo's slim entry.
import '@automerge/automerge';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../signaling/server.ts';
import { makePeerId } from '../../../src/sync/mesh/peerIds.ts';
import { Room } from '../../../src/sync/Room.ts';
import { genesisBinary } from '../../../src/sync/document/roomIdentity.ts';
import { claimsGame, claimsSlice, TEST_GAME_NAMES } from '../../helpers/claimsGame.ts';
import { makeClaimsStore } from '../../helpers/roomPeers.ts';
import { nodeMeshOptions, startSignaling, uniqueRoom } from './transportHarness.ts';
import { englishText } from '../../../src/i18n/reasons';

let server: RunningServer;
let signalingUrl = '';
const rooms: Room[] = [];

beforeAll(async () => {
  ({ server, signalingUrl } = await startSignaling());
});
afterEach(() => {
  for (const room of rooms.splice(0)) room.dispose();
});
afterAll(() => server.close());

const userOf = (browser: string) => ({ id: browser, name: browser, color: '#1e88e5' });

/** A Room joined over Node's WebRTC as browser's user (none: unnamed, as a room link's login page), with a claims store. */
function joinAs(roomName: string, browser: string, named = true) {
  const room = Room.join({
    ...nodeMeshOptions(signalingUrl, roomName),
    peerId: makePeerId(browser, 'tab'),
    user: named ? userOf(browser) : undefined,
  });
  rooms.push(room);
  // As the app does: game actions go to the room from start() on.
  const store = makeClaimsStore(() => room.localActions);
  const rejected: string[] = [];
  const start = () =>
    room.start({
      games: (listener) => (listener(claimsGame), () => {}),
      gameNames: TEST_GAME_NAMES,
      genesis: genesisBinary(TEST_GAME_NAMES),
      dispatch: store.dispatch,
      onRejected: (reason) => rejected.push(englishText(reason)),
      storageName: null,
    });
  return { room, store, rejected, start };
}

const names = (room: Room) => [...room.presence.getStates().values()].map((s) => s.user.name).sort();

describe('Room', () => {
  it('lists a peer before its document opens, then carries each action to the other room', async () => {
    const name = uniqueRoom('room');
    const ann = joinAs(name, 'ann');
    const ben = joinAs(name, 'ben');
    await expect.poll(() => names(ann.room), { timeout: 15_000 }).toEqual(['ann', 'ben']);
    expect(ann.room.opened).toBeNull();
    await Promise.all([ann.start(), ben.start()]);
    ann.store.dispatch(claimsSlice.actions.seatClaimed({ seat: 0, by: 'ann' }));
    await expect.poll(() => ben.store.getState().claims.seats[0], { timeout: 15_000 }).toBe('ann');
    ben.store.dispatch(claimsSlice.actions.seatClaimed({ seat: 0, by: 'ben' }));
    expect(ben.rejected).toEqual(['Seat taken']);
  });

  it('writes a game action made before its document opened (on a board from a peer’s log), once it has', async () => {
    const name = uniqueRoom('room');
    const ann = joinAs(name, 'ann');
    const ben = joinAs(name, 'ben');
    await expect.poll(() => names(ann.room), { timeout: 15_000 }).toEqual(['ann', 'ben']);
    const opening = ann.start();
    ann.store.dispatch(claimsSlice.actions.seatClaimed({ seat: 1, by: 'ann' }));
    // Not shown by the store alone: it waits for the log.
    expect(ann.store.getState().claims.seats[1]).toBeNull();
    await Promise.all([opening, ben.start()]);
    await expect.poll(() => ben.store.getState().claims.seats[1], { timeout: 15_000 }).toBe('ann');
    expect(ann.store.getState().claims.seats[1]).toBe('ann');
    expect(ann.room.opened?.bridge.logLength('claims')).toBe(1);
  });

  it('leaves every link and stops opening its document when disposed while it opens', async () => {
    const name = uniqueRoom('room-dispose');
    const ann = joinAs(name, 'ann');
    const ben = joinAs(name, 'ben');
    await expect.poll(() => names(ann.room), { timeout: 15_000 }).toEqual(['ann', 'ben']);
    const opening = ann.start();
    ann.room.dispose();
    await expect(opening).resolves.toBeNull();
    expect(ann.room.opened).toBeNull();
    expect(ann.room.mesh.peerId).toBeNull();
    await expect.poll(() => names(ben.room), { timeout: 15_000 }).toEqual(['ben']);
  });

  it('meets the room unnamed (links and the logs, listed by nobody) until present() names the user', async () => {
    const name = uniqueRoom('room-unnamed');
    const ann = joinAs(name, 'ann');
    await ann.start();
    ann.store.dispatch(claimsSlice.actions.seatClaimed({ seat: 1, by: 'ann' }));
    const ben = joinAs(name, 'ben', false);
    expect(ben.room.hasPresence).toBe(false);
    expect(() => ben.room.presence).toThrow('Nobody is present in this room yet');
    await expect(ben.start()).rejects.toThrow('present(user) comes before start()');
    // The link opens and Ann's logs come, checked, while Ben is listed nowhere.
    await expect.poll(() => ben.room.catchUp.log('claims')?.length, { timeout: 15_000 }).toBe(1);
    expect(names(ann.room)).toEqual(['ann']);
    ben.room.present(userOf('ben'));
    await expect.poll(() => names(ann.room), { timeout: 15_000 }).toEqual(['ann', 'ben']);
    expect(names(ben.room)).toEqual(['ann', 'ben']);
    await ben.start();
    expect(ben.store.getState().claims.seats[1]).toBe('ann');
  });
});
