import { NetworkAdapter, type Message, type PeerId, type PeerMetadata } from '@automerge/automerge-repo';
import type { TestNetwork } from './TestNetwork';

/** One peer's end of a TestNetwork: an automerge-repo adapter whose messages the network holds until released. */
export class TestNetworkAdapter extends NetworkAdapter {
  readonly #network: TestNetwork;
  #connected = false;

  constructor(network: TestNetwork) {
    super();
    this.#network = network;
  }

  /** Always ready: the network never blocks startup. */
  isReady(): boolean {
    return true;
  }

  /** Resolves at once. */
  whenReady(): Promise<void> {
    return Promise.resolve();
  }

  /** Joins the network; every reachable peer becomes a candidate on both sides. */
  connect(peerId: PeerId, peerMetadata?: PeerMetadata): void {
    this.peerId = peerId;
    this.peerMetadata = peerMetadata;
    this.#connected = true;
    this.#network.join(this);
  }

  /** Queues a message on the link to its target. */
  send(message: Message): void {
    if (this.#connected) this.#network.enqueue(this, message);
  }

  /** Leaves the network; idempotent. */
  disconnect(): void {
    if (!this.#connected) return;
    this.#connected = false;
    this.#network.leave(this);
  }
}
