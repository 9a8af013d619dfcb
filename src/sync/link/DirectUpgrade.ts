import type SimplePeer from 'simple-peer';
import type { LinkChannel } from './PeerLink.ts';

/**
 * When a relayed link tries a direct one again: first this long after it opened, then each wait twice the last, up to
 * the cap. A pair that could not link directly rarely can a moment later (a strict NAT stays strict); one whose network
 * changed (a phone off the company Wi-Fi) moves within a few minutes at most.
 */
export const DIRECT_RETRY_MS = { first: 3_000, max: 120_000 } as const;
/** The soonest the answering side takes a new attempt after the last: a peer cannot make it churn connections. */
const MIN_ANSWER_GAP_MS = 1_000;
/** The most signals one attempt takes (an offer or answer and its candidates: a handful). */
const MAX_SIGNALS_PER_ATTEMPT = 64;

/** What a DirectUpgrade needs: how to open a WebRTC channel, where its signals go, and what it reports. */
export type DirectUpgradeOptions = {
  /** The relayed link's dialler makes each attempt's offer; the other side answers. */
  initiator: boolean;
  /** A WebRTC channel, or null when this page cannot open one (simple-peer not loaded). */
  openChannel: (initiator: boolean) => LinkChannel | null;
  /** Sends a signal of an attempt to the remote (over the relayed link). */
  sendSignal: (attempt: number, signal: object) => void;
  /** The attempt's channel connected on this side. */
  onConnect: (attempt: number) => void;
  /** A frame arrived on the attempt's channel. */
  onData: (attempt: number, chunk: Uint8Array) => void;
  /** The attempt's channel closed or failed (after hold(), the link's to handle; before, the next try is planned). */
  onEnd: (attempt: number) => void;
  /** The attempt's ICE state changed. */
  onIceState: (attempt: number, state: RTCIceConnectionState) => void;
  retryMs?: { first: number; max: number };
  /** How long an attempt may take to connect before it is dropped. */
  attemptTimeoutMs: number;
  log: (message: string, detail?: unknown) => void;
};

type Attempt = {
  number: number;
  channel: LinkChannel;
  signals: number;
  timer: ReturnType<typeof setTimeout>;
};

/**
 * The direct attempts of a relayed link: while the link is relayed its dialler opens a WebRTC channel now and then,
 * their signals travelling over the relayed link itself (so they need no token of the mesh's and stay end-to-end
 * sealed in a private room), until one connects and the link moves onto it (PeerLink). One attempt at a time;
 * a newer attempt replaces an older one.
 */
export class DirectUpgrade {
  readonly #options: DirectUpgradeOptions;
  #attempt: Attempt | null = null;
  #held = false;
  #stopped = false;
  #nextWaitMs: number;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #lastAnsweredAt = -Infinity;
  /** The dialler's next attempt number: always higher than any before, so the answerer never mixes two attempts. */
  #nextAttempt = 0;

  constructor(options: DirectUpgradeOptions) {
    this.#options = options;
    this.#nextWaitMs = (options.retryMs ?? DIRECT_RETRY_MS).first;
  }

  /** The relayed link opened: the dialler plans its first attempt. */
  start(): void {
    if (this.#options.initiator) this.#planTry();
  }

  /** The channel of attempt, while it stands. */
  channel(attempt: number): LinkChannel | null {
    return this.#attempt?.number === attempt ? this.#attempt.channel : null;
  }

  /** The link moved onto attempt's channel: it is the link's from now on, and no other attempt is made. */
  hold(attempt: number): void {
    if (this.#attempt?.number !== attempt) return;
    this.#held = true;
    clearTimeout(this.#attempt.timer);
    clearTimeout(this.#retryTimer);
  }

  /** A signal of attempt from the remote: fed to the attempt, or, on the answering side, the start of a newer one. */
  signal(attempt: number, signal: unknown): void {
    if (this.#stopped) return;
    let current = this.#attempt;
    if (!this.#options.initiator && !this.#held && (current === null || attempt > current.number)) {
      const now = Date.now();
      if (now - this.#lastAnsweredAt < MIN_ANSWER_GAP_MS) return;
      this.#lastAnsweredAt = now;
      current = this.#open(attempt);
    }
    if (!current || current.number !== attempt || ++current.signals > MAX_SIGNALS_PER_ATTEMPT) return;
    try {
      current.channel.signal(signal as SimplePeer.SignalData);
    } catch (error) {
      this.#options.log('webrtc: a bad signal for a direct link; the link stays relayed', error);
      this.#drop(current);
    }
  }

  /** The link closed: the attempt's channel goes, held or not, and no more are made. */
  close(): void {
    this.#stopped = true;
    clearTimeout(this.#retryTimer);
    if (this.#attempt) this.#drop(this.#attempt);
  }

  #planTry(): void {
    const { max } = this.#options.retryMs ?? DIRECT_RETRY_MS;
    const wait = this.#nextWaitMs;
    this.#nextWaitMs = Math.min(max, wait * 2);
    clearTimeout(this.#retryTimer);
    this.#retryTimer = setTimeout(() => {
      if (this.#stopped || this.#held) return;
      this.#open(this.#nextAttempt++);
    }, wait);
  }

  #open(number: number): Attempt | null {
    if (this.#attempt) this.#drop(this.#attempt, false);
    const channel = this.#options.openChannel(this.#options.initiator);
    if (!channel) {
      if (this.#options.initiator) this.#planTry();
      return null;
    }
    const options = this.#options;
    const attempt: Attempt = {
      number,
      channel,
      signals: 0,
      timer: setTimeout(() => this.#drop(attempt), options.attemptTimeoutMs),
    };
    this.#attempt = attempt;
    const mine = (fn: () => void) => () => {
      if (this.#attempt === attempt) fn();
    };
    channel.on('signal', (signal: object) => mine(() => options.sendSignal(number, signal))());
    channel.on('connect', () => mine(() => options.onConnect(number))());
    channel.on('data', (chunk: Uint8Array) => mine(() => options.onData(number, chunk))());
    channel.on('iceStateChange', (state: RTCIceConnectionState) =>
      mine(() => options.onIceState(number, state))(),
    );
    const end = () => mine(() => (this.#held ? options.onEnd(number) : this.#drop(attempt)))();
    channel.on('close', end);
    channel.on('error', end);
    return attempt;
  }

  // An attempt that failed or gave way: its channel goes, and the dialler plans the next unless told to stop.
  #drop(attempt: Attempt, retry = true): void {
    clearTimeout(attempt.timer);
    if (this.#attempt === attempt) this.#attempt = null;
    attempt.channel.removeAllListeners();
    // simple-peer may still finish an async step after destroy and emit an error nobody else listens to.
    attempt.channel.on('error', () => {});
    attempt.channel.destroy();
    if (retry && this.#options.initiator && !this.#stopped && !this.#held) this.#planTry();
  }
}
