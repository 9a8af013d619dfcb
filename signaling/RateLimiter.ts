/** How fast one socket may send, and when its excess counts as a flood. */
export type RateLimits = {
  maxMessagesPerSecond: number;
  messageBurst: number;
  floodDropLimit: number;
  floodWindowMs: number;
};

/** What the limiter decides for one incoming message. */
export type RateVerdict = 'accept' | 'drop' | 'flood';

/**
 * A token bucket per socket. Excess messages are dropped before any parsing, so a flooding socket
 * costs the server almost nothing; one that keeps flooding within a window is reported as 'flood'
 * so the caller can close it instead of spending even that.
 */
export class RateLimiter {
  readonly #limits: RateLimits;
  #tokens: number;
  #refilledAt: number;
  #windowStart: number;
  #dropsInWindow = 0;

  /** A full bucket at time now. */
  constructor(limits: RateLimits, now: number) {
    this.#limits = limits;
    this.#tokens = limits.messageBurst;
    this.#refilledAt = now;
    this.#windowStart = now;
  }

  /** Spends one token if there is one; 'flood' once drops within the window pass the limit. */
  take(now: number): RateVerdict {
    const { maxMessagesPerSecond, messageBurst, floodDropLimit, floodWindowMs } = this.#limits;
    const elapsed = Math.max(0, now - this.#refilledAt);
    this.#tokens = Math.min(messageBurst, this.#tokens + (elapsed * maxMessagesPerSecond) / 1000);
    this.#refilledAt = now;
    if (this.#tokens >= 1) {
      this.#tokens -= 1;
      return 'accept';
    }
    if (now - this.#windowStart > floodWindowMs) {
      this.#windowStart = now;
      this.#dropsInWindow = 0;
    }
    this.#dropsInWindow += 1;
    return this.#dropsInWindow > floodDropLimit ? 'flood' : 'drop';
  }
}
