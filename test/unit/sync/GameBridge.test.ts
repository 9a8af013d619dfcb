import { userIdOfKey } from '../../../src/sync/signing/signatures';
import * as A from '@automerge/automerge';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UnknownAction } from '@reduxjs/toolkit';
import { parseActionLog, parseActionLogFile } from '../../../src/sync/log/actionLog';
import { GameBridge } from '../../../src/sync/log/GameBridge';
import { MAX_HELD_PER_PEER, type AheadLane } from '../../../src/sync/log/aheadLanes';
import { AHEAD_TIMEOUT_MS } from '../../../src/sync/log/EntriesAhead';
import { openRoom, type RoomDocument } from '../../../src/sync/document/RoomDocument';
import { createRoomRepo } from '../../../src/sync/document/roomRepo';
import { decodeEntry } from '../../../src/sync/log/logEntry';
import { encodeEntry } from '../../../src/sync/log/storedEntry';
import { claimsGame, claimsSlice, TEST_GAME_NAMES, type ClaimsState } from '../../helpers/claimsGame';
import { makeClaimsStore } from '../../helpers/roomPeers';
import {
  keyedActor,
  signAction,
  signAndFold,
  testKey,
  webCryptoSigner,
  type TestKey,
} from '../../helpers/signing';
import {
  applyTicTacToeAction,
  newGameStarted,
  squareClaimed,
  tictactoeGame,
  type TicTacToeState,
} from '../../../src/games/tictactoe';
import type { LoggedAction } from '../../../src/sync/log/SyncedGame';
import { englishText } from '../../../src/i18n/reasons';

/** A stored entry of any JSON, as a peer running other code could write one. */
const encodeEntryText = (entry: object) => new A.ImmutableString(JSON.stringify(entry));

const { seatClaimed, seatLeft, counted, reset } = claimsSlice.actions;
let room: RoomDocument;
let bridge: GameBridge;
let store: ReturnType<typeof makeClaimsStore>;
let rejected: string[];
let seen: UnknownAction[];
let n = 0;
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A lane a test drives: what the bridge sent on it, and a peer's message brought to the bridge (Bob's unless said). */
function testLane() {
  const sent: unknown[] = [];
  let listener: (message: unknown, from: string) => void = () => {};
  const lane: AheadLane = {
    send: (message) => void sent.push(message),
    subscribe: (l) => ((listener = l), () => {}),
  };
  return { lane, sent, deliver: (message: unknown, from = 'bob') => listener(message, from) };
}

beforeEach(async () => {
  const repo = createRoomRepo({ network: [] });
  room = await openRoom({ repo, roomName: `bridge-${n++}`, gameNames: TEST_GAME_NAMES });
  store = makeClaimsStore(() => bridge);
  rejected = [];
  seen = [];
  const dispatch = (a: UnknownAction) => (seen.push(a), store.dispatch(a));
  bridge = new GameBridge({ room, dispatch, onRejected: (reason) => rejected.push(englishText(reason)) });
  bridge.addGame(claimsGame);
});
afterEach(async () => {
  bridge.dispose();
  room.dispose();
  await room.repo.shutdown();
});

