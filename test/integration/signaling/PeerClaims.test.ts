import { afterEach, describe, expect, it, vi } from 'vitest';
import { PEER_CLAIM_RENEW_MS, PeerClaims } from '../../../signaling/PeerClaims.ts';
import type { PeerClaim, TopicRelay } from '../../../signaling/relay.ts';

/** Stands for Redis: who holds each peer of each room, shared by the instances it makes; unreachable while down. */
function sharedClaims() {
  const holders = new Map<string, string>();
  const state = { down: false, asked: 0 };
  /** One instance's relay and the claims it lost. */
  const instance = (name: string) => {
    const lost: PeerClaim[] = [];
    const key = (c: PeerClaim) => `${c.topic}/${c.peer}`;
    const relay: TopicRelay = {
      publish: () => true,
      watch: () => undefined,
      unwatch: () => undefined,
      claimPeers(claims) {
        state.asked += claims.length;
        if (state.down) return Promise.resolve(null);
        return Promise.resolve(
          claims.map((c) => {
            const holder = holders.get(key(c));
            if (holder !== undefined && holder !== `${name}:${c.holder}`) return false;
            holders.set(key(c), `${name}:${c.holder}`);
            return true;
          }),
        );
      },
      releasePeer(c) {
        if (holders.get(key(c)) === `${name}:${c.holder}`) holders.delete(key(c));
      },
    };
    const claims = new PeerClaims({ instances: relay, lost: (c) => lost.push(c) });
    opened.push(claims);
    return { claims, lost };
  };
  return { holders, state, instance };
}

const opened: PeerClaims[] = [];
afterEach(() => {
  opened.splice(0).forEach((c) => c.close());
  vi.useRealTimers();
});

describe('PeerClaims', () => {
  it('lets the first connection to enter as a peer keep it, on any instance, until it leaves', async () => {
    const { holders, instance } = sharedClaims();
    const [a, b] = [instance('a'), instance('b')];
    await a.claims.claim('room', 'ann', '1');
    await b.claims.claim('room', 'ann', '7');
    expect(b.lost).toEqual([{ topic: 'room', peer: 'ann', holder: '7' }]);
    expect(a.lost).toEqual([]);
    a.claims.release('room', 'ann', '1');
    expect(holders.size).toBe(0);
    await b.claims.claim('room', 'ann', '7');
    expect(holders.get('room/ann')).toBe('b:7');
  });

  it('loses nothing while the claims cannot be reached, and the first to renew a contested peer keeps it', async () => {
    const { state, instance } = sharedClaims();
    const [a, b] = [instance('a'), instance('b')];
    state.down = true;
    await a.claims.claim('room', 'ann', '1');
    await b.claims.claim('room', 'ann', '2');
    expect([a.lost, b.lost]).toEqual([[], []]);
    state.down = false;
    await b.claims.renew();
    await a.claims.renew();
    expect(a.lost).toEqual([{ topic: 'room', peer: 'ann', holder: '1' }]);
    expect(b.lost).toEqual([]);
  });

  it('drops an answer about a claim released, or made again, while it was on its way', async () => {
    const { instance } = sharedClaims();
    const [a, b] = [instance('a'), instance('b')];
    await a.claims.claim('room', 'ann', '1');
    const answer = b.claims.claim('room', 'ann', '2');
    b.claims.release('room', 'ann', '2');
    await answer;
    expect(b.lost).toEqual([]);
  });

  it('renews the claims held here now and then, and stops once none is held or when closed', async () => {
    vi.useFakeTimers();
    const { state, instance } = sharedClaims();
    const { claims } = instance('a');
    await claims.claim('room', 'ann', '1');
    await claims.claim('other room', 'ann', '1');
    await vi.advanceTimersByTimeAsync(PEER_CLAIM_RENEW_MS);
    expect(state.asked).toBe(4);
    claims.release('room', 'ann', '1');
    claims.release('other room', 'ann', '1');
    await vi.advanceTimersByTimeAsync(PEER_CLAIM_RENEW_MS * 3);
    expect(state.asked).toBe(4);
    await claims.claim('room', 'bob', '2');
    claims.close();
    await vi.advanceTimersByTimeAsync(PEER_CLAIM_RENEW_MS * 3);
    expect(state.asked).toBe(5);
  });
});
