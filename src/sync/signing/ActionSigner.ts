import type { LoggedAction } from '../log/SyncedGame';
import { rememberSignature, signedText, type PageSigner } from './signatures';

/** The seat an action is signed for, with the sequence number it must have at least; null when it needs no signature. */
export type SeatOf = (action: LoggedAction) => { game: string; seat: string; seq: number } | null;

/** How many signatures made ahead are kept: a few controls' worth (a TicTacToe board and its history). */
const SIGNED_AHEAD_MAX = 64;

/**
 * Signs a seated player's actions in front of the timeline: each with the seat, the seat's next sequence number and
 * this page's key, over the room's name (signatures.ts). Actions keep their order: one waiting for WebCrypto holds
 * back those made after it. An action the player may make next can be signed ahead (signAhead), so it goes at once.
 */
export class ActionSigner {
  readonly #roomName: string;
  readonly #signer: () => Promise<PageSigner>;
  readonly #seatOf: SeatOf;
  readonly #submit: (action: LoggedAction) => void;
  /** Actions waiting for their signature, in the order they were made; the first is being signed. */
  readonly #queue: LoggedAction[] = [];
  /** The last sequence number this page signed per game and seat: actions signed back to back count on from it. */
  readonly #lastSeq = new Map<string, number>();
  /** Signatures made ahead, by the text they sign; null while WebCrypto is signing it. */
  readonly #signedAhead = new Map<string, string | null>();
  /** This page's public key once the signer has loaded. */
  #key: string | null = null;
  #disposed = false;

  /** seatOf: the seat an action is signed for, judged on what the page shows; submit: where signed actions go. */
  constructor(
    roomName: string,
    signer: () => Promise<PageSigner>,
    seatOf: SeatOf,
    submit: (a: LoggedAction) => void,
  ) {
    this.#roomName = roomName;
    this.#signer = signer;
    this.#seatOf = seatOf;
    this.#submit = submit;
  }

  /** Submits the action, signed first when it needs a signature: at once when it was signed ahead, else in turn. */
  submit(action: LoggedAction): void {
    const ready = this.#queue.length === 0 ? this.#takeSignedAhead(action) : null;
    if (ready) return this.#submit(ready);
    if (this.#queue.length === 0 && this.#seat(action) === null) return this.#submit(action);
    this.#queue.push(action);
    if (this.#queue.length === 1) void this.#signQueued();
  }

  /** Signs ahead an action the player may make next (a tile being dragged may be discarded). */
  signAhead(action: LoggedAction): void {
    void this.#signer()
      .then(async (signer) => {
        this.#key = signer.key;
        const unsigned = this.#toSign(action);
        // A control's approach asks more than once (pointer over, pressed, focused): one signature per text.
        if (!unsigned || this.#signedAhead.has(unsigned.text)) return;
        // Older ones are signed again if they are made.
        if (this.#signedAhead.size >= SIGNED_AHEAD_MAX) this.#signedAhead.clear();
        this.#signedAhead.set(unsigned.text, null);
        try {
          this.#signedAhead.set(unsigned.text, await signer.sign(unsigned.text));
        } catch {
          // Nothing is lost: the action is signed when it is made, as without signing ahead.
          this.#signedAhead.delete(unsigned.text);
        }
      })
      .catch(() => {});
  }

  /** Stops signing: actions still waiting are dropped. */
  dispose(): void {
    this.#disposed = true;
  }

  // The seat an action is to be signed for, or null: none needed, or signed already (an action judged again).
  #seat(action: LoggedAction) {
    const payload = action.payload;
    if (typeof payload !== 'object' || payload === null || 'signature' in payload) return null;
    return this.#seatOf(action);
  }

  // Signs the waiting actions one by one, each against the state it will be judged in once the ones before are shown.
  async #signQueued(): Promise<void> {
    while (this.#queue.length > 0 && !this.#disposed) {
      const action = this.#queue[0];
      try {
        const signed = await this.#sign(action);
        if (!this.#disposed) this.#submit(signed);
      } catch (err) {
        console.error(`Could not sign ${action.type}`, err);
      }
      this.#queue.shift();
    }
  }

  async #sign(action: LoggedAction): Promise<LoggedAction> {
    const signer = await this.#signer();
    this.#key = signer.key;
    const unsigned = this.#toSign(action);
    if (!unsigned) return action;
    this.#lastSeq.set(unsigned.counted, unsigned.seq);
    const signature = await signer.sign(unsigned.text);
    // Judging its own entry costs this page no verification.
    rememberSignature(signer.key, unsigned.text, signature);
    return { ...action, payload: { ...unsigned.payload, signature } };
  }

  // The action with its signer (seat, next sequence number, this page's key) and the text to sign; null when it needs
  // no signature or the key has not loaded yet.
  #toSign(action: LoggedAction) {
    const seat = this.#seat(action);
    const key = this.#key;
    if (!seat || key === null) return null;
    const counted = `${seat.game}:${seat.seat}`;
    const seq = Math.max(seat.seq, (this.#lastSeq.get(counted) ?? 0) + 1);
    const payload = { ...(action.payload as object), signer: { seat: seat.seat, seq, key } };
    return { counted, seq, payload, text: signedText(this.#roomName, seat.game, action.type, payload) };
  }

  // The action signed, when a signature made ahead for exactly it (same seat, sequence number and payload) is ready.
  #takeSignedAhead(action: LoggedAction): LoggedAction | null {
    if (this.#signedAhead.size === 0) return null;
    const unsigned = this.#toSign(action);
    const signature = unsigned ? this.#signedAhead.get(unsigned.text) : undefined;
    if (!unsigned || signature === undefined || signature === null || this.#key === null) return null;
    this.#signedAhead.delete(unsigned.text);
    this.#lastSeq.set(unsigned.counted, unsigned.seq);
    rememberSignature(this.#key, unsigned.text, signature);
    return { ...action, payload: { ...unsigned.payload, signature } };
  }
}