describe('GameBridge', () => {
  it('shows a local action at once, and judges the next one against it', () => {
    store.dispatch(seatClaimed({ seat: 0, by: 'ann' }));
    expect(store.getState().claims.seats[0]).toBe('ann');
    store.dispatch(seatClaimed({ seat: 0, by: 'bob' }));
    expect(rejected).toEqual(['Seat taken']);
    expect(store.getState().claims.seats[0]).toBe('ann');
    expect(seen.filter((a) => a.type === 'claims/seatClaimed')).toHaveLength(1);
  });

  it('hands folded actions to the store when disposed', () => {
    store.dispatch(counted({ by: 'ann', amount: 3 }));
    bridge.dispose();
    expect(store.getState().claims.total).toBe(3);
  });

  it('shows a valid local action at once and writes it once in the next task: one change with the action type as message, folded back with its entry id', async () => {
    const changes: string[] = [];
    room.handle.on('change', () => changes.push('change'));
    store.dispatch(seatClaimed({ seat: 0, by: 'ann' }));
    expect(store.getState().claims.seats[0]).toBe('ann');
    expect(changes).toHaveLength(0);
    await nextTask();
    expect(changes).toHaveLength(1);
    expect(A.decodeChange(A.getLastLocalChange(room.doc())!).message).toBe('claims/seatClaimed');
    expect(bridge.logLength('claims')).toBe(1);
    expect(store.getState().claims.seats[0]).toBe('ann');
    const folded = seen.filter((a) => a.type === 'claims/seatClaimed');
    expect(folded).toHaveLength(1);
    expect(folded[0].meta).toMatchObject({
      entryId: expect.stringMatching(`^${room.actorId().slice(0, 12)}:`),
    });
    expect(folded[0].meta).not.toHaveProperty('remote');
  });

  it('on a page that draws frames, writes the change in a task after the frame that shows the move', async () => {
    const frame: FrameRequestCallback[] = [];
    vi.stubGlobal('document', { visibilityState: 'visible' });
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frame.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    try {
      store.dispatch(seatClaimed({ seat: 0, by: 'ann' }));
      expect(store.getState().claims.seats[0]).toBe('ann');
      await nextTask();
      // Automerge's change, its snapshot patch and its sync messages would hold this frame back: they wait for it.
      expect(bridge.logLength('claims')).toBe(0);
      for (const cb of frame.splice(0)) cb(performance.now());
      expect(bridge.logLength('claims')).toBe(0);
      await nextTask();
      expect(bridge.logLength('claims')).toBe(1);
      expect(store.getState().claims.seats[0]).toBe('ann');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows a second action of the same task at once, and writes both in order when disposed', () => {
    store.dispatch(counted({ by: 'ann', amount: 1 }));
    store.dispatch(counted({ by: 'ann', amount: 2 }));
    // The first one's change does not stand before the second act: both wait for the next task.
    expect(bridge.logLength('claims')).toBe(0);
    expect(store.getState().claims.total).toBe(3);
    bridge.dispose();
    expect(bridge.logLength('claims')).toBe(2);
    expect(room.logTexts().claims.map((t) => decodeEntry(t)?.action.payload)).toEqual([
      { by: 'ann', amount: 1 },
      { by: 'ann', amount: 2 },
    ]);
    expect(store.getState().claims.total).toBe(3);
  });

  it('refuses, and reports, an action whose rules throw: nothing is written and no page shows it', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    bridge.dispose();
    const buggy = {
      ...claimsGame,
      apply: (s: ClaimsState, a: UnknownAction) => {
        if (a.type === 'claims/counted') throw new Error('bug');
        return claimsGame.apply(s, a);
      },
    };
    bridge = new GameBridge({
      room,
      dispatch: store.dispatch,
      onRejected: (reason) => rejected.push(englishText(reason)),
    });
    bridge.addGame(buggy);
    store.dispatch(counted({ by: 'ann', amount: 1 }));
    expect(bridge.logLength('claims')).toBe(0);
    expect(rejected).toEqual(['Internal error']);
    expect(store.getState().claims.total).toBe(0);
    error.mockRestore();
  });

  it('judges a waiting action again when another peer’s entry reaches the log first', async () => {
    store.dispatch(counted({ by: 'ann', amount: 2 }));
    store.dispatch(seatClaimed({ seat: 1, by: 'ann' }));
    // Bob's claim lands before ann's change is written: ann's claim of the same seat is now too late.
    room.handle.change((d) => {
      d.logs.claims.push(encodeEntry({ id: 'bob000000000:1', action: seatClaimed({ seat: 1, by: 'bob' }) }));
    });
    expect(store.getState().claims.seats[1]).toBe('bob');
    await nextTask();
    expect(rejected).toEqual(['Seat taken']);
    expect(bridge.logLength('claims')).toBe(2);
    expect(store.getState().claims).toMatchObject({ seats: [null, 'bob', null, null], total: 2 });
  });

  it('rejects an invalid local action with its reason and writes nothing', () => {
    store.dispatch(seatClaimed({ seat: 0, by: 'ann' }));
    bridge.flushWrites();
    const heads = room.handle.heads();
    store.dispatch(seatClaimed({ seat: 0, by: 'bob' }));
    expect(rejected).toEqual(['Seat taken']);
    expect(room.handle.heads()).toEqual(heads);
    expect(bridge.logLength('claims')).toBe(1);
  });

  it('lets actions of a game the room has no log for through to the reducers untouched', () => {
    expect(bridge.submit({ type: 'nogame/thing' })).toBe(false);
  });

  it('holds a local action of a room game not served yet, and writes it once that game is served', () => {
    // The store shows nothing of it meanwhile: a move no log gets would be a move lost.
    seen.length = 0;
    store.dispatch({ type: 'other/counted', payload: { by: 'ann', amount: 1 } });
    expect(bridge.logLength('other')).toBe(0);
    expect(seen).toEqual([]);
    bridge.addGame({ ...claimsGame, name: 'other', snapshotPath: ['other-state', 'game-state'] });
    bridge.flushWrites();
    expect(bridge.logLength('other')).toBe(1);
    expect(seen.map((a) => a.type)).toEqual(['sync/foldRestored', 'other/counted']);
  });

  it('folds an entry written by another actor and marks it remote', () => {
    room.handle.change((d) => {
      d.logs.claims.push(encodeEntry({ id: 'someoneelse:1', action: counted({ by: 'bob', amount: 3 }) }));
    });
    expect(store.getState().claims.total).toBe(3);
    expect(seen.at(-1)?.meta).toMatchObject({ remote: true, entryId: 'someoneelse:1' });
  });

  it('folds a change that brings a long log (a late joiner’s sync) after a moment, and at once when the page acts on it', async () => {
    const longLog = (from: number) =>
      room.handle.change((d) => {
        for (let i = 0; i < 20; i++)
          d.logs.claims.push(
            encodeEntry({ id: `bob000000000:${from + i}`, action: counted({ by: 'bob', amount: 1 }) }),
          );
        d.logs.claims.push(
          encodeEntry({ id: `bob000000000:${from + 20}`, action: seatClaimed({ seat: 0, by: 'bob' }) }),
        );
      });
    longLog(1);
    // Its signatures are checked ahead first (there are none here): the page shows the log as it was meanwhile.
    expect(store.getState().claims.total).toBe(0);
    await vi.waitFor(() => expect(store.getState().claims.total).toBe(20));
    expect(store.getState().claims.seats[0]).toBe('bob');

    // A local action right after such a change is judged on the whole log: the seat is Bob's.
    room.handle.change((d) => {
      d.logs.claims.push(encodeEntry({ id: 'bob000000000:30', action: seatLeft({ seat: 0, by: 'bob' }) }));
      for (let i = 0; i < 20; i++)
        d.logs.claims.push(
          encodeEntry({ id: `bob000000000:${31 + i}`, action: counted({ by: 'bob', amount: 1 }) }),
        );
      d.logs.claims.push(encodeEntry({ id: 'bob000000000:51', action: seatClaimed({ seat: 1, by: 'bob' }) }));
    });
    expect(store.getState().claims.total).toBe(20);
    bridge.submit(seatClaimed({ seat: 1, by: 'ann' }));
    expect(rejected).toEqual(['Seat taken']);
    expect(store.getState().claims).toMatchObject({ total: 40, seats: [null, 'bob', null, null] });
  });

  it('shows a peer’s entry ahead that comes while a long change is checked after that change, without folding it early', async () => {
    const { lane, deliver } = testLane();
    const shown: UnknownAction[] = [];
    const laned = new GameBridge({ room, dispatch: (a) => void shown.push(a), aheadLane: lane });
    laned.addGame(claimsGame);
    try {
      room.handle.change((d) => {
        for (let i = 1; i <= 20; i++)
          d.logs.claims.push(
            encodeEntry({ id: `bob000000000:${i}`, action: counted({ by: 'bob', amount: 1 }) }),
          );
      });
      const entry = { id: 'bob000000000:21', action: counted({ by: 'bob', amount: 100 }) };
      deliver({ entry: JSON.stringify(entry), after: 'bob000000000:20' });
      expect(laned.getState('claims')).toMatchObject({ total: 0 });
      await vi.waitFor(() => expect(laned.getState('claims')).toMatchObject({ total: 20 }));
      // Shown ahead of the log once the change is folded: it follows the change's last entry.
      await vi.waitFor(() => expect(shown.at(-1)?.payload).toEqual({ by: 'bob', amount: 100 }));
    } finally {
      laned.dispose();
    }
  });

  it('logs an error caught while applying an update and keeps working', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = new GameBridge({
      room,
      dispatch: (a) => {
        if ((a.meta as { remote?: boolean } | undefined)?.remote) throw new Error('boom');
      },
    });
    broken.addGame(claimsGame);
    expect(() =>
      room.handle.change((d) => {
        d.logs.claims.push(encodeEntry({ id: 'x:1', action: counted({ by: 'bob', amount: 1 }) }));
      }),
    ).not.toThrow();
    broken.dispose();
    expect(error).toHaveBeenCalledWith(
      'an error caught while applying a shared-document update',
      expect.any(Error),
    );
    error.mockRestore();
    expect(store.getState().claims.total).toBe(1);
  });

  it('exports the log as a Redux DevTools file that reads back as the same actions', async () => {
    store.dispatch(seatClaimed({ seat: 1, by: 'ann' }));
    store.dispatch(counted({ by: 'ann', amount: 2 }));
    await nextTask();
    const actions = parseActionLog(bridge.exportLog('claims'));
    expect(actions.map((a) => a.type)).toEqual(['claims/seatClaimed', 'claims/counted']);
    expect(bridge.byteSize()).toBeGreaterThan(0);
  });

  it('keeps the whole log through a reset, which folds from the state before it; the export starts at the beginning', () => {
    store.dispatch(seatClaimed({ seat: 2, by: 'ann' }));
    store.dispatch(reset());
    bridge.flushWrites();
    expect(bridge.logLength('claims')).toBe(2);
    expect(store.getState().claims.seats).toEqual([null, null, 'ann', null]);
    const file = parseActionLogFile(bridge.exportLog('claims'));
    expect(file.actions.map((a) => a.type)).toEqual(['claims/seatClaimed', 'claims/reset']);
    expect(file.preloadedState).toBeNull();
  });

  it('takes no state from an entry: a whole state a peer puts in one is dropped, and its action alone is folded', () => {
    const forged = { ...claimsGame.initialState, total: 999, seats: ['eve', 'eve', 'eve', 'eve'] };
    room.handle.change((d) => {
      d.logs.claims.push(
        encodeEntryText({ id: 'eve000000000:1', action: counted({ by: 'eve', amount: 1 }), base: forged }),
      );
    });
    expect(store.getState().claims.total).toBe(1);
    expect(store.getState().claims.seats).toEqual([null, null, null, null]);
  });

  it('skips an entry longer than any real one, on every fold alike', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const huge = counted({ by: 'x'.repeat(20_000), amount: 5 });
    room.handle.change((d) => {
      d.logs.claims.push(encodeEntryText({ id: 'eve000000000:2', action: huge }));
    });
    store.dispatch(counted({ by: 'ann', amount: 2 }));
    bridge.flushWrites();
    expect(store.getState().claims.total).toBe(2);
    error.mockRestore();
  });

  it('refuses, and logs, an action of a game the room has no log for', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    bridge.addGame({ ...claimsGame, name: 'nolog' });
    const heads = room.handle.heads();
    store.dispatch({ type: 'nolog/counted', payload: { by: 'ann', amount: 1 } });
    expect(room.handle.heads()).toEqual(heads);
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });
});

