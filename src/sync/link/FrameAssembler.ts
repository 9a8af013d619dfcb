import { decodeFrame, joinBytes } from './frames.ts';

/** Limits on what one peer may make us buffer (defaults allow a 64 MiB message), and who hears of a larger one. */
export type FrameAssemblerOptions = { maxMessageBytes?: number; onOversize?: (bytes: number) => void };

/**
 * Reassembles the frames of one ordered data channel into whole messages. Frames of one message arrive
 * in order and never interleave with another's (the sender writes all of them at once), so only one
 * message is ever in progress; anything out of order drops that message rather than guessing.
 */
export class FrameAssembler {
  readonly #maxMessageBytes: number;
  readonly #onOversize: (bytes: number) => void;
  #messageId = -1;
  #expected = 0;
  #count = 0;
  #size = 0;
  #parts: Uint8Array[] = [];

  constructor({ maxMessageBytes = 64 * 1024 * 1024, onOversize = () => {} }: FrameAssemblerOptions = {}) {
    this.#maxMessageBytes = maxMessageBytes;
    this.#onOversize = onOversize;
  }

  /** Takes one frame; returns the whole message when this frame completes it, else null. Never throws. */
  push(bytes: Uint8Array): Uint8Array | null {
    const frame = decodeFrame(bytes);
    if (!frame) return null;
    if (frame.index === 0) this.#start(frame.messageId, frame.count);
    else if (
      frame.messageId !== this.#messageId ||
      frame.index !== this.#expected ||
      frame.count !== this.#count
    ) {
      this.#reset();
      return null;
    }
    this.#size += frame.body.length;
    if (this.#size > this.#maxMessageBytes) {
      const size = this.#size;
      this.#reset();
      this.#onOversize(size);
      return null;
    }
    this.#parts.push(frame.body.slice());
    this.#expected++;
    if (this.#expected < this.#count) return null;
    const message = joinBytes(this.#parts, this.#size);
    this.#reset();
    return message;
  }

  #start(messageId: number, count: number): void {
    this.#reset();
    this.#messageId = messageId;
    this.#count = count;
  }

  #reset(): void {
    this.#messageId = -1;
    this.#expected = 0;
    this.#count = 0;
    this.#size = 0;
    this.#parts = [];
  }
}
