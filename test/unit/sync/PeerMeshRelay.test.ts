import { describe, expect, it, vi } from 'vitest';
import { decodeRelayFrame, encodeRelayFrame } from '../../../protocol/signaling.ts';
import { RELAY_KINDS } from '../../../src/sync/link/RelayChannel.ts';
import { RELAY_AFTER_MS, UNREACHABLE_AFTER_MS } from '../../../src/sync/mesh/RelayFallback.ts';
import { announce, flush, ME, meshOnFakes, meshTestHooks, type FakeSocket } from '../../helpers/meshFakes.ts';

meshTestHooks();

/** What the page relayed through the server: the target, the envelope's kind and token. */
const relayed = (socket: FakeSocket) =>
  socket.frames.map((bytes) => {
    const frame = decodeRelayFrame(bytes)!;
    const view = new DataView(frame.payload.buffer, frame.payload.byteOffset);
    return { to: frame.peer, kind: frame.payload[0], token: view.getUint32(1) };
  });

/** The envelope the remote relays: kind under token (a frame's bytes after it). */
function fromRemote(socket: FakeSocket, kind: number, token: number, bytes: Uint8Array = new Uint8Array()) {
  const payload = new Uint8Array(5 + bytes.length);
  payload[0] = kind;
  new DataView(payload.buffer).setUint32(1, token);
  payload.set(bytes, 5);
  socket.onmessage?.({ data: encodeRelayFrame({ topic: 'room', peer: 'other-tab', payload }).buffer });
}

describe('PeerMesh and the relay', () => {
  it('enters the room as its peer, so that peers may relay to it', async () => {
    const { mesh, socket } = await meshOnFakes();
    expect(socket.sent).toContainEqual({ type: 'enter', topic: 'room', peer: ME });
    mesh.leave();
  });

  it('says a peer is connecting, dials it through the relay under its attempt token when WebRTC does not open, and links', async () => {
    const { mesh, socket, peers } = await meshOnFakes();
    socket.deliver(announce('other-tab'));
    await flush();
    expect(mesh.unreached.unreached).toEqual([{ peerId: 'other-tab', state: 'connecting' }]);
    peers[0].emit('signal', { type: 'offer', sdp: 'x' });
    await flush();
    const { token } = socket.published()[1] as { token: number };
    await vi.advanceTimersByTimeAsync(RELAY_AFTER_MS);
    expect(peers[0].destroyed).toBe(true);
    const [open] = relayed(socket);
    expect(open).toMatchObject({ to: 'other-tab', kind: RELAY_KINDS.open });
    expect(open.token).toBe(token);

    fromRemote(socket, RELAY_KINDS.accept, open.token);
    await flush();
    // Linked through the relay, and no longer connecting, though its Repo has not greeted (a link's login page runs
    // none until Go).
    expect(mesh.linkedPeers).toEqual(['other-tab']);
    expect(mesh.unreached.unreached).toEqual([]);
    mesh.leave();
  });

  it('keeps to the direct attempt once the server says its own relay is off, and then says the peer cannot be reached', async () => {
    const { mesh, socket, peers } = await meshOnFakes();
    socket.receive({ type: 'left', topic: 'room', peer: ME });
    socket.deliver(announce('other-tab'));
    await flush();
    await vi.advanceTimersByTimeAsync(UNREACHABLE_AFTER_MS);
    expect(socket.frames).toEqual([]);
    expect(peers[0].destroyed).toBe(false);
    expect(mesh.unreached.unreached).toEqual([{ peerId: 'other-tab', state: 'unreachable' }]);
    mesh.leave();
  });
});