describe('GameBridge with its own lane for entries ahead', () => {
  it('sends each entry on the lane before its change, and shows an entry the lane brings', async () => {
    const { lane, sent, deliver } = testLane();
    bridge.dispose();
    bridge = new GameBridge({ room, dispatch: store.dispatch, aheadLane: lane });
    bridge.addGame(claimsGame);
    store.dispatch(seatClaimed({ seat: 0, by: 'ann' }));
    expect(sent).toEqual([{ entry: expect.stringContaining('"claims/seatClaimed"'), after: null }]);
    const first = JSON.parse((sent[0] as { entry: string }).entry) as { id: string };
    deliver({
      entry: JSON.stringify({ id: 'bob000000000:1', action: counted({ by: 'bob', amount: 4 }) }),
      after: first.id,
    });
    expect(store.getState().claims.total).toBe(4);
    expect(bridge.logLength('claims')).toBe(0);
    await nextTask();
    expect(bridge.logLength('claims')).toBe(1);
    expect(store.getState().claims.total).toBe(4);
  });
});

describe('GameBridge with entries ahead of a game not served yet', () => {
  it('shows entries heard before the document opened, or before their game was served, once it is, and writes them on their authors’ behalf when their changes never come', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { lane, deliver } = testLane();
      const ahead = (id: string, after: string | null, amount: number) => ({
        entry: JSON.stringify({ id, action: counted({ by: 'bob', amount }) }),
        after,
      });
      // Bob's page moved while this one opened its document, and again while its game's code loaded; then it closed.
      const catchUp = {
        log: () => undefined,
        subscribe: () => () => {},
        takeHeardAhead: () => [{ from: 'bob', item: ahead('bob000000000:1', null, 4) }],
      };
      bridge.dispose();
      bridge = new GameBridge({ room, dispatch: store.dispatch, aheadLane: lane, catchUp });
      deliver(ahead('bob000000000:2', 'bob000000000:1', 5));
      expect(store.getState().claims.total).toBe(0);
      bridge.addGame(claimsGame);
      expect(store.getState().claims.total).toBe(9);
      expect(bridge.logLength('claims')).toBe(0);
      await vi.advanceTimersByTimeAsync(AHEAD_TIMEOUT_MS);
      expect(bridge.logLength('claims')).toBe(2);
      expect(store.getState().claims.total).toBe(9);
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds the latest MAX_HELD_PER_PEER of them from each peer: a peer sending garbage crowds out only its own', () => {
    const { lane, deliver } = testLane();
    bridge.dispose();
    bridge = new GameBridge({ room, dispatch: store.dispatch, aheadLane: lane });
    const counting = (id: string, after: string | null, by = 'bob') => ({
      entry: JSON.stringify({ id, action: counted({ by, amount: 1 }) }),
      after,
    });
    deliver(counting('bob000000000:1', null));
    // Eve sends more than her share: her oldest go, and so the rest of hers follows nothing the page shows.
    const eve = (i: number) => `eve000000000:${i}`;
    for (let i = 0; i <= MAX_HELD_PER_PEER; i++)
      deliver(counting(eve(i), i === 0 ? null : eve(i - 1), 'eve'), 'eve');
    bridge.addGame(claimsGame);
    // Bob's move is still there, shown; none of Eve's.
    expect(store.getState().claims.total).toBe(1);
  });
});

