import { describe, expect, it, vi } from 'vitest';
import { cbor } from '@automerge/automerge-repo/slim';
import { decodeRelayFrame, encodeRelayFrame } from '../../../protocol/signaling.ts';
import { encodeFrames } from '../../../src/sync/link/frames.ts';
import { RELAY_KINDS } from '../../../src/sync/link/RelayChannel.ts';
import { RELAY_AFTER_MS, TURN_GRACE_MS, UNREACHABLE_AFTER_MS } from '../../../src/sync/mesh/RelayFallback.ts';
import {
  announce,
  flush,
  hello,
  ME,
  meshOnFakes,
  meshTestHooks,
  type FakeSocket,
} from '../../helpers/meshFakes.ts';

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

/** The remote relays one link message (wire) under token, in frames of the smallest size. */
function wireFromRemote(socket: FakeSocket, token: number, wire: unknown) {
  for (const frame of encodeFrames(cbor.encode(wire), 1)) fromRemote(socket, RELAY_KINDS.frame, token, frame);
}

const TOKEN = 7;

/** A mesh on fakes that accepted other-tab's relayed link, whose Repo said hello: linked, connected, relayed. */
async function relayedLinkAccepted() {
  const meshed = await meshOnFakes();
  const closed: string[] = [];
  meshed.adapter.on('peer-disconnected', ({ peerId }) => closed.push(peerId));
  fromRemote(meshed.socket, RELAY_KINDS.open, TOKEN);
  await flush();
  wireFromRemote(meshed.socket, TOKEN, hello('other-tab'));
  await flush();
  expect(meshed.mesh.connectedPeers).toEqual(['other-tab']);
  expect(meshed.mesh.relayedPeers).toEqual(['other-tab']);
  return { ...meshed, closed };
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

  it('drops its relayed links when the server cuts its own relay, announces, and then says the peer cannot be reached', async () => {
    const { mesh, socket, peers, closed } = await relayedLinkAccepted();
    const announced = socket.published().length;
    socket.receive({ type: 'left', topic: 'room', peer: ME });
    await flush();
    expect(mesh.linkedPeers).toEqual([]);
    expect(mesh.connectedPeers).toEqual([]);
    expect(closed).toEqual(['other-tab']);
    expect(socket.published().slice(announced)).toEqual([announce(ME)]);

    // The peer's own relayed link closed as the server told it this page left: it announces, and is dialled directly.
    const relayedBefore = socket.frames.length;
    socket.deliver(announce('other-tab'));
    await flush();
    expect(peers).toHaveLength(1);
    expect(mesh.unreached.unreached).toEqual([{ peerId: 'other-tab', state: 'connecting' }]);
    await vi.advanceTimersByTimeAsync(UNREACHABLE_AFTER_MS);
    expect(socket.frames.slice(relayedBefore)).toEqual([]);
    expect(mesh.unreached.unreached).toEqual([{ peerId: 'other-tab', state: 'unreachable' }]);
    mesh.leave();
  });

  it('drops its relayed links when its signalling socket closes, and links again once the reconnect announces', async () => {
    const { mesh, sockets, closed } = await relayedLinkAccepted();
    sockets[0].drop();
    await flush();
    expect(mesh.linkedPeers).toEqual([]);
    expect(closed).toEqual(['other-tab']);

    await vi.advanceTimersByTimeAsync(1_200);
    sockets[1].open();
    await flush();
    expect(sockets[1].published()).toEqual([announce(ME)]);
    // The peer dials anew through the relay (its own relayed link closed when this page's socket did).
    fromRemote(sockets[1], RELAY_KINDS.open, TOKEN + 1);
    await flush();
    wireFromRemote(sockets[1], TOKEN + 1, hello('other-tab'));
    await flush();
    expect(mesh.connectedPeers).toEqual(['other-tab']);
    expect(mesh.relayedPeers).toEqual(['other-tab']);
    mesh.leave();
  });

  it('relays again on a new connection once its relay was cut on the last one', async () => {
    const { mesh, sockets, peers } = await meshOnFakes();
    sockets[0].receive({ type: 'left', topic: 'room', peer: ME });
    sockets[0].drop();
    await vi.advanceTimersByTimeAsync(1_200);
    sockets[1].open();
    sockets[1].deliver(announce('other-tab'));
    await flush();
    await vi.advanceTimersByTimeAsync(RELAY_AFTER_MS);
    expect(peers[0].destroyed).toBe(true);
    expect(relayed(sockets[1])[0]).toMatchObject({ to: 'other-tab', kind: RELAY_KINDS.open });
    mesh.leave();
  });

  it('keeps a link that moved off the relay onto a direct channel when its relay is cut', async () => {
    const { mesh, socket, peers, closed } = await relayedLinkAccepted();
    wireFromRemote(socket, TOKEN, { kind: 'direct', attempt: 0, signal: { type: 'offer', sdp: 'o' } });
    await flush();
    expect(peers).toHaveLength(1);
    wireFromRemote(socket, TOKEN, { kind: 'switch', attempt: 0 });
    peers[0].emit('connect');
    await flush();
    expect(mesh.relayedPeers).toEqual([]);

    socket.receive({ type: 'left', topic: 'room', peer: ME });
    await flush();
    expect(mesh.connectedPeers).toEqual(['other-tab']);
    expect(closed).toEqual([]);
    mesh.leave();
  });
});

