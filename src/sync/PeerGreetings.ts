/** Told each remote greeting as it arrives, and null once the link to that peer closed. */
export type GreetingListener = (peerId: string, greeting: unknown) => void;

/**
 * What peers say first on a link, before their Repos run (the room's presence rides on it, so "Connected:" lists a
 * peer as soon as its data channel opens): this side's greeting for new links, and the latest greeting of each linked
 * peer. A listener added late is told the greetings already there.
 */
export class PeerGreetings {
  #local: unknown = null;
  readonly #remote = new Map<string, unknown>();
  readonly #listeners = new Set<GreetingListener>();

  /** This side's greeting, null until set. */
  get local(): unknown {
    return this.#local;
  }

  set local(greeting: unknown) {
    this.#local = greeting;
  }

  /** Calls listener with every greeting held now, then with each change; returns the unsubscribe. */
  subscribe(listener: GreetingListener): () => void {
    this.#listeners.add(listener);
    for (const [peerId, greeting] of this.#remote) this.#tell(listener, peerId, greeting);
    return () => this.#listeners.delete(listener);
  }

  /** A greeting came from peerId. */
  received(peerId: string, greeting: unknown): void {
    if (greeting === null) return;
    this.#remote.set(peerId, greeting);
    for (const listener of [...this.#listeners]) this.#tell(listener, peerId, greeting);
  }

  /** The link to peerId closed: its greeting no longer stands. */
  gone(peerId: string): void {
    if (!this.#remote.delete(peerId)) return;
    for (const listener of [...this.#listeners]) this.#tell(listener, peerId, null);
  }

  #tell(listener: GreetingListener, peerId: string, greeting: unknown): void {
    try {
      listener(peerId, greeting);
    } catch (error) {
      console.error('A greeting listener threw', error);
    }
  }
}
