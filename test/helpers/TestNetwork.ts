import type { Message, PeerId } from '@automerge/automerge-repo';
import { TestNetworkAdapter } from './TestNetworkAdapter';

type Queued = { to: TestNetworkAdapter; message: Message };

/**
 * An in-memory network between automerge-repo peers in one process. Messages wait on per-link FIFO queues (a data
 * channel is ordered) until the test releases them, one link at a time in an order it chooses, or automatically.
 * A partition takes links down: queued messages on them are dropped and both sides see the peer disconnect.
 */
export class TestNetwork {
  readonly #adapters = new Map<PeerId, TestNetworkAdapter>();
  readonly #queues = new Map<string, Queued[]>();
  readonly #down = new Set<string>();
  #auto: boolean;

  constructor({ autoDeliver = false }: { autoDeliver?: boolean } = {}) {
    this.#auto = autoDeliver;
  }

  /** A new adapter on this network, for one Repo. */
  adapter(): TestNetworkAdapter {
    return new TestNetworkAdapter(this);
  }

  /** How many messages wait on all links. */
  get pending(): number {
    let n = 0;
    for (const q of this.#queues.values()) n += q.length;
    return n;
  }

  /** Called by an adapter on connect. */
  join(adapter: TestNetworkAdapter): void {
    const id = adapter.peerId as PeerId;
    this.#adapters.set(id, adapter);
    for (const other of this.#adapters.values())
      if (other !== adapter && this.#isUp(id, other.peerId!)) this.#introduce(adapter, other);
  }

  /** Called by an adapter on disconnect. */
  leave(adapter: TestNetworkAdapter): void {
    const id = adapter.peerId as PeerId;
    this.#adapters.delete(id);
    for (const other of this.#adapters.values()) {
      this.#dropLink(id, other.peerId!);
      other.emit('peer-disconnected', { peerId: id });
    }
  }

  /** Called by an adapter to send. */
  enqueue(from: TestNetworkAdapter, message: Message): void {
    const to = this.#adapters.get(message.targetId);
    if (!to || !this.#isUp(from.peerId!, message.targetId)) return;
    const key = `${from.peerId}>${message.targetId}`;
    const queue = this.#queues.get(key) ?? [];
    queue.push({ to, message: structuredClone(message) });
    this.#queues.set(key, queue);
    if (this.#auto) queueMicrotask(() => this.deliverNext(() => 0, key));
  }

  /** Delivers the head of one non-empty link, chosen by pick(count); false when nothing waits. */
  deliverNext(pick: (count: number) => number = () => 0, only?: string): boolean {
    const keys = [...this.#queues.keys()].filter(
      (k) => this.#queues.get(k)!.length > 0 && (!only || k === only),
    );
    if (keys.length === 0) return false;
    const key = keys[Math.min(keys.length - 1, Math.max(0, pick(keys.length)))];
    const { to, message } = this.#queues.get(key)!.shift()!;
    if (this.#adapters.get(to.peerId!) === to) to.emit('message', message);
    return true;
  }

  /** Splits the peers into groups; links between groups go down and their queued messages are lost. */
  partition(groups: readonly PeerId[][]): void {
    const groupOf = new Map<PeerId, number>();
    groups.forEach((g, i) => g.forEach((p) => groupOf.set(p, i)));
    for (const a of this.#adapters.values()) {
      for (const b of this.#adapters.values()) {
        if (a.peerId! >= b.peerId! || groupOf.get(a.peerId!) === groupOf.get(b.peerId!)) continue;
        if (!this.#isUp(a.peerId!, b.peerId!)) continue;
        this.#down.add(linkKey(a.peerId!, b.peerId!));
        this.#dropLink(a.peerId!, b.peerId!);
        a.emit('peer-disconnected', { peerId: b.peerId! });
        b.emit('peer-disconnected', { peerId: a.peerId! });
      }
    }
  }

  /** Brings every link back up; the peers meet again as new candidates. */
  heal(): void {
    const down = [...this.#down];
    this.#down.clear();
    for (const key of down) {
      const [a, b] = key.split('|').map((id) => this.#adapters.get(id as PeerId));
      if (a && b) this.#introduce(a, b);
    }
  }

  #isUp(a: PeerId, b: PeerId): boolean {
    return !this.#down.has(linkKey(a, b));
  }

  #introduce(a: TestNetworkAdapter, b: TestNetworkAdapter): void {
    a.emit('peer-candidate', { peerId: b.peerId!, peerMetadata: b.peerMetadata ?? {} });
    b.emit('peer-candidate', { peerId: a.peerId!, peerMetadata: a.peerMetadata ?? {} });
  }

  #dropLink(a: PeerId, b: PeerId): void {
    this.#queues.delete(`${a}>${b}`);
    this.#queues.delete(`${b}>${a}`);
  }
}

const linkKey = (a: PeerId, b: PeerId): string => (a < b ? `${a}|${b}` : `${b}|${a}`);