describe('PeerMesh, TURN and the relay', () => {
  const turn = { iceServers: [{ urls: 'turn:turn.test:3478?transport=udp' }] };

  /** A mesh on fakes (extra: its ICE settings) that dialled other-tab over WebRTC and sent its offer; and its token. */
  async function dialling(extra: Parameters<typeof meshOnFakes>[0]) {
    const meshed = await meshOnFakes(extra);
    meshed.socket.deliver(announce('other-tab'));
    await flush();
    meshed.peers[0].emit('signal', { type: 'offer', sdp: 'x' });
    await flush();
    const { token } = meshed.socket.published()[1] as { token: number };
    return { ...meshed, token };
  }

  it.each([
    { name: 'a turn: server', extra: turn },
    {
      name: 'a turns: url among others, fetched',
      extra: {
        iceSettings: Promise.resolve({ iceServers: [{ urls: ['stun:stun.test', 'TURNS:turn.test:5349'] }] }),
      },
    },
    { name: 'the relay-only policy', extra: { iceTransportPolicy: 'relay' as const } },
  ])(
    'gives a WebRTC attempt with $name until TURN_GRACE_MS before the relay replaces it, connecting meanwhile',
    async ({ extra }) => {
      const { mesh, socket, peers, token } = await dialling(extra);
      await vi.advanceTimersByTimeAsync(RELAY_AFTER_MS);
      expect(peers[0].destroyed).toBe(false);
      expect(socket.frames).toEqual([]);
      await vi.advanceTimersByTimeAsync(TURN_GRACE_MS - RELAY_AFTER_MS);
      expect(peers[0].destroyed).toBe(true);
      expect(relayed(socket)[0]).toEqual({ to: 'other-tab', kind: RELAY_KINDS.open, token });
      // Not reachable as long after the relay was tried as without TURN.
      expect(mesh.unreached.unreached).toEqual([{ peerId: 'other-tab', state: 'connecting' }]);
      await vi.advanceTimersByTimeAsync(UNREACHABLE_AFTER_MS - RELAY_AFTER_MS);
      expect(mesh.unreached.unreached).toEqual([{ peerId: 'other-tab', state: 'unreachable' }]);
      mesh.leave();
    },
  );

  it('relays at once when ICE says the attempt failed, within the TURN grace', async () => {
    const { mesh, socket, peers, token } = await dialling(turn);
    await vi.advanceTimersByTimeAsync(RELAY_AFTER_MS);
    expect(socket.frames).toEqual([]);
    peers[0].emit('iceStateChange', 'failed', 'complete');
    await flush();
    expect(peers[0].destroyed).toBe(true);
    expect(relayed(socket)[0]).toEqual({ to: 'other-tab', kind: RELAY_KINDS.open, token });
    mesh.leave();
  });

  it('relays at once when ICE fails before RELAY_AFTER_MS too', async () => {
    const { mesh, socket, peers, token } = await dialling({});
    peers[0].emit('iceStateChange', 'failed', 'complete');
    await flush();
    expect(peers[0].destroyed).toBe(true);
    expect(relayed(socket)[0]).toEqual({ to: 'other-tab', kind: RELAY_KINDS.open, token });
    mesh.leave();
  });
});
