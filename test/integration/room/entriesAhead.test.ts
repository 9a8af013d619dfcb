import type { PeerId } from '@automerge/automerge-repo';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AHEAD_TIMEOUT_MS } from '../../../src/sync/log/EntriesAhead';
import { decodeEntry } from '../../../src/sync/log/logEntry';
import { claimsSlice } from '../../helpers/claimsGame';
import { claimsPeer, closePeers, settle, type ClaimsPeer } from '../../helpers/roomPeers';
import { TestNetwork } from '../../helpers/TestNetwork';

const { seatClaimed, counted, reset } = claimsSlice.actions;

let network: TestNetwork;
let peers: ClaimsPeer[] = [];
let a: ClaimsPeer;
let b: ClaimsPeer;
let run = 0;

beforeEach(async () => {
  vi.useFakeTimers();
  network = new TestNetwork();
  const room = `ahead-${run++}`;
  peers = [await claimsPeer(network, 'a', room), await claimsPeer(network, 'b', room)];
  [a, b] = peers;
  await settle(network);
});
afterEach(async () => {
  await closePeers(peers);
  vi.useRealTimers();
});

/** Delivers the next message from one peer to another and lets the receiver handle it; its type. */
async function deliverOne(from: ClaimsPeer, to: ClaimsPeer): Promise<string | undefined> {
  let type: string | undefined;
  const off = (m: { type: string }) => (type = m.type);
  to.repo.networkSubsystem.once('message', off);
  network.deliverNext(() => 0, `${from.id}>${to.id}`);
  to.repo.networkSubsystem.off('message', off);
  await vi.advanceTimersByTimeAsync(0);
  return type;
}

const logIds = (p: ClaimsPeer) => p.room.doc().logs.claims.map((raw) => decodeEntry(raw)!.id);