describe('GameBridge with signed entries ahead', () => {
  const ROOM = 'signed-ahead';
  // Bob signs with test key 7: his user id is made from it, as the login page makes every user's.
  const bob = keyedActor(testKey(7), 'Bob', 2);
  const ann = { by: { id: 'ann', name: 'Ann' }, clientId: 1 };
  const signedBy = (key: TestKey, state: TicTacToeState, action: LoggedAction) =>
    signAction(tictactoeGame, state, action, key, ROOM);
  const after = (state: TicTacToeState, action: LoggedAction) => {
    const result = applyTicTacToeAction(state, { ...action, meta: { room: ROOM } });
    if (!result.ok) throw new Error(englishText(result.reason));
    return result.state;
  };

  it('shows a signed entry ahead once its signature is checked, and none whose signature fails', async () => {
    const repo = createRoomRepo({ network: [] });
    const signedRoom = await openRoom({ repo, roomName: ROOM, gameNames: ['tictactoe'] });
    const { lane, deliver } = testLane();
    const shown: UnknownAction[] = [];
    const signedBridge = new GameBridge({
      room: signedRoom,
      dispatch: (a) => void (a.type.startsWith('tictactoe/') && shown.push(a)),
      aheadLane: lane,
      roomName: ROOM,
    });
    signedBridge.addGame(tictactoeGame);
    try {
      const bobKey = testKey(7);
      const eveKey = testKey(8);
      const first = signedBy(bobKey, tictactoeGame.initialState, squareClaimed({ ...bob, square: 4 }));
      deliver({ entry: JSON.stringify({ id: 'bob000000000:1', action: first }), after: null });
      // WebCrypto answers in a later task: the move shows then.
      expect(shown).toHaveLength(0);
      await vi.waitFor(() => expect(shown.map((a) => a.type)).toEqual(['tictactoe/squareClaimed']));
      const annMove = squareClaimed({ ...ann, square: 0 });
      deliver({ entry: JSON.stringify({ id: 'ann000000000:1', action: annMove }), after: 'bob000000000:1' });
      await vi.waitFor(() => expect(shown).toHaveLength(2));
      const afterAnn = after(after(tictactoeGame.initialState, first), annMove);
      // Bob's next move under Bob's key, signed by Eve: the rules were run while it was checked, but it never shows.
      const honest = signedBy(bobKey, afterAnn, squareClaimed({ ...bob, square: 8 }));
      const { signature } = signedBy(eveKey, afterAnn, squareClaimed({ ...bob, square: 8 })).payload as {
        signature: string;
      };
      const forged = { ...honest, payload: { ...(honest.payload as object), signature } };
      deliver({ entry: JSON.stringify({ id: 'bob000000000:2', action: forged }), after: 'ann000000000:1' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(shown).toHaveLength(2);
      // The honest one shows.
      deliver({ entry: JSON.stringify({ id: 'bob000000000:3', action: honest }), after: 'ann000000000:1' });
      await vi.waitFor(() => expect(shown).toHaveLength(3));
      expect((shown[2].payload as { square: number }).square).toBe(8);
    } finally {
      signedBridge.dispose();
      signedRoom.dispose();
      await repo.shutdown();
    }
  });

  it('checks a long synced log’s signatures with WebCrypto before folding it, and still refuses a forged one', async () => {
    const room = `${ROOM}-long`;
    const repo = createRoomRepo({ network: [] });
    const signedRoom = await openRoom({ repo, roomName: room, gameNames: ['tictactoe'] });
    const signedBridge = new GameBridge({ room: signedRoom, dispatch: () => {}, roomName: room });
    signedBridge.addGame(tictactoeGame);
    const annKey = testKey(9);
    const keyedAnn = keyedActor(annKey, 'Ann', 1);
    const steps: [LoggedAction, TestKey][] = [];
    // Four games X wins in five moves, each followed by a new game: 20 signed moves.
    for (let game = 0; game < 4; game++) {
      for (const [square, who, key] of [
        [0, keyedAnn, annKey],
        [3, bob, testKey(7)],
        [1, keyedAnn, annKey],
        [4, bob, testKey(7)],
        [2, keyedAnn, annKey],
      ] as const)
        steps.push([squareClaimed({ ...who, square }), key]);
      steps.push([newGameStarted({ ...bob }), testKey(7)]);
    }
    // Bob's first move of a fifth game, signed by Eve.
    const { log, state } = signAndFold(tictactoeGame, steps, room);
    const honest = signAction(tictactoeGame, state, squareClaimed({ ...bob, square: 8 }), testKey(7), room);
    const forged = signAction(tictactoeGame, state, squareClaimed({ ...bob, square: 8 }), testKey(8), room);
    const signature = (forged.payload as { signature: string }).signature;
    log.push({ ...honest, payload: { ...(honest.payload as object), signature } });
    // What the page had folded each time WebCrypto checked a signature. (Building the log above checked, and so
    // remembered, the honest signatures: the forged one is the one left to check.)
    const foldedWhenChecked: unknown[] = [];
    const subtleVerify = crypto.subtle.verify.bind(crypto.subtle);
    const verify = vi.spyOn(crypto.subtle, 'verify').mockImplementation((...args) => {
      foldedWhenChecked.push(signedBridge.getState('tictactoe'));
      return subtleVerify(...args);
    });
    try {
      signedRoom.handle.change((d) => {
        log.forEach((action, i) =>
          d.logs.tictactoe.push(encodeEntry({ id: `bob000000000:${i + 1}`, action })),
        );
      });
      expect(signedBridge.getState('tictactoe')).toEqual(tictactoeGame.initialState);
      await vi.waitFor(() => expect(signedBridge.getState('tictactoe')).toEqual(state));
      expect(foldedWhenChecked).toEqual([tictactoeGame.initialState]);
    } finally {
      verify.mockRestore();
      signedBridge.dispose();
      signedRoom.dispose();
      await repo.shutdown();
    }
  });

  it('sends an action signed ahead at once, with one signature however often it was asked for', async () => {
    const repo = createRoomRepo({ network: [] });
    const signedRoom = await openRoom({ repo, roomName: ROOM, gameNames: ['tictactoe'] });
    const { lane, deliver, sent: sentMessages } = testLane();
    const sent = sentMessages as { entry: string }[];
    const shown: UnknownAction[] = [];
    const key = await webCryptoSigner();
    const keyedAnn = { ...ann, by: { ...ann.by, id: userIdOfKey(key.key) } };
    let signatures = 0;
    const signer = { key: key.key, sign: (text: string) => (signatures++, key.sign(text)) };
    const signedBridge = new GameBridge({
      room: signedRoom,
      dispatch: (a) => void shown.push(a),
      aheadLane: lane,
      roomName: ROOM,
      signer: () => Promise.resolve(signer),
    });
    signedBridge.addGame(tictactoeGame);
    const payloadOf = (i: number) =>
      (JSON.parse(sent[i].entry) as { action: { payload: { square: number; signature?: string } } }).action
        .payload;
    try {
      // Ann's first move binds her key to X; her second one is a seat action, signed.
      signedBridge.submit(squareClaimed({ ...keyedAnn, square: 0 }));
      await vi.waitFor(() => expect(sent).toHaveLength(1));
      // Bob, on his own page with his own key, answers: his entry arrives ahead of its change.
      const first = JSON.parse(sent[0].entry) as { id: string; action: UnknownAction };
      const bobMove = signedBy(
        testKey(7),
        after(tictactoeGame.initialState, first.action),
        squareClaimed({ ...bob, square: 1 }),
      );
      deliver({ entry: JSON.stringify({ id: 'bob000000000:1', action: bobMove }), after: first.id });
      await vi.waitFor(() =>
        expect(shown.some((a) => (a.payload as { square?: number } | undefined)?.square === 1)).toBe(true),
      );
      signedBridge.flushWrites();
      const before = signatures;
      const next = squareClaimed({ ...keyedAnn, square: 4 });
      // The pointer reaches the square, presses it and focuses it: three asks, one signature.
      for (let i = 0; i < 3; i++) signedBridge.signAhead(next);
      await vi.waitFor(() => expect(signatures).toBe(before + 1));
      await nextTask();
      // The click: the entry leaves within the call, signed.
      signedBridge.submit(next);
      expect(sent).toHaveLength(2);
      expect(payloadOf(1).square).toBe(4);
      expect(payloadOf(1).signature).toEqual(expect.any(String));
      expect(signatures).toBe(before + 1);
    } finally {
      signedBridge.dispose();
      signedRoom.dispose();
      await repo.shutdown();
    }
  });
});
