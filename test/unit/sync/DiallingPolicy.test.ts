import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignalData } from '../../../protocol/signaling.ts';
import {
  DiallingPolicy,
  MAX_HANDSHAKE_RETRIES,
  type LinkAttempt,
} from '../../../src/sync/mesh/DiallingPolicy.ts';

const ME = 'me-1';

function policy(
  options: { random?: () => number; maxConnections?: number; skipPeer?: (id: string) => boolean } = {},
) {
  return new DiallingPolicy({
    random: options.random ?? (() => 0.5),
    maxConnections: options.maxConnections ?? 20,
    skipPeer: options.skipPeer,
    banMs: 1000,
  });
}

/** The links standing now: peer id to its attempt. */
function links(entries: Record<string, LinkAttempt> = {}) {
  const map = new Map(Object.entries(entries));
  return { get: (peerId: string) => map.get(peerId), size: map.size };
}

const offer = (from: string, token: number): SignalData => ({
  type: 'signal',
  to: ME,
  from,
  token,
  signal: { type: 'offer', sdp: 'o' },
});
const candidate = (from: string, token: number): SignalData => ({
  type: 'signal',
  to: ME,
  from,
  token,
  signal: { candidate: 'c' },
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('DiallingPolicy on an announce', () => {
  it('dials a new peer with a random token', () => {
    expect(policy({ random: () => 0.25 }).dialToken('x-1', ME, links())).toBe(2 ** 29);
  });

  it('leaves alone itself, tabs of its own browser, a peer it holds a link to, and everyone once full', () => {
    const p = policy({ maxConnections: 1 });
    const held = links({ 'x-1': { token: 1, initiator: true, isOpen: false } });
    expect(p.dialToken(ME, ME, links())).toBeNull();
    expect(p.dialToken('me-2', ME, links())).toBeNull();
    expect(p.dialToken('x-1', ME, held)).toBeNull();
    expect(p.dialToken('y-1', ME, held)).toBeNull();
    expect(p.dialToken('y-1', null, links())).toBeNull();
  });

  it('lets skipPeer decide instead of the browser id', () => {
    const p = policy({ skipPeer: (id) => id === 'x-1' });
    expect(p.dialToken('x-1', ME, links())).toBeNull();
    expect(p.dialToken('me-2', ME, links())).not.toBeNull();
  });

  it('neither dials nor answers a banned peer until its ban ends', () => {
    const p = policy();
    p.ban('x-1');
    expect(p.dialToken('x-1', ME, links())).toBeNull();
    expect(p.onSignal(offer('x-1', 3), ME, links())).toEqual({ do: 'ignore' });
    vi.advanceTimersByTime(1000);
    expect(p.dialToken('x-1', ME, links())).not.toBeNull();
  });
});

describe('DiallingPolicy on a signal', () => {
  it('answers a new offer, feeds the attempt it belongs to, and ignores stale or stray signals', () => {
    const p = policy();
    const attempt = { token: 7, initiator: false, isOpen: false };
    const held = links({ 'x-1': attempt });
    expect(p.onSignal(offer('x-1', 7), ME, links())).toEqual({ do: 'answer', replacing: undefined });
    expect(p.onSignal(candidate('x-1', 7), ME, held)).toEqual({ do: 'feed', link: attempt });
    expect(p.onSignal(candidate('x-1', 8), ME, held)).toEqual({ do: 'ignore' });
    expect(p.onSignal(candidate('y-1', 1), ME, held)).toEqual({ do: 'ignore' });
    expect(p.onSignal({ ...offer('x-1', 9), to: 'someone-else' }, ME, held)).toEqual({ do: 'ignore' });
  });

  it('on glare keeps its own offer when its token is larger, and answers when the other is larger', () => {
    const p = policy();
    const mine = { token: 100, initiator: true, isOpen: false };
    const held = links({ 'x-1': mine });
    expect(p.onSignal(offer('x-1', 5), ME, held)).toEqual({ do: 'ignore' });
    expect(p.onSignal(offer('x-1', 500), ME, held)).toEqual({ do: 'answer', replacing: mine });
  });

  it('answers a new offer from a peer whose open link it holds (the peer restarted)', () => {
    const open = { token: 100, initiator: true, isOpen: true };
    expect(policy().onSignal(offer('x-1', 5), ME, links({ 'x-1': open }))).toEqual({
      do: 'answer',
      replacing: open,
    });
  });

  it('answers no new peer once full', () => {
    const full = links({ 'y-1': { token: 1, initiator: true, isOpen: true } });
    expect(policy({ maxConnections: 1 }).onSignal(offer('x-1', 5), ME, full)).toEqual({ do: 'ignore' });
  });
});

describe('DiallingPolicy after failed handshakes', () => {
  it('waits longer after each failure, gives up after a bounded number, and starts over once linked', () => {
    const p = policy({ random: () => 0 });
    const delays = Array.from({ length: MAX_HANDSHAKE_RETRIES + 1 }, () => p.retryDelay('x-1'));
    expect(delays).toEqual([250, 500, 750, 1000, 1250, null]);
    p.linked('x-1');
    expect(p.retryDelay('x-1')).toBe(250);
  });
});

describe('DiallingPolicy: asks to open a relayed link', () => {
  const direct = (token: number, initiator: boolean): LinkAttempt => ({ token, initiator, isOpen: false });

  it.each([
    {
      name: 'no link: answer',
      standing: {} as Record<string, LinkAttempt>,
      token: 7,
      want: { do: 'answer', replacing: undefined },
    },
    {
      name: 'the direct attempt of the same token gives way',
      standing: { 'x-1': direct(7, false) },
      token: 7,
      want: { do: 'answer', replacing: direct(7, false) },
    },
    {
      name: 'a relayed link of the same token: nothing new',
      standing: { 'x-1': { ...direct(7, true), relayed: true } },
      token: 7,
      want: { do: 'ignore' },
    },
    {
      name: 'our own pending dial with the larger token wins the glare',
      standing: { 'x-1': direct(9, true) },
      token: 7,
      want: { do: 'ignore' },
    },
    {
      name: 'an open link of another token: the peer lost it, answer',
      standing: { 'x-1': { ...direct(3, true), isOpen: true } },
      token: 7,
      want: { do: 'answer', replacing: { ...direct(3, true), isOpen: true } },
    },
  ])('$name', ({ standing, token, want }) => {
    expect(policy().onRelayOpen('x-1', token, ME, links(standing))).toEqual(want);
  });

  it('leaves a banned peer alone', () => {
    const p = policy();
    p.ban('x-1');
    expect(p.onRelayOpen('x-1', 7, ME, links())).toEqual({ do: 'ignore' });
  });
});
