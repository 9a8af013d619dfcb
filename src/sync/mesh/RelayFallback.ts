/** How long a link to a peer may take to open before the peers go through the relay (TURN, when set, is tried first). */
export const RELAY_AFTER_MS = 3_000;
/** How long a peer may stay without an open link, direct or relayed, before the page says it cannot be reached. */
export const UNREACHABLE_AFTER_MS = 6_000;
/** A peer not reached and not heard of (no announce, no offer) for this long has left: it is no longer listed. */
export const FORGET_AFTER_MS = 60_000;

/** A peer of the room with no open link: still connecting, or not reachable after UNREACHABLE_AFTER_MS. */
export type UnreachedPeer = { peerId: string; state: 'connecting' | 'unreachable' };

type Tried = { since: number; due?: ReturnType<typeof setTimeout>; marks: ReturnType<typeof setTimeout>[] };

/**
 * The peers the mesh tries to link and has not reached yet: when each is to be reached through the signalling server's
 * relay instead (RELAY_AFTER_MS after the first try), and what the page says of it meanwhile (UnreachedPeer). It keeps
 * time only: the mesh decides what a due peer needs.
 */
export class RelayFallback {
  readonly #afterMs: number;
  readonly #onDue: (peerId: string) => void;
  readonly #now: () => number;
  readonly #tried = new Map<string, Tried>();
  readonly #listeners = new Set<(peers: UnreachedPeer[]) => void>();

  constructor(afterMs: number, onDue: (peerId: string) => void, now: () => number = Date.now) {
    this.#afterMs = afterMs;
    this.#onDue = onDue;
    this.#now = now;
  }

  /** The peers tried and not reached, in the order first tried. */
  get unreached(): UnreachedPeer[] {
    const now = this.#now();
    return [...this.#tried].map(([peerId, { since }]) => ({
      peerId,
      state: now - since >= UNREACHABLE_AFTER_MS ? 'unreachable' : 'connecting',
    }));
  }

  /** Calls listener with the unreached peers whenever they or their states change; returns the unsubscribe. */
  subscribe(listener: (peers: UnreachedPeer[]) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * The mesh tries to link peerId (it heard of it): due for the relay afterMs from the first try unless reached
   * meanwhile, listed as connecting, then as not reachable, and forgotten once not heard of for FORGET_AFTER_MS.
   */
  trying(peerId: string): void {
    const known = this.#tried.get(peerId);
    const tried: Tried = known ?? { since: this.#now(), marks: [] };
    tried.due ??= setTimeout(() => {
      tried.due = undefined;
      this.#onDue(peerId);
    }, this.#afterMs);
    for (const mark of tried.marks) clearTimeout(mark);
    const waited = this.#now() - tried.since;
    tried.marks = [setTimeout(() => this.reached(peerId), FORGET_AFTER_MS)];
    if (waited < UNREACHABLE_AFTER_MS)
      tried.marks.push(setTimeout(() => this.#changed(), UNREACHABLE_AFTER_MS - waited));
    this.#tried.set(peerId, tried);
    if (!known) this.#changed();
  }

  /** A link to peerId opened, or the peer left: nothing is due for it, and it is no longer listed. */
  reached(peerId: string): void {
    const tried = this.#tried.get(peerId);
    if (!tried) return;
    this.#stop(tried);
    this.#tried.delete(peerId);
    this.#changed();
  }

  /** Forgets every peer (the mesh left its room). */
  clear(): void {
    for (const tried of this.#tried.values()) this.#stop(tried);
    const had = this.#tried.size > 0;
    this.#tried.clear();
    if (had) this.#changed();
  }

  #stop(tried: Tried): void {
    clearTimeout(tried.due);
    for (const mark of tried.marks) clearTimeout(mark);
  }

  #changed(): void {
    const peers = this.unreached;
    for (const listener of [...this.#listeners]) listener(peers);
  }
}
