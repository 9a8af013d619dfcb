/**
 * The listeners of something the room tells (a list's changes, ephemeral messages), until it is disposed: each one is
 * called in turn, one that throws does not stop the others, and disposing stops telling any of them, once.
 */
export class Listeners<A extends unknown[]> {
  readonly #listeners = new Set<(...args: A) => void>();
  readonly #what: string;
  #detach: () => void = () => {};
  #disposed = false;

  /** `what` names them in the console when one throws, e.g. 'list'. */
  constructor(what: string) {
    this.#what = what;
  }

  /** Whether dispose has been called. */
  get disposed(): boolean {
    return this.#disposed;
  }

  /** Remembers how to stop listening to the source (called once, on dispose). */
  attach(detach: () => void): void {
    this.#detach = detach;
  }

  /** Calls every listener with args. */
  tell(...args: A): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(...args);
      } catch (err) {
        console.error(`A ${this.#what} listener threw`, err);
      }
    }
  }

  /** Calls listener whenever something is told; returns the unsubscribe. */
  subscribe(listener: (...args: A) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Stops listening to the source and forgets every listener; idempotent. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#detach();
    this.#listeners.clear();
  }
}