describe('entries ahead of their change', () => {
  it('another page shows a move from the entry sent ahead, before its change, and applies it once', async () => {
    a.store.dispatch(seatClaimed({ seat: 1, by: 'ann' }));
    expect(await deliverOne(a, b)).toBe('ephemeral');
    expect(b.bridge.logLength('claims')).toBe(0);
    expect(b.store.getState().claims.seats[1]).toBe('ann');
    await settle(network);
    expect(b.bridge.logLength('claims')).toBe(1);
    expect(b.store.getState().claims.seats[1]).toBe('ann');
    expect(b.dispatched).toEqual(logIds(b));
  });

  it('shows several entries ahead in a row and confirms them as their changes come', async () => {
    for (let i = 1; i <= 3; i++) a.store.dispatch(counted({ by: 'ann', amount: i }));
    await vi.advanceTimersByTimeAsync(0);
    while ((await deliverOne(a, b)) === 'ephemeral');
    await settle(network);
    expect(b.store.getState().claims.total).toBe(6);
    expect(b.dispatched).toEqual(logIds(a));
  });

  it('an action taken on a move shown ahead is judged on what the page shows and written after that move', async () => {
    a.store.dispatch(seatClaimed({ seat: 1, by: 'ann' }));
    expect(await deliverOne(a, b)).toBe('ephemeral');
    b.store.dispatch(seatClaimed({ seat: 1, by: 'bob' }));
    expect(b.rejected).toEqual(['Seat taken']);
    b.store.dispatch(seatClaimed({ seat: 2, by: 'bob' }));
    expect(b.bridge.logLength('claims')).toBe(0);
    await settle(network);
    expect(logIds(b)).toHaveLength(2);
    expect(logIds(a)).toEqual(logIds(b));
    expect(a.store.getState().claims.seats).toEqual([null, 'ann', 'bob', null]);
    expect(b.store.getState().claims.seats).toEqual([null, 'ann', 'bob', null]);
    expect(b.rejected).toEqual(['Seat taken']);
  });

  it('judges an action taken while others wait after those others, as the page will show them', async () => {
    a.store.dispatch(seatClaimed({ seat: 1, by: 'ann' }));
    expect(await deliverOne(a, b)).toBe('ephemeral');
    b.store.dispatch(seatClaimed({ seat: 2, by: 'bob' }));
    b.store.dispatch(seatClaimed({ seat: 3, by: 'bob' }));
    expect(b.rejected).toEqual(['Already seated']);
    await settle(network);
    expect(b.store.getState().claims.seats).toEqual([null, 'ann', 'bob', null]);
    expect(b.rejected).toEqual(['Already seated']);
  });

  it("shows its own action at once after an entry ahead, writes on its author's behalf an entry whose change never comes, and writes its own after it", async () => {
    a.store.dispatch(seatClaimed({ seat: 1, by: 'ann' }));
    expect(await deliverOne(a, b)).toBe('ephemeral');
    network.partition([['a' as PeerId], ['b' as PeerId]]);
    b.store.dispatch(counted({ by: 'bob', amount: 2 }));
    expect(b.store.getState().claims.seats[1]).toBe('ann');
    // Shown at once after ann's entry, and written once the log holds it.
    expect(b.store.getState().claims.total).toBe(2);
    // Ann's change never comes (as if her page had closed right after her move): Bob's page writes her entry, as it
    // came, and then its own.
    await vi.advanceTimersByTimeAsync(AHEAD_TIMEOUT_MS + 10);
    expect(b.store.getState().claims).toMatchObject({ total: 2, seats: [null, 'ann', null, null] });
    expect(logIds(b)).toHaveLength(2);
    // Ann's own copy of her entry arrives too: every fold keeps the first, so her claim counts once.
    network.heal();
    await settle(network);
    expect(b.store.getState().claims).toEqual(a.store.getState().claims);
    expect(b.store.getState().claims).toMatchObject({ total: 2, seats: [null, 'ann', null, null] });
    expect(a.rejected).toEqual([]);
  });

  it("sends its own action ahead right after the entry it shows ahead, so that entry's author shows it at once", async () => {
    a.store.dispatch(seatClaimed({ seat: 1, by: 'ann' }));
    expect(await deliverOne(a, b)).toBe('ephemeral');
    b.store.dispatch(counted({ by: 'bob', amount: 2 }));
    expect(b.store.getState().claims.total).toBe(2);
    // Bob's entry reaches Ann ahead of any change: she shows it after her own claim.
    expect(await deliverOne(b, a)).toBe('ephemeral');
    expect(a.store.getState().claims).toMatchObject({ total: 2, seats: [null, 'ann', null, null] });
    await settle(network);
    expect(b.store.getState().claims).toEqual(a.store.getState().claims);
    // Written after Ann's entry, once Bob's log held it: one entry each, in that order, on both pages.
    expect(logIds(a)).toEqual(logIds(b));
    expect(logIds(a)).toHaveLength(2);
    expect(a.dispatched).toEqual(logIds(a));
  });

  it('shows nothing ahead that does not follow the last entry the page shows', async () => {
    b.store.dispatch(counted({ by: 'bob', amount: 5 }));
    a.store.dispatch(counted({ by: 'ann', amount: 1 }));
    await vi.advanceTimersByTimeAsync(0);
    // a wrote after an empty log, b shows its own entry: a's entry must wait for the merge.
    expect(await deliverOne(a, b)).toBe('ephemeral');
    expect(b.store.getState().claims.total).toBe(5);
    await settle(network);
    expect(b.store.getState().claims.total).toBe(6);
    expect(b.store.getState().claims).toEqual(a.store.getState().claims);
  });

  it('a reset travels ahead like any other entry: no entry carries state', async () => {
    a.store.dispatch(counted({ by: 'ann', amount: 1 }));
    await settle(network);
    a.store.dispatch(reset());
    await vi.advanceTimersByTimeAsync(0);
    expect(await deliverOne(a, b)).toBe('ephemeral');
    expect(b.store.getState().claims.total).toBe(0);
    await settle(network);
    expect(b.store.getState().claims).toEqual(a.store.getState().claims);
  });

  it('ignores a malformed entry sent ahead and keeps working', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const message of [
      { entry: 'not json', after: null },
      { entry: 3 },
      { entry: '{"id":"x"}', after: 1 },
    ])
      a.room.handle.broadcast(message);
    await settle(network);
    a.store.dispatch(seatClaimed({ seat: 0, by: 'ann' }));
    await settle(network);
    expect(b.store.getState().claims.seats[0]).toBe('ann');
    expect(b.dispatched).toEqual(logIds(b));
    error.mockRestore();
  });
});
