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
  /** How long a dropped peer is neither dialled nor answered. */
  banMs: number;
};

export const PEER_LIMITS: PeerLimits = {
  maxMessageBytes: 16 * 1024 * 1024,
  windowMs: 10_000,
  maxMessagesPerWindow: 4_000,
  maxBytesPerWindow: 64 * 1024 * 1024,
  banMs: 60_000,
};

/** Counts one peer's traffic in fixed windows; says why once the peer has sent more than its limits allow. */
export class PeerBudget {
  readonly #limits: PeerLimits;
  readonly #now: () => number;
  #windowStart: number;
  #messages = 0;
  #bytes = 0;

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

  #roll(): void {
    const now = this.#now();
    if (now - this.#windowStart < this.#limits.windowMs) return;
    this.#windowStart = now;
    this.#messages = 0;
    this.#bytes = 0;
  }
}
