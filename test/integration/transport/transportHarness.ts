/** Real signalling server plus Node WebRTC (@roamhq/wrtc) for WebRtcNetworkAdapter integration tests. */
// The adapter imports automerge-repo's slim entry; the Repos in these tests need the wasm loaded.
import '@automerge/automerge';
import type { DocHandle } from '@automerge/automerge-repo';
import SimplePeer from 'simple-peer';
import wrtc from '@roamhq/wrtc';
import { WebSocket } from 'ws';
import { startServer, type RunningServer, type ServerOptions } from '../../../signaling/server.ts';
import type { SignalingSocketConstructor } from '../../../src/sync/mesh/SignalingClient.ts';
import { WebRtcNetworkAdapter } from '../../../src/sync/document/WebRtcNetworkAdapter.ts';
import { PeerMesh } from '../../../src/sync/mesh/PeerMesh.ts';
import type { PeerMeshOptions } from '../../../src/sync/mesh/peerMeshOptions.ts';
import { loadLinkStreams } from '../../../src/sync/link/PeerLink.ts';

/**
 * A signalling server on a free loopback port, and the ws:// URL adapters use to reach it. The links' deflate streams
 * are loaded first, as on a page by the time its Repo connects (these Repos connect at once), so links deflate. extra
 * overrides the server's options (a test's own relay budget, say).
 */
export async function startSignaling(
  extra: ServerOptions = {},
): Promise<{ server: RunningServer; signalingUrl: string }> {
  await loadLinkStreams();
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    staticDir: null,
    config: { iceServers: [] },
    log: () => {},
    ...extra,
  });
  return { server, signalingUrl: `ws://127.0.0.1:${server.port}/signal` };
}

let rooms = 0;
/** A room name no other test uses. */
export const uniqueRoom = (label: string): string =>
  `${label}-${process.pid}-${++rooms}-${Math.random().toString(36).slice(2, 8)}`;

/** A mesh's options wired for Node: the ws WebSocket, simple-peer's Node entry with wrtc, no ICE servers, quiet logs. */
export function nodeMeshOptions(signalingUrl: string, roomName: string): PeerMeshOptions {
  return {
    roomName,
    signalingUrl,
    iceServers: [],
    WebSocket: WebSocket as unknown as SignalingSocketConstructor,
    SimplePeer,
    wrtc,
    log: process.env.DEBUG_TRANSPORT ? (m: string, d?: unknown) => console.log(m, d ?? '') : () => {},
  };
}

/** An adapter on a mesh wired for Node (nodeMeshOptions), with extra options on top. */
export function nodeAdapter(
  signalingUrl: string,
  roomName: string,
  extra: Partial<PeerMeshOptions> = {},
): WebRtcNetworkAdapter {
  return new WebRtcNetworkAdapter(new PeerMesh({ ...nodeMeshOptions(signalingUrl, roomName), ...extra }));
}

/** Resolves once the adapter has at least n open peers (or at once if it has them already). */
export function waitForPeers(adapter: WebRtcNetworkAdapter, n: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (adapter.mesh.connectedPeers.length < n) return;
      adapter.off('peer-candidate', check);
      resolve();
    };
    adapter.on('peer-candidate', check);
    check();
  });
}

/**
 * n adapters in one room whose whenReady waits for a link to every other adapter whose Repo has connected. The
 * acceptance tests start asking for a document 50 ms after their Repos connect, assuming every link is open by then.
 * A mesh is ready at its first link (in the app every peer holds the room's document); under load a third Repo's link
 * could open first, answer "unavailable" for a document it does not have, and fail the test.
 */
export function connectedRoom(signalingUrl: string, roomName: string, n: number): WebRtcNetworkAdapter[] {
  const connected = new Set<WebRtcNetworkAdapter>();
  return Array.from({ length: n }, () => {
    const adapter = nodeAdapter(signalingUrl, roomName);
    const connect = adapter.connect.bind(adapter);
    adapter.connect = (...args) => {
      connected.add(adapter);
      connect(...args);
    };
    adapter.whenReady = async () => {
      await waitForPeers(adapter, connected.size - 1);
    };
    return adapter;
  });
}

/** Resolves once the handle's document satisfies the predicate. */
export function until<T>(handle: DocHandle<T>, ok: (doc: T) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!ok(handle.doc())) return;
      handle.off('change', check);
      resolve();
    };
    handle.on('change', check);
    check();
  });
}
