import { EventEmitter } from 'eventemitter3';
import type {
  Message,
  NetworkAdapterEvents,
  NetworkAdapterInterface,
  PeerId,
  PeerMetadata,
} from '@automerge/automerge-repo/slim';
import type { PeerMesh } from '../mesh/PeerMesh.ts';

/**
 * automerge-repo's NetworkAdapter over a room's PeerMesh: only what the Repo needs (connect, send, the peers its links
 * report). Dialling, signalling, greetings and notes are the mesh's; the mesh may have joined the room long before the
 * Repo connects.
 */
// automerge-repo's NetworkAdapter base is this emitter and two fields: implemented here, so the room network (loaded
// before Automerge, at page start) does not carry automerge-repo's code.
export class WebRtcNetworkAdapter
  extends EventEmitter<NetworkAdapterEvents>
  implements NetworkAdapterInterface
{
  peerId?: PeerId;
  peerMetadata?: PeerMetadata;
  readonly mesh: PeerMesh;

  constructor(mesh: PeerMesh) {
    super();
    this.mesh = mesh;
  }

  /** True once the mesh met a first peer, the room was quiet for a while, or signalling failed. */
  isReady(): boolean {
    return this.mesh.isReady();
  }

  /** When the Repo may ask its peers for a document (PeerMesh.whenReady). */
  whenReady(): Promise<void> {
    return this.mesh.whenReady();
  }

  /** Joins the room as peerId (or completes the mesh's early join): peers whose Repo said hello are reported. */
  connect(peerId: PeerId, peerMetadata?: PeerMetadata): void {
    this.peerId = peerId;
    const metadata = (this.peerMetadata = peerMetadata ?? {});
    this.mesh.connectRepo(peerId, metadata, {
      peerOpened: (id, remote) => this.emit('peer-candidate', { peerId: id as PeerId, peerMetadata: remote }),
      peerClosed: (id) => this.emit('peer-disconnected', { peerId: id as PeerId }),
      message: (message) => this.emit('message', message),
    });
  }

  /** Sends a Repo message to its target if a data channel to it is open; otherwise drops it. */
  send(message: Message): void {
    this.mesh.sendRepoMessage(message);
  }

  /** Leaves the room: every open peer is reported disconnected, every link and the socket close. Idempotent. */
  disconnect(): void {
    this.mesh.leave();
  }
}
