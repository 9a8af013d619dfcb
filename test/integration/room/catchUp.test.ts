import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaughtUpLogs } from '../../../src/sync/log/GameBridge';
import { CAUGHT_UP_TIMEOUT_MS } from '../../../src/sync/log/GameTimeline';
import { entryText, MAX_ENTRY_CHARS } from '../../../src/sync/log/logEntry';
import { encodeEntry } from '../../../src/sync/log/storedEntry';
import { claimsSlice, type ClaimsState } from '../../helpers/claimsGame';
import { claimsPeer, closePeers, settle, type ClaimsPeer } from '../../helpers/roomPeers';
import { TestNetwork } from '../../helpers/TestNetwork';

const { seatClaimed, counted } = claimsSlice.actions;

/** Logs a peer sent, as LogCatchUp keeps them: set() stands for a longer log arriving. */
class FakeCatchUp implements CaughtUpLogs {
  readonly #logs = new Map<string, readonly string[]>();
  readonly #listeners = new Set<(game: string) => void>();
  log(game: string) {
    return this.#logs.get(game);
  }
  subscribe(listener: (game: string) => void) {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
  takeHeardAhead() {
    return [];
  }
  set(game: string, log: readonly string[]) {
    this.#logs.set(game, log);
    for (const l of this.#listeners) l(game);
  }
}

let network: TestNetwork;
let peers: ClaimsPeer[] = [];
let a: ClaimsPeer;
let run = 0;
let room: string;

beforeEach(async () => {
  vi.useFakeTimers();
  network = new TestNetwork();
  room = `catch-up-${run++}`;
  a = await claimsPeer(network, 'a', room);
  peers = [a];
  await settle(network);
  a.store.dispatch(seatClaimed({ seat: 0, by: 'ann' }));
  a.store.dispatch(counted({ by: 'ann', amount: 5 }));
  a.bridge.flushWrites();
  // An entry every fold skips (the seat is taken), as concurrent claims leave in a log.
  a.room.handle.change((d) => {
    d.logs.claims.push(encodeEntry({ id: 'zed000000000:1', action: seatClaimed({ seat: 0, by: 'zed' }) }));
  });
  a.store.dispatch(counted({ by: 'ann', amount: 2 }));
  a.bridge.flushWrites();
});
afterEach(async () => {
  await closePeers(peers);
  vi.useRealTimers();
});

/** A late joiner whose network is not delivered yet: all it has is the catch-up. */
async function joiner(catchUp: CaughtUpLogs): Promise<ClaimsPeer> {
  const b = await claimsPeer(network, 'b', room, { catchUp });
  peers.push(b);
  return b;
}

const shown = (p: ClaimsPeer): ClaimsState => p.store.getState().claims;

describe('a late joiner caught up by a peer', () => {
  it('shows the peer’s log before its document syncs, then confirms it without dispatching it again', async () => {
    const catchUp = new FakeCatchUp();
    catchUp.set('claims', a.room.logTexts().claims);
    const b = await joiner(catchUp);
    expect(b.bridge.logLength('claims')).toBe(0);
    expect(shown(b)).toEqual(shown(a));
    expect(shown(b).total).toBe(7);
    await settle(network);
    expect(b.bridge.logLength('claims')).toBe(4);
    expect(shown(b)).toEqual(shown(a));
    expect(b.dispatched).toEqual([]);
  });

  it('takes a log that arrives after the bridge started, and only its part beyond what the page shows', async () => {
    const catchUp = new FakeCatchUp();
    const b = await joiner(catchUp);
    expect(shown(b).total).toBe(0);
    catchUp.set('claims', a.room.logTexts().claims.slice(0, 2));
    expect(shown(b)).toMatchObject({ total: 5, seats: ['ann', null, null, null] });
    catchUp.set('claims', a.room.logTexts().claims);
    expect(shown(b).total).toBe(7);
    await settle(network);
    expect(shown(b)).toEqual(shown(a));
  });

  it("sends a late joiner nothing of an entry no fold reads (a lying peer's megabyte), nor what follows it", async () => {
    a.room.handle.change((d) => {
      d.logs.claims.push(
        encodeEntry({
          id: 'eve000000000:1',
          action: counted({ by: 'x'.repeat(MAX_ENTRY_CHARS), amount: 1 }),
        }),
      );
    });
    a.store.dispatch(counted({ by: 'ann', amount: 3 }));
    a.bridge.flushWrites();
    expect(a.bridge.logLength('claims')).toBe(6);
    // The late joiner gets the readable part; the document brings the rest, which every fold reads the same.
    expect(a.room.logTexts().claims).toHaveLength(4);
    const catchUp = new FakeCatchUp();
    catchUp.set('claims', a.room.logTexts().claims);
    const b = await joiner(catchUp);
    expect(shown(b).total).toBe(7);
    await settle(network);
    expect(shown(b)).toEqual(shown(a));
    expect(shown(b).total).toBe(10);
  });

  it('ignores a log that does not begin with what the page shows', async () => {
    const catchUp = new FakeCatchUp();
    const b = await joiner(catchUp);
    const other = entryText({ id: 'other0000000:1', action: counted({ by: 'olga', amount: 40 }) });
    catchUp.set('claims', [other]);
    expect(shown(b).total).toBe(40);
    catchUp.set('claims', [...a.room.logTexts().claims]);
    expect(shown(b).total).toBe(40);
  });

  it('drops what the document never confirms, and shows the document’s log', async () => {
    const catchUp = new FakeCatchUp();
    const invented = entryText({ id: 'liar00000000:1', action: counted({ by: 'liar', amount: 100 }) });
    catchUp.set('claims', [...a.room.logTexts().claims, invented]);
    const b = await joiner(catchUp);
    expect(shown(b).total).toBe(107);
    await settle(network);
    expect(shown(b).total).toBe(107);
    await vi.advanceTimersByTimeAsync(CAUGHT_UP_TIMEOUT_MS);
    expect(shown(b)).toEqual(shown(a));
  });

  it('drops the caught-up log at once when the document’s log goes another way', async () => {
    const catchUp = new FakeCatchUp();
    const invented = entryText({ id: 'liar00000000:1', action: counted({ by: 'liar', amount: 100 }) });
    catchUp.set('claims', [invented]);
    const b = await joiner(catchUp);
    expect(shown(b).total).toBe(100);
    await settle(network);
    expect(shown(b)).toEqual(shown(a));
  });

  it('writes an action taken on the caught-up board after the log it was judged on', async () => {
    const catchUp = new FakeCatchUp();
    catchUp.set('claims', a.room.logTexts().claims);
    const b = await joiner(catchUp);
    b.store.dispatch(seatClaimed({ seat: 0, by: 'bob' }));
    expect(b.rejected).toEqual(['Seat taken']);
    b.store.dispatch(seatClaimed({ seat: 1, by: 'bob' }));
    expect(b.bridge.logLength('claims')).toBe(0);
    await settle(network);
    expect(b.bridge.logLength('claims')).toBe(5);
    expect(shown(a).seats).toEqual(['ann', 'bob', null, null]);
    expect(shown(b)).toEqual(shown(a));
  });
});
