import type { PeerId } from '@automerge/automerge-repo';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { GameFold } from '../../../src/sync/log/GameFold';
import { decodeEntry } from '../../../src/sync/log/logEntry';
import { toPlain } from '../../../src/sync/log/patchSnapshot';
import { claimsGame, claimsSlice } from '../../helpers/claimsGame';
import {
  claimsPeer,
  closePeers,
  peersClosedAfterEach,
  settle,
  type ClaimsPeer,
} from '../../helpers/roomPeers';
import { TestNetwork } from '../../helpers/TestNetwork';
import { fcSettings } from '../../helpers/fcSettings';

const { seatClaimed, seatLeft, counted, reset } = claimsSlice.actions;
const who = ['ann', 'bob', 'cem', 'dan', 'eve'];

const act = fc.record({
  kind: fc.constant('act' as const),
  peer: fc.nat(4),
  what: fc.constantFrom('claim', 'claim', 'leave', 'count', 'count', 'reset'),
  seat: fc.nat(3),
});
const step = fc.oneof(
  { weight: 6, arbitrary: act },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('deliver' as const), count: fc.nat(12), pick: fc.nat(99) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('partition' as const), mask: fc.nat(31) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('heal' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('tick' as const) }) },
);
type Step =
  fc.Arbitrary<typeof step extends fc.Arbitrary<infer T> ? T : never> extends fc.Arbitrary<infer U>
    ? U
    : never;

function perform(p: ClaimsPeer, index: number, s: Extract<Step, { kind: 'act' }>): void {
  const by = who[index];
  if (s.what === 'claim') p.store.dispatch(seatClaimed({ seat: s.seat, by }));
  if (s.what === 'leave') p.store.dispatch(seatLeft({ seat: s.seat, by }));
  if (s.what === 'count') p.store.dispatch(counted({ by, amount: s.seat + 1 }));
  if (s.what === 'reset') p.store.dispatch(reset());
}

const logIds = (p: ClaimsPeer) => p.room.doc().logs.claims.map((raw) => decodeEntry(raw)!.id);

function expectConverged(peers: readonly ClaimsPeer[]): void {
  const [first] = peers;
  for (const p of peers) {
    const ids = logIds(p);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(logIds(first));
    const full = new GameFold(claimsGame);
    full.update(p.room.doc().logs.claims, 0);
    expect(p.bridge.getState('claims')).toEqual(full.state);
    expect(p.store.getState().claims).toEqual(full.state);
    const snapshot = toPlain(p.room.doc()['claims-state']['game-state']);
    // Nothing is written until a first valid action, so an empty log leaves no snapshot.
    expect(snapshot).toEqual(ids.length === 0 ? undefined : full.state);
    expect(p.store.getState().claims).toEqual(first.store.getState().claims);
  }
}

const peers = peersClosedAfterEach();
let run = 0;

describe('peers converge over a network with delays, drops and partitions', () => {
  it('every peer ends with the same log, state and snapshot; no entry is applied twice', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 3, max: 5 }),
        fc.array(step, { minLength: 5, maxLength: 30 }),
        async (n, steps) => {
          const network = new TestNetwork();
          const room = `fuzz-${run++}`;
          const ps: ClaimsPeer[] = [];
          for (let i = 0; i < n; i++) ps.push(await claimsPeer(network, `p${i}`, room));
          try {
            for (const s of steps) {
              if (s.kind === 'act') perform(ps[s.peer % n], s.peer % n, s);
              if (s.kind === 'deliver')
                for (let k = 0; k < s.count; k++) network.deliverNext((c) => (s.pick + k) % c);
              if (s.kind === 'partition')
                network.partition([
                  ps.filter((_, i) => s.mask & (1 << i)).map((p) => p.id),
                  ps.filter((_, i) => !(s.mask & (1 << i))).map((p) => p.id),
                ]);
              if (s.kind === 'heal') network.heal();
              if (s.kind === 'tick') await vi.advanceTimersByTimeAsync(150);
              await vi.advanceTimersByTimeAsync(0);
            }
            network.heal();
            await settle(network, (c) => run % c);
            expectConverged(ps);
          } finally {
            await closePeers(ps);
          }
        },
      ),
      { ...fcSettings(7, 12), endOnFailure: true },
    );
  });

  it('a peer joining late receives the whole log and folds it to the same state', async () => {
    const network = new TestNetwork();
    peers.push(await claimsPeer(network, 'a', 'late-1'), await claimsPeer(network, 'b', 'late-1'));
    const [a, b] = peers;
    await settle(network);
    a.store.dispatch(seatClaimed({ seat: 1, by: 'ann' }));
    for (let i = 0; i < 30; i++) b.store.dispatch(counted({ by: 'bob', amount: 1 }));
    await settle(network);
    network.partition([['a' as PeerId, 'b' as PeerId], ['c' as PeerId]]);
    const c = await claimsPeer(network, 'c', 'late-1');
    peers.push(c);
    expect(c.bridge.logLength('claims')).toBe(0);
    network.heal();
    await settle(network);
    expect(c.bridge.logLength('claims')).toBe(31);
    expect(c.store.getState().claims).toMatchObject({ total: 30, seats: [null, 'ann', null, null] });
    expectConverged(peers);
  });

  it('a reset keeps the log on every peer and folds from the state before it, as the game chose', async () => {
    const network = new TestNetwork();
    peers.push(await claimsPeer(network, 'a', 'epoch-1'), await claimsPeer(network, 'b', 'epoch-1'));
    const [a, b] = peers;
    await settle(network);
    a.store.dispatch(seatClaimed({ seat: 2, by: 'ann' }));
    a.store.dispatch(counted({ by: 'ann', amount: 5 }));
    await settle(network);
    b.store.dispatch(reset());
    a.store.dispatch(counted({ by: 'ann', amount: 1 }));
    await settle(network);
    expect(b.bridge.logLength('claims')).toBe(4);
    expect(b.store.getState().claims.seats[2]).toBe('ann');
    expectConverged(peers);
  });
});
