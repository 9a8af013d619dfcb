import { LINK_RATE_LIMITS } from '../../../protocol/signaling.ts';

/**
 * What one peer may send over its link before it is dropped: every byte from another page is untrusted input. The
 * numbers stand far above any honest page's traffic (a late joiner's whole room document is a few hundred KB to a few
 * MB; a busy page sends a few dozen messages a second: pointer moves, presence, sync) and far below what freezes a
 * page or makes Automerge choke.
 */
export type PeerLimits = {
  /** The largest one whole message may be, in bytes. */
  maxMessageBytes: number;
  /** The window the rates below are counted over. */
  windowMs: number;
  /** Messages (whole, after their frames are joined) a peer may send within one window. */
  maxMessagesPerWindow: number;
  /** Bytes a peer may send within one window. */
  maxBytesPerWindow: number;
  /**
   * The most operations one Automerge change may hold. Automerge's work grows with a change's operations, and
   * thousands of them fit in a few bytes (a run of equal ones): counted, not weighed (chunkCounts). An Okey deal with
   * its snapshot, the largest honest change, holds about 900; an action about 20.
   */
  maxChangeOperations: number;
  /** The most operations a whole document a peer sends (Automerge's first sync to a late joiner) may hold. */
  maxDocumentOperations: number;
  /** Operations a peer may send within one window. */
  maxOperationsPerWindow: number;
  /** How long a dropped peer is neither dialled nor answered. */
  banMs: number;
};

export const PEER_LIMITS: PeerLimits = {
  maxMessageBytes: 16 * 1024 * 1024,
  ...LINK_RATE_LIMITS,
  maxChangeOperations: 20_000,
  maxDocumentOperations: 1_000_000,
  maxOperationsPerWindow: 2_000_000,
  banMs: 60_000,
};

/** Peers dropped for breaking their limits, each left alone until its ban (PeerLimits.banMs) ends. */
export class PeerBans {
  readonly #until = new Map<string, number>();
  readonly #banMs: number;
  readonly #now: () => number;

  constructor(banMs: number, now: () => number = Date.now) {
    this.#banMs = banMs;
    this.#now = now;
  }

  /** Bans peerId for banMs from now. */
  ban(peerId: string): void {
    this.#until.set(peerId, this.#now() + this.#banMs);
  }

  /** True while peerId's ban lasts. */
  has(peerId: string): boolean {
    const until = this.#until.get(peerId);
    if (until === undefined) return false;
    if (until > this.#now()) return true;
    this.#until.delete(peerId);
    return false;
  }
}

/** Counts one peer's traffic in fixed windows; says why once the peer has sent more than its limits allow. */
export class PeerBudget {
  readonly #limits: PeerLimits;
  readonly #now: () => number;
  #windowStart: number;
  #messages = 0;
  #bytes = 0;
  #operations = 0;

  constructor(limits: PeerLimits, now: () => number = Date.now) {
    this.#limits = limits;
    this.#now = now;
    this.#windowStart = now();
  }

  /** Counts bytes that arrived (a frame); the breach's reason, or null while within the limits. */
  bytes(count: number): string | null {
    this.#roll();
    this.#bytes += count;
    const { maxBytesPerWindow, windowMs } = this.#limits;
    return this.#bytes > maxBytesPerWindow
      ? `sent more than ${maxBytesPerWindow} bytes in ${windowMs} ms`
      : null;
  }

  /** Counts one whole message; the breach's reason, or null while within the limits. */
  message(): string | null {
    this.#roll();
    this.#messages += 1;
    const { maxMessagesPerWindow, windowMs } = this.#limits;
    return this.#messages > maxMessagesPerWindow
      ? `sent more than ${maxMessagesPerWindow} messages in ${windowMs} ms`
      : null;
  }

  /** Counts the operations of one change or document; the breach's reason, or null while within the limits. */
  operations(kind: 'change' | 'document', count: number): string | null {
    this.#roll();
    this.#operations += count;
    const { maxChangeOperations, maxDocumentOperations, maxOperationsPerWindow, windowMs } = this.#limits;
    const most = kind === 'change' ? maxChangeOperations : maxDocumentOperations;
    if (count > most) return `sent a ${kind} of more than ${most} operations (${count})`;
    return this.#operations > maxOperationsPerWindow
      ? `sent more than ${maxOperationsPerWindow} operations in ${windowMs} ms`
      : null;
  }

  #roll(): void {
    const now = this.#now();
    if (now - this.#windowStart < this.#limits.windowMs) return;
    this.#windowStart = now;
    this.#messages = 0;
    this.#bytes = 0;
    this.#operations = 0;
  }
}
