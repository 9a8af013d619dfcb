import { describe, expect, it } from 'vitest';
import { claimsGame, claimsSlice } from '../../helpers/claimsGame';
import { claimsPeer, peersClosedAfterEach, settle, type ClaimsPeer } from '../../helpers/roomPeers';
import { TestNetwork } from '../../helpers/TestNetwork';
import { toPlain } from '../../../src/sync/log/patchSnapshot';

const { seatClaimed, counted } = claimsSlice.actions;
const peers = peersClosedAfterEach();

describe('two peers in one room', () => {
  it('both keep one claim when they claim the same seat at once, and the loser is told', async () => {
    const network = new TestNetwork();
    const [a, b] = [await claimsPeer(network, 'a', 'two-1'), await claimsPeer(network, 'b', 'two-1')];
    peers.push(a, b);
    await settle(network);
    a.store.dispatch(seatClaimed({ seat: 0, by: 'ann' }));
    b.store.dispatch(seatClaimed({ seat: 0, by: 'bob' }));
    b.store.dispatch(counted({ by: 'bob', amount: 2 }));
    expect(a.store.getState().claims.seats[0]).toBe('ann');
    expect(b.store.getState().claims.seats[0]).toBe('bob');
    await settle(network);
    expect(a.store.getState().claims).toEqual(b.store.getState().claims);
    expect(a.store.getState().claims.total).toBe(2);
    expect([...a.rejected, ...b.rejected]).toEqual(['Seat taken']);
    const snap = (p: ClaimsPeer) => toPlain(p.room.doc()['claims-state']['game-state']);
    expect(snap(a)).toEqual(a.store.getState().claims);
    expect(snap(b)).toEqual(a.store.getState().claims);
  });

  it("keeps in the document's snapshot only what the game's snapshotOf takes, while both fold the whole state", async () => {
    const network = new TestNetwork();
    const game = {
      ...claimsGame,
      snapshotOf: ({ history: _history, ...rest }: typeof claimsGame.initialState) => rest,
    };
    const [a, b] = [
      await claimsPeer(network, 'a', 'two-2', { game }),
      await claimsPeer(network, 'b', 'two-2', { game }),
    ];
    peers.push(a, b);
    await settle(network);
    a.store.dispatch(counted({ by: 'ann', amount: 3 }));
    b.store.dispatch(seatClaimed({ seat: 1, by: 'bob' }));
    await settle(network);
    expect(a.store.getState().claims).toEqual(b.store.getState().claims);
    expect(a.store.getState().claims.history).toEqual([{ by: 'ann', amount: 3 }]);
    const snap = (p: ClaimsPeer) => toPlain(p.room.doc()['claims-state']['game-state']);
    expect(snap(a)).toEqual({ seats: [null, 'bob', null, null], total: 3 });
    expect(snap(b)).toEqual(snap(a));
  });
});
