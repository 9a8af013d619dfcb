import { EventEmitter } from 'eventemitter3';
import type {
  Message,
  NetworkAdapterEvents,
  NetworkAdapterInterface,
  PeerId,
  PeerMetadata,
} from '@automerge/automerge-repo/slim';
import { countSyncMessage } from './operationCounts.ts';
import { PEER_LIMITS, PeerBans, PeerBudget, type PeerLimits } from '../link/peerLimits.ts';

/** Options of a GuardedNetworkAdapter. */
export type GuardOptions = {
  limits?: PeerLimits;
  /** A peer broke its limits: the transport may close its link too (the mesh does; a BroadcastChannel cannot). */
  onBreach?: (peerId: string, reason: string) => void;
  log?: (message: string, detail?: unknown) => void;
  now?: () => number;
};

/**
 * A NetworkAdapter in front of another (WebRTC, BroadcastChannel) that lets no message reach the Repo before it is
 * bounded: each peer's messages are counted (size, rate) and every Automerge chunk they carry has its operations
 * counted (chunkCounts) before Automerge sees it. A peer over its limits is reported gone to the Repo and its messages
 * ignored for PeerLimits.banMs, with one quiet warning; honest peers go on. Messages keep their order per peer.
 */
export class GuardedNetworkAdapter
  extends EventEmitter<NetworkAdapterEvents>
  implements NetworkAdapterInterface
{
  readonly #inner: NetworkAdapterInterface;
  readonly #limits: PeerLimits;
  readonly #options: GuardOptions;
  readonly #now: () => number;
  readonly #budgets = new Map<string, PeerBudget>();
  readonly #banned: PeerBans;
  readonly #queues = new Map<string, Promise<void>>();

  constructor(inner: NetworkAdapterInterface, options: GuardOptions = {}) {
    super();
    this.#inner = inner;
    this.#options = options;
    this.#limits = options.limits ?? PEER_LIMITS;
    this.#now = options.now ?? Date.now;
    this.#banned = new PeerBans(this.#limits.banMs, this.#now);
    inner.on('close', () => this.emit('close'));
    inner.on('peer-candidate', (payload) => {
      if (!this.#isBanned(payload.peerId)) this.emit('peer-candidate', payload);
    });
    inner.on('peer-disconnected', (payload) => {
      this.#budgets.delete(payload.peerId);
      this.emit('peer-disconnected', payload);
    });
    inner.on('message', (message) => this.#receive(message));
  }

  get peerId(): PeerId | undefined {
    return this.#inner.peerId;
  }

  get peerMetadata(): PeerMetadata | undefined {
    return this.#inner.peerMetadata;
  }

  isReady(): boolean {
    return this.#inner.isReady();
  }

  whenReady(): Promise<void> {
    return this.#inner.whenReady();
  }

  connect(peerId: PeerId, peerMetadata?: PeerMetadata): void {
    this.#inner.connect(peerId, peerMetadata);
  }

  send(message: Message): void {
    if (!this.#isBanned(message.targetId)) this.#inner.send(message);
  }

  disconnect(): void {
    this.#inner.disconnect();
  }

  #receive(message: Message): void {
    const sender = message.senderId;
    if (this.#isBanned(sender)) return;
    const budget = this.#budgetOf(sender);
    const data = 'data' in message && message.data instanceof Uint8Array ? message.data : null;
    const size = data?.byteLength ?? 0;
    const tooBig =
      size > this.#limits.maxMessageBytes
        ? `sent a message of more than ${this.#limits.maxMessageBytes} bytes (${size})`
        : null;
    const problem = tooBig ?? budget.message() ?? budget.bytes(size);
    if (problem) return this.#breach(sender, problem);
    const isSync = message.type === 'sync' || message.type === 'request';
    const previous = this.#queues.get(sender) ?? Promise.resolve();
    const checked = previous.then(async () => {
      if (isSync && data) {
        const counts = await countSyncMessage(data);
        if (this.#isBanned(sender)) return;
        if (typeof counts === 'string') return this.#breach(sender, counts);
        for (const { kind, operations } of counts) {
          const over = budget.operations(kind, operations);
          if (over) return this.#breach(sender, over);
        }
      }
      if (!this.#isBanned(sender)) this.emit('message', message);
    });
    const settled = checked.catch((error: unknown) => this.#log('guard: a message check failed', error));
    this.#queues.set(sender, settled);
    void settled.then(() => {
      if (this.#queues.get(sender) === settled) this.#queues.delete(sender);
    });
  }

  #budgetOf(peerId: string): PeerBudget {
    let budget = this.#budgets.get(peerId);
    if (!budget) this.#budgets.set(peerId, (budget = new PeerBudget(this.#limits, this.#now)));
    return budget;
  }

  #isBanned(peerId: string): boolean {
    return this.#banned.has(peerId);
  }

  // A page running other code: the Repo forgets it, and nothing it sends reaches Automerge for a while.
  #breach(peerId: string, reason: string): void {
    this.#banned.ban(peerId);
    this.#budgets.delete(peerId);
    this.#log(`guard: dropped peer ${peerId}: it ${reason}`);
    this.emit('peer-disconnected', { peerId: peerId as PeerId });
    try {
      this.#options.onBreach?.(peerId, reason);
    } catch (error) {
      this.#log('guard: closing a dropped peer failed', error);
    }
  }

  #log(message: string, detail?: unknown): void {
    (this.#options.log ?? console.warn)(message, detail);
  }
}
