import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cbor } from '@automerge/automerge-repo/slim';
import { decodeFrame, deflatedFrame, deflatedPiece } from '../../../src/sync/link/frames.ts';
import { DISCONNECTED_GRACE_MS, loadLinkStreams, PeerLink } from '../../../src/sync/link/PeerLink.ts';
import { LinkDeflater } from '../../../src/sync/link/linkDeflate.ts';
import { fakeLinkOptions, type FakePeer } from '../../helpers/meshFakes.ts';

/** A link to x-1 whose Repo metadata is known, so it says its hello at once. */
function link() {
  const made: FakePeer[] = [];
  const log = vi.fn();
  const onBreach = vi.fn();
  const notes: unknown[] = [];
  const onClose = vi.fn();
  const l = new PeerLink(
    fakeLinkOptions(made, {
      localMetadata: { storageId: 's' as never },
      log,
      onNote: (_, body) => notes.push(body),
      onClose,
      onBreach,
    }),
  );
  return { link: l, peer: made[0], log, onBreach, notes, onClose };
}

const plain = (frame: Uint8Array) => cbor.decode(decodeFrame(frame)!.body);

describe('a link and its deflate streams', () => {
  it('before the streams load: says nothing of inflating, sends plain, and drops a peer that sends it deflated frames', async () => {
    const { link: l, peer, onBreach } = link();
    expect(plain(peer.written[0])).toEqual({
      kind: 'hello',
      peerId: 'me',
      peerMetadata: { storageId: 's' },
    });
    peer.receive({ kind: 'hello', peerId: 'x-1', inflates: true });
    l.sendNote('entry', 'one');
    expect(deflatedPiece(peer.written[1])).toBeNull();
    expect(plain(peer.written[1])).toEqual({ kind: 'note', topic: 'entry', body: 'one' });
    // Once they load it deflates to the peer that inflates; what it said in its hello stands: a deflated frame to it
    // is a peer running other code.
    await loadLinkStreams();
    l.sendNote('entry', 'two');
    expect(deflatedPiece(peer.written[2])).not.toBeNull();
    peer.emit('data', deflatedFrame(Uint8Array.of(1, 2, 3)));
    expect(onBreach).toHaveBeenCalledWith('sent a deflated frame before this side said it inflates');
    expect(l.isOpen).toBe(false);
  });

  it('once they load: says it inflates, and deflates only to a peer that says so', async () => {
    await loadLinkStreams();
    const deflating = link();
    expect(plain(deflating.peer.written[0])).toMatchObject({
      kind: 'hello',
      inflates: true,
      bareFlush: true,
    });
    deflating.peer.receive({ kind: 'hello', peerId: 'x-1', inflates: true });
    deflating.link.sendNote('entry', 'one');
    expect(deflatedPiece(deflating.peer.written[1])).not.toBeNull();
    const earlier = link();
    earlier.peer.receive({ kind: 'hello', peerId: 'x-1' });
    earlier.link.sendNote('entry', 'one');
    expect(plain(earlier.peer.written[1])).toEqual({ kind: 'note', topic: 'entry', body: 'one' });
  });

  it('sends bare frames, four bytes shorter, only to a peer whose hello takes them, and reads both kinds', async () => {
    await loadLinkStreams();
    const bare = link();
    bare.peer.receive({ kind: 'hello', peerId: 'x-1', inflates: true, bareFlush: true });
    const tailed = link();
    tailed.peer.receive({ kind: 'hello', peerId: 'x-1', inflates: true });
    for (const { link: l } of [bare, tailed]) l.sendNote('entry', 'one');
    const [toBare, toTailed] = [bare, tailed].map(({ peer }) => peer.written[1]);
    expect(toBare.length).toBe(toTailed.length - 4);
    expect(deflatedPiece(toBare)).toEqual(deflatedPiece(toTailed));
    // What a remote sends on its own stream, bare or not, reads as the message it deflated.
    const remote = new LinkDeflater();
    bare.peer.emit(
      'data',
      deflatedFrame(remote.push(cbor.encode({ kind: 'note', topic: 'entry', body: 'a' })), true),
    );
    bare.peer.emit(
      'data',
      deflatedFrame(remote.push(cbor.encode({ kind: 'note', topic: 'entry', body: 'b' }))),
    );
    expect(bare.notes).toEqual(['a', 'b']);
    expect(bare.onBreach).not.toHaveBeenCalled();
  });
});

describe('a link whose connection goes quiet', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  // ICE says "disconnected" and stays so: the link holds to the last millisecond of the grace, then closes.
  function staysDisconnected({ link: l, peer }: ReturnType<typeof link>): void {
    peer.emit('iceStateChange', 'disconnected', 'complete');
    vi.advanceTimersByTime(DISCONNECTED_GRACE_MS - 1);
    expect(l.isOpen).toBe(true);
    vi.advanceTimersByTime(1);
    expect(l.isOpen).toBe(false);
  }

  it('closes once ICE stays disconnected for the grace, as a page closed without a word leaves it', () => {
    const opened = link();
    opened.peer.receive({ kind: 'hello', peerId: 'x-1' });
    expect(opened.link.isOpen).toBe(true);
    staysDisconnected(opened);
    expect(opened.onClose).toHaveBeenCalledTimes(1);
    expect(opened.log).toHaveBeenCalledWith('webrtc: connection to x-1 stayed disconnected');
  });

  it('goes on when ICE recovers within the grace, and counts a later disconnection afresh', () => {
    const opened = link();
    opened.peer.receive({ kind: 'hello', peerId: 'x-1' });
    opened.peer.emit('iceStateChange', 'disconnected', 'complete');
    vi.advanceTimersByTime(DISCONNECTED_GRACE_MS - 500);
    opened.peer.emit('iceStateChange', 'connected', 'complete');
    vi.advanceTimersByTime(DISCONNECTED_GRACE_MS);
    expect(opened.link.isOpen).toBe(true);
    staysDisconnected(opened);
    expect(opened.onClose).toHaveBeenCalledTimes(1);
  });
});
