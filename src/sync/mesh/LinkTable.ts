import type { PeerLink } from '../link/PeerLink.ts';

/**
 * The mesh's links, at most one per peer (the attempt under way or the link that stands), and who waits for their
 * handshakes to end. A link closed after another replaced it is no longer its peer's (isCurrent).
 */
export class LinkTable {
  readonly #links = new Map<string, PeerLink>();
  /** Who waits for every handshake under way to end (whenSettled). */
  #settledWaiters: Array<() => void> = [];

  /** How many links there are, handshaking or open. */
  get size(): number {
    return this.#links.size;
  }

  /** The link to peerId, if any. */
  get(peerId: string): PeerLink | undefined {
    return this.#links.get(peerId);
  }

  /** Every link, in the order they were added. */
  values(): IterableIterator<PeerLink> {
    return this.#links.values();
  }

  /** True while link is the one its peer is reached by (not closed, not replaced). */
  isCurrent(link: PeerLink): boolean {
    return this.#links.get(link.remotePeerId) === link;
  }

  /** Adds a link (its peer has none: the caller dropped any it had). */
  add(link: PeerLink): void {
    this.#links.set(link.remotePeerId, link);
  }

  /** Forgets link if it is its peer's; false when it was not. Call settle() once done with it. */
  remove(link: PeerLink): boolean {
    if (!this.isCurrent(link)) return false;
    this.#links.delete(link.remotePeerId);
    return true;
  }

  /** Forgets every link and returns them. Call settle() once done with them. */
  removeAll(): PeerLink[] {
    const links = [...this.#links.values()];
    this.#links.clear();
    return links;
  }

  /** Peers whose data channel is open and whose Repo said hello, as ours did. */
  get connectedPeers(): string[] {
    return [...this.#links.values()].filter((l) => l.isOpen).map((l) => l.remotePeerId);
  }

  /** Peers whose data channel is open, whether or not their Repo runs yet. */
  get linkedPeers(): string[] {
    return [...this.#links.values()].filter((l) => l.connected).map((l) => l.remotePeerId);
  }

  /** Linked peers whose frames travel through the signalling server. */
  get relayedPeers(): string[] {
    return [...this.#links.values()].filter((l) => l.connected && l.relayed).map((l) => l.remotePeerId);
  }

  /** True when no link's handshake is under way (every link's data channel open). */
  get settled(): boolean {
    for (const link of this.#links.values()) if (!link.connected) return false;
    return true;
  }

  /**
   * Resolves once no handshake is under way, after timeoutMs, or (when dialWaitMs > 0) once dialWaitMs have passed with
   * no handshake under way then.
   */
  whenSettled(timeoutMs: number, dialWaitMs: number): Promise<void> {
    if (dialWaitMs <= 0 && this.settled) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        clearTimeout(dialTimer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.#settledWaiters = this.#settledWaiters.filter((w) => w !== done);
        done();
      }, timeoutMs);
      // No peer dialled in time: nothing to wait for. A link opened meanwhile makes this a wait for its handshake.
      const dialTimer =
        dialWaitMs > 0
          ? setTimeout(() => {
              if (!this.settled) return;
              this.#settledWaiters = this.#settledWaiters.filter((w) => w !== done);
              done();
            }, dialWaitMs)
          : undefined;
      this.#settledWaiters.push(done);
    });
  }

  /** A link connected or went: tells the waiters when no handshake is under way any more. */
  settle(): void {
    if (this.#settledWaiters.length > 0 && this.settled)
      for (const done of this.#settledWaiters.splice(0)) done();
  }
}
