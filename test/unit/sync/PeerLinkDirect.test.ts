import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cbor } from '@automerge/automerge-repo/slim';
import { decodeFrame } from '../../../src/sync/link/frames.ts';
import { PeerLink } from '../../../src/sync/link/PeerLink.ts';
import { fakeLinkOptions, fakeSimplePeer, noTraffic, type FakePeer } from '../../helpers/meshFakes.ts';

const RETRY = { first: 1_000, max: 4_000 };

/** A relayed link to x-1 (dialler unless said otherwise) whose direct attempts are fakes the test drives. */
function relayedLink(initiator = true) {
  const relays: FakePeer[] = [];
  const direct: FakePeer[] = [];
  const notes: unknown[] = [];
  const onClose = vi.fn();
  const log = vi.fn();
  const link = new PeerLink(
    fakeLinkOptions(relays, {
      initiator,
      relayed: true,
      direct: {
        openChannel: (i) => new (fakeSimplePeer(direct))({ initiator: i }),
        stats: noTraffic(),
        retryMs: RETRY,
      },
      log,
      onNote: (_, body) => notes.push(body),
      onClose,
    }),
  );
  const relay = relays[0];
  relay.emit('connect');
  relay.receive({ kind: 'hello', peerId: 'x-1' });
  return { link, relay, direct, notes, onClose, log };
}

const wires = (peer: FakePeer) => peer.written.map((frame) => cbor.decode(decodeFrame(frame)!.body));
const note = (body: unknown) => ({ kind: 'note', topic: 't', body });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a relayed link moving onto a direct channel', () => {
  it('tries directly, signals over the relay, and moves each way at its switch: early frames wait, none is lost', () => {
    const { link, relay, direct, notes } = relayedLink();
    expect(direct).toHaveLength(0);
    vi.advanceTimersByTime(RETRY.first);
    expect(direct).toHaveLength(1);
    expect(direct[0].options.initiator).toBe(true);
    direct[0].emit('signal', { type: 'offer', sdp: 'o' });
    expect(wires(relay)).toEqual([{ kind: 'direct', attempt: 0, signal: { type: 'offer', sdp: 'o' } }]);
    relay.receive({ kind: 'direct', attempt: 0, signal: { type: 'answer', sdp: 'a' } });
    expect(direct[0].signals).toEqual([{ type: 'answer', sdp: 'a' }]);

    // The remote moved first: what it sends directly waits behind what it still had on the relay.
    direct[0].receive(note(3));
    relay.receive(note(1));
    relay.receive(note(2));
    expect(notes).toEqual([1, 2]);
    relay.receive({ kind: 'switch', attempt: 0 });
    expect(notes).toEqual([1, 2, 3]);
    link.sendNote('t', 'still relayed');
    expect(wires(relay).at(-1)).toEqual(note('still relayed'));

    // Connected here: the switch is the last frame on the relay, which then goes.
    direct[0].emit('connect');
    link.sendNote('t', 'direct');
    expect(wires(relay).at(-1)).toEqual({ kind: 'switch', attempt: 0 });
    expect(wires(direct[0]).at(-1)).toEqual(note('direct'));
    expect(relay.destroyed).toBe(true);
    expect(link.relayed).toBe(false);
    expect(link.connected).toBe(true);
    // A relay frame now is nobody's: the direct channel is read.
    relay.receive(note('late'));
    direct[0].receive(note(4));
    expect(notes).toEqual([1, 2, 3, 4]);
  });

  it('tries again later, each wait longer, when an attempt fails; the answering side never dials', () => {
    const { direct, relay } = relayedLink();
    vi.advanceTimersByTime(RETRY.first);
    direct[0].emit('close');
    expect(direct[0].destroyed).toBe(true);
    vi.advanceTimersByTime(2 * RETRY.first - 1);
    expect(direct).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(direct).toHaveLength(2);
    // Numbered after every attempt before it, though the first is gone: the answerer never mixes two attempts.
    direct[1].emit('signal', { type: 'offer', sdp: 'o' });
    expect(wires(relay).at(-1)).toEqual({ kind: 'direct', attempt: 1, signal: { type: 'offer', sdp: 'o' } });
    // An attempt that does not connect in time goes too.
    vi.advanceTimersByTime(10_000);
    expect(direct[1].destroyed).toBe(true);

    const answering = relayedLink(false);
    vi.advanceTimersByTime(60_000);
    expect(answering.direct).toHaveLength(0);
    answering.relay.receive({ kind: 'direct', attempt: 5, signal: { type: 'offer', sdp: 'o' } });
    expect(answering.direct).toHaveLength(1);
    expect(answering.direct[0].options.initiator).toBe(false);
    // A newer attempt replaces it, but not sooner than a second after: a peer cannot make it churn connections.
    answering.relay.receive({ kind: 'direct', attempt: 6, signal: { type: 'offer', sdp: 'o' } });
    expect(answering.direct).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    answering.relay.receive({ kind: 'direct', attempt: 7, signal: { type: 'offer', sdp: 'o' } });
    expect(answering.direct).toHaveLength(2);
    expect(answering.direct[0].destroyed).toBe(true);
  });

  it('closes when the remote moves onto a direct channel this side does not hold, or the direct channel ends', () => {
    const wrong = relayedLink();
    wrong.relay.receive({ kind: 'switch', attempt: 3 });
    expect(wrong.onClose).toHaveBeenCalledOnce();
    expect(wrong.relay.destroyed).toBe(true);

    const ended = relayedLink();
    vi.advanceTimersByTime(RETRY.first);
    ended.direct[0].emit('connect');
    expect(ended.onClose).not.toHaveBeenCalled();
    ended.direct[0].emit('close');
    expect(ended.onClose).toHaveBeenCalledOnce();
    expect(ended.relay.destroyed).toBe(true);
  });

  it('drops an attempt whose signal simple-peer rejects, and keeps the link', () => {
    const { link, relay, direct } = relayedLink();
    vi.advanceTimersByTime(RETRY.first);
    direct[0].signal = () => {
      throw new Error('bad sdp');
    };
    relay.receive({ kind: 'direct', attempt: 0, signal: { type: 'answer', sdp: 'bad' } });
    expect(direct[0].destroyed).toBe(true);
    expect(link.connected).toBe(true);
  });
});
