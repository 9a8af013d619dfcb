/** Told each remote greeting of one topic as it arrives, and null once the link to that peer closed. */
export type GreetingListener = (peerId: string, greeting: unknown) => void;
/** Told each note of one topic a linked peer sent. */
export type NoteListener = (peerId: string, body: unknown) => void;

/** What a transport offers for greetings and notes (the WebRTC adapter): presence and the log catch-up use it. */
export type LinkGreetings = {
  setGreeting(topic: string, greeting: unknown): void;
  onGreeting(topic: string, listener: GreetingListener): () => void;
  sendNote(peerId: string, topic: string, body: unknown): boolean;
  broadcastNote(topic: string, body: unknown): void;
  onNote(topic: string, listener: NoteListener): () => void;
  /** What this side says as it closes on topic, through the server too: its links may never carry a closing page's word. */
  setFarewell(topic: string, body: unknown): void;
};

/**
 * What peers say on a link outside their Repos, which may not run yet. Greetings: what each side says first on every
 * link, once per topic (the room's presence, so "Connected:" lists a peer as soon as its data channel opens; a late
 * joiner's ask for the room's logs). Notes: a message to one linked peer (the logs it asked for). Keeps this side's
 * greetings for new links and the latest greeting of each linked peer; a listener added late is told the greetings
 * already there.
 */
export class GreetingsAndNotes {
  readonly #local = new Map<string, unknown>();
  readonly #remote = new Map<string, Map<string, unknown>>();
  readonly #listeners = new Map<string, Set<GreetingListener>>();
  readonly #noteListeners = new Map<string, Set<NoteListener>>();

  /** This side's greetings by topic (a topic set to null is not said). */
  get local(): ReadonlyMap<string, unknown> {
    return this.#local;
  }

  /** Sets this side's greeting of a topic; null withdraws it from links opened from now on. */
  setLocal(topic: string, greeting: unknown): void {
    if (greeting === null) this.#local.delete(topic);
    else this.#local.set(topic, greeting);
  }

  /** Calls listener with every greeting of topic held now, then with each change; returns the unsubscribe. */
  subscribe(topic: string, listener: GreetingListener): () => void {
    const listeners = getOrAdd(this.#listeners, topic, () => new Set());
    listeners.add(listener);
    for (const [peerId, greeting] of this.#remote.get(topic) ?? []) tell(listener, peerId, greeting);
    return () => listeners.delete(listener);
  }

  /** Calls listener with each note of topic from now on; returns the unsubscribe. */
  subscribeNotes(topic: string, listener: NoteListener): () => void {
    const listeners = getOrAdd(this.#noteListeners, topic, () => new Set());
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  /** A greeting of topic came from peerId. */
  received(peerId: string, topic: string, greeting: unknown): void {
    if (greeting === null) return;
    getOrAdd(this.#remote, topic, () => new Map()).set(peerId, greeting);
    for (const listener of [...(this.#listeners.get(topic) ?? [])]) tell(listener, peerId, greeting);
  }

  /** A note of topic came from peerId. */
  noted(peerId: string, topic: string, body: unknown): void {
    for (const listener of [...(this.#noteListeners.get(topic) ?? [])]) tell(listener, peerId, body);
  }

  /** The link to peerId closed: its greetings no longer stand. */
  gone(peerId: string): void {
    for (const [topic, greetings] of this.#remote) {
      if (!greetings.delete(peerId)) continue;
      for (const listener of [...(this.#listeners.get(topic) ?? [])]) tell(listener, peerId, null);
    }
  }
}

function getOrAdd<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}

function tell(listener: (peerId: string, value: unknown) => void, peerId: string, value: unknown): void {
  try {
    listener(peerId, value);
  } catch (error) {
    console.error('A link greeting or note listener threw', error);
  }
}
