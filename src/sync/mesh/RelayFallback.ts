/** How long a link to a peer may take to open before the peers go through the relay (without TURN; see TURN_GRACE_MS). */
export const RELAY_AFTER_MS = 3_000;
/**
 * How long a WebRTC attempt still under way may take when TURN is configured, before the relay replaces it (sooner when
 * ICE says it failed). Allocating on a TURN server and checking its candidates takes a few round trips more than a
 * direct pair, over TCP or TLS more still. Below the handshake timeout (10 s by default): an attempt past it closes and
 * is dialled anew instead of being replaced.
 */
export const TURN_GRACE_MS = 7_000;
/**
 * How long a peer may stay without an open link, direct or relayed, before the page says it cannot be reached: the
 * relay's RELAY_AFTER_MS and as long again for the relayed link to open (with TURN, that long after TURN_GRACE_MS).
 */
export const UNREACHABLE_AFTER_MS = 6_000;
/** A peer not reached and not heard of (no announce, no offer) for this long has left: it is no longer listed. */
export const FORGET_AFTER_MS = 60_000;

/** A peer of the room with no open link: still connecting, or not reachable after UNREACHABLE_AFTER_MS (or later). */
export type UnreachedPeer = { peerId: string; state: 'connecting' | 'unreachable' };

type Tried = {
  since: number;
  /** How long after since the peer is said not reachable (later once put off). */
  unreachableAfter: number;
  due?: ReturnType<typeof setTimeout>;
  marks: ReturnType<typeof setTimeout>[];
};

/**
 * The peers the mesh tries to link and has not reached yet: when each is to be reached through the signalling server's
 * relay instead (RELAY_AFTER_MS after the first try, later when the mesh puts it off), and what the page says of it
 * meanwhile (UnreachedPeer). It keeps time only: the mesh decides what a due peer needs.
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
    return [...this.#tried].map(([peerId, { since, unreachableAfter }]) => ({
      peerId,
      state: now - since >= unreachableAfter ? 'unreachable' : 'connecting',
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
    const tried: Tried = known ?? { since: this.#now(), unreachableAfter: UNREACHABLE_AFTER_MS, marks: [] };
    if (!tried.due) this.#dueIn(peerId, tried, this.#afterMs);
    this.#mark(peerId, tried);
    this.#tried.set(peerId, tried);
    if (!known) this.#changed();
  }

  /**
   * peerId's attempt may take until graceMs after the first try (TURN may still find a path): it falls due then, and is
   * said not reachable as long after that as without a grace. False, and nothing changes, once that time has come.
   */
  putOff(peerId: string, graceMs: number): boolean {
    const tried = this.#tried.get(peerId);
    const left = tried ? tried.since + graceMs - this.#now() : 0;
    if (!tried || left <= 0) return false;
    clearTimeout(tried.due);
    this.#dueIn(peerId, tried, left);
    tried.unreachableAfter = Math.max(
      tried.unreachableAfter,
      graceMs + UNREACHABLE_AFTER_MS - RELAY_AFTER_MS,
    );
    this.#mark(peerId, tried);
    return true;
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

  #dueIn(peerId: string, tried: Tried, ms: number): void {
    tried.due = setTimeout(() => {
      tried.due = undefined;
      this.#onDue(peerId);
    }, ms);
  }

  // When the peer is forgotten (not heard of meanwhile), and when the page says it is not reachable.
  #mark(peerId: string, tried: Tried): void {
    for (const mark of tried.marks) clearTimeout(mark);
    const waited = this.#now() - tried.since;
    tried.marks = [setTimeout(() => this.reached(peerId), FORGET_AFTER_MS)];
    if (waited < tried.unreachableAfter)
      tried.marks.push(setTimeout(() => this.#changed(), tried.unreachableAfter - waited));
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
