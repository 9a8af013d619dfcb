import type { LinkChannel } from './PeerLink.ts';

/**
 * What one relayed envelope says: a dialler asks to open a link (open), its peer takes it (accept), a frame of the
 * link, or its end (close).
 */
export const RELAY_KINDS = { open: 1, accept: 2, frame: 3, close: 4 } as const;
/** One of RELAY_KINDS. */
export type RelayKind = (typeof RELAY_KINDS)[keyof typeof RELAY_KINDS];

/** Sends one envelope of the channel to its remote: its kind and, for a frame, the frame. */
export type RelaySend = (kind: RelayKind, frame?: Uint8Array) => void;

type Listener = (...args: never[]) => void;

/**
 * A link's channel relayed through the signalling server, for two pages whose WebRTC link does not open: what simple-peer
 * is to a WebRTC link, so the PeerLink above it (frames, deflate, limits, greetings, notes, the Repo's messages) runs
 * unchanged. The dialler says open; its peer accepts, and both are connected once the accept arrives. The server keeps
 * each socket's frames in order, so the channel is ordered and reliable as a data channel is, until either end closes.
 */
export class RelayChannel implements LinkChannel {
  readonly #send: RelaySend;
  readonly #onGone: () => void;
  readonly #listeners = new Map<string, Set<Listener>>();
  #connected = false;
  #destroyed = false;

  /** Says open (initiator) or accept at once; onGone is called once the channel ends, either way. */
  constructor(initiator: boolean, send: RelaySend, onGone: () => void) {
    this.#send = send;
    this.#onGone = onGone;
    if (initiator) {
      send(RELAY_KINDS.open);
      return;
    }
    send(RELAY_KINDS.accept);
    this.#connected = true;
    // The link registers its listeners right after making the channel.
    queueMicrotask(() => this.#emit('connect'));
  }

  /** Adds a listener of event ('connect', 'data', 'close'; a relayed channel has no signal, error or ICE state). */
  on(event: string, listener: Listener): this {
    const set = this.#listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.#listeners.set(event, set);
    return this;
  }

  /** Drops every listener. */
  removeAllListeners(): this {
    this.#listeners.clear();
    return this;
  }

  /** A relayed channel takes no WebRTC signals. */
  signal(): void {}

  /** Sends one frame of the link (the remote receives them in order). */
  write(frame: Uint8Array): boolean {
    if (this.#destroyed) return false;
    this.#send(RELAY_KINDS.frame, frame);
    return true;
  }

  /** Ends the channel and tells the remote; idempotent. */
  destroy(): void {
    if (this.#destroyed) return;
    this.#send(RELAY_KINDS.close);
    this.#end();
  }

  /** An envelope of this channel arrived from the remote. */
  receive(kind: RelayKind, frame: Uint8Array): void {
    if (this.#destroyed) return;
    if (kind === RELAY_KINDS.accept && !this.#connected) {
      this.#connected = true;
      this.#emit('connect');
    } else if (kind === RELAY_KINDS.frame && this.#connected) this.#emit('data', frame);
    else if (kind === RELAY_KINDS.close) this.remoteGone();
  }

  /** The remote closed, left, or lost its relay: the channel closes without a word back. */
  remoteGone(): void {
    if (this.#destroyed) return;
    this.#end();
    this.#emit('close');
  }

  #end(): void {
    this.#destroyed = true;
    this.#onGone();
  }

  #emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])])
      (listener as (...a: unknown[]) => void)(...args);
  }
}
