/**
 * One data channel's messages as one DEFLATE stream per direction, each message flushed on its own (as WebSocket's
 * permessage-deflate keeps its context): a message repeats much of those before it on the link (the entry sent ahead
 * is the entry in its change, a head hash comes back in the acknowledgement, ids and keys recur), and the stream's
 * window finds it. The channel is ordered and reliable, so both ends walk the same stream.
 */
import { Deflate, Inflate, Z_SYNC_FLUSH } from 'pako';
import { joinBytes } from './frames.ts';

/** pako's output chunk: a flushed action message fits in one. */
const CHUNK_BYTES = 4096;

/** The sending end: each message in, its deflated bytes out, flushed so they inflate whole after the earlier ones. */
export class LinkDeflater {
  // An 8 KB window and smaller tables: what repeats is a message or two back (an Okey discard costs the same as with
  // zlib's 32 KB window), and a link's deflater takes about 64 KB rather than 260 (a page may hold 35 links). The
  // best compression: an action's messages are small, so the longer search costs little, and saves some 3 bytes of a
  // TicTacToe history jump's 65.
  readonly #deflate = new Deflate({
    raw: true,
    level: 9,
    windowBits: 13,
    memLevel: 6,
    chunkSize: CHUNK_BYTES,
  });
  #chunks: Uint8Array[] = [];
  #size = 0;

  constructor() {
    this.#deflate.onData = (chunk: Uint8Array) => {
      this.#chunks.push(chunk);
      this.#size += chunk.length;
    };
  }

  /** The message's bytes on the link's stream. */
  push(message: Uint8Array): Uint8Array {
    this.#chunks = [];
    this.#size = 0;
    if (!this.#deflate.push(message, Z_SYNC_FLUSH)) throw new Error(`deflate failed: ${this.#deflate.msg}`);
    return joinBytes(this.#chunks, this.#size);
  }
}

/** Why a piece of the stream was refused: it does not inflate, or inflates beyond the bound given. */
export class InflateError extends Error {
  constructor(
    message: string,
    readonly tooLarge: boolean,
  ) {
    super(message);
  }
}

/** The receiving end: each piece of the remote's stream in, the whole message it carries out. */
export class LinkInflater {
  readonly #inflate = new Inflate({ raw: true, chunkSize: CHUNK_BYTES * 4 });
  #chunks: Uint8Array[] = [];
  #size = 0;
  #maxBytes = 0;
  #broken = false;

  constructor() {
    this.#inflate.onData = (chunk: Uint8Array) => {
      this.#size += chunk.length;
      // Stops a deflate bomb at the bound, before the rest of it is inflated.
      if (this.#size > this.#maxBytes)
        throw new InflateError(`inflates to more than ${this.#maxBytes} bytes`, true);
      this.#chunks.push(chunk);
    };
  }

  /**
   * The message a piece carries, at most maxBytes long; throws InflateError when the piece does not inflate or passes
   * the bound. After a throw the stream is lost: every later piece throws too.
   */
  push(piece: Uint8Array, maxBytes: number): Uint8Array {
    if (this.#broken) throw new InflateError('follows a piece that did not inflate', false);
    this.#chunks = [];
    this.#size = 0;
    this.#maxBytes = maxBytes;
    try {
      if (!this.#inflate.push(piece, Z_SYNC_FLUSH) || this.#inflate.err)
        throw new InflateError(`does not inflate (${this.#inflate.msg || 'error'})`, false);
    } catch (error) {
      this.#broken = true;
      throw error instanceof InflateError
        ? error
        : new InflateError(`does not inflate (${String(error)})`, false);
    }
    // Every message on the link has bytes: a piece carrying none (after the stream's end, say) is not a message.
    if (this.#size === 0) {
      this.#broken = true;
      throw new InflateError('carries no message', false);
    }
    return joinBytes(this.#chunks, this.#size);
  }
}
