/** How long a link to a peer may take to open before the peers go through the relay (TURN, when set, is tried first). */
export const RELAY_AFTER_MS = 3_000;

/**
 * When a peer the mesh tries to link is to be reached through the signalling server's relay instead: once no link to
 * it has opened for a few seconds since the first attempt. It keeps time only: the mesh decides what a due peer needs.
 */
export class RelayFallback {
  readonly #afterMs: number;
  readonly #onDue: (peerId: string) => void;
  readonly #timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(afterMs: number, onDue: (peerId: string) => void) {
    this.#afterMs = afterMs;
    this.#onDue = onDue;
  }

  /** The mesh tries to link peerId: it falls due afterMs from the first try, unless reached meanwhile. */
  trying(peerId: string): void {
    if (this.#timers.has(peerId)) return;
    const timer = setTimeout(() => {
      this.#timers.delete(peerId);
      this.#onDue(peerId);
    }, this.#afterMs);
    this.#timers.set(peerId, timer);
  }

  /** A link to peerId opened, or the peer left: nothing is due for it. */
  reached(peerId: string): void {
    clearTimeout(this.#timers.get(peerId));
    this.#timers.delete(peerId);
  }

  /** Forgets every peer (the mesh left its room). */
  clear(): void {
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
  }
}
