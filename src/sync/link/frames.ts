/**
 * Data channels cap the size of one message, so every encoded message travels as numbered frames of at
 * most MAX_FRAME_BYTES: a 13-byte header (version, message id, index, count) and a slice of the payload.
 * A message that fits in one frame (every message an action sends) travels as a 1-byte header and the payload, or,
 * once the link deflates, as another 1-byte header and the message's piece of the link's deflate stream (without the
 * four bytes every piece ends with, when the remote takes that).
 */

/** The largest frame put on a data channel; 16 KiB passes every browser's SCTP limit. */
export const MAX_FRAME_BYTES = 16 * 1024;
/** Bytes of header in front of each frame's slice of the payload. */
export const FRAME_HEADER_BYTES = 13;
const FRAME_VERSION = 1;
/** The header byte of a frame holding a whole message. */
const WHOLE_FRAME = 2;
/** The header byte of a frame holding a whole message deflated: the next piece of the link's stream (linkDeflate). */
const DEFLATED_FRAME = 3;
/** The same piece without its flush tail (FLUSH_TAIL), for a remote whose hello says it takes such frames. */
const BARE_DEFLATED_FRAME = 4;
/**
 * The four bytes that end every piece of a link's stream (a sync flush's empty stored block): the same each time, so a
 * link leaves them out and the receiver puts them back, as WebSocket's permessage-deflate does (RFC 7692, 7.2.1).
 */
const FLUSH_TAIL = Uint8Array.of(0x00, 0x00, 0xff, 0xff);
/**
 * The largest message a link deflates: its piece of the stream then fits one frame whatever it holds (DEFLATE adds a
 * few bytes a block to what does not shrink). Larger ones (a whole document, a long log) travel as plain frames.
 */
export const MAX_DEFLATED_MESSAGE_BYTES = MAX_FRAME_BYTES - 64;

/** One decoded frame: the slice `body` is part `index` of `count` of message `messageId`. */
export type Frame = { messageId: number; index: number; count: number; body: Uint8Array };

/** Splits payload into frames of at most maxFrameBytes each; an empty payload still yields one frame. */
export function encodeFrames(
  payload: Uint8Array,
  messageId: number,
  maxFrameBytes = MAX_FRAME_BYTES,
): Uint8Array[] {
  const room = maxFrameBytes - FRAME_HEADER_BYTES;
  if (room < 1) throw new Error(`maxFrameBytes must exceed ${FRAME_HEADER_BYTES}`);
  if (payload.length < maxFrameBytes) {
    const whole = new Uint8Array(1 + payload.length);
    whole[0] = WHOLE_FRAME;
    whole.set(payload, 1);
    return [whole];
  }
  const count = Math.max(1, Math.ceil(payload.length / room));
  const frames: Uint8Array[] = [];
  for (let index = 0; index < count; index++) {
    const body = payload.subarray(index * room, (index + 1) * room);
    const frame = new Uint8Array(FRAME_HEADER_BYTES + body.length);
    const view = new DataView(frame.buffer);
    view.setUint8(0, FRAME_VERSION);
    view.setUint32(1, messageId >>> 0);
    view.setUint32(5, index);
    view.setUint32(9, count);
    frame.set(body, FRAME_HEADER_BYTES);
    frames.push(frame);
  }
  return frames;
}

/**
 * The frame of one message deflated on the link's stream (at most MAX_DEFLATED_MESSAGE_BYTES before deflating); bare:
 * without the piece's flush tail, for a remote that says it takes bare frames.
 */
export function deflatedFrame(piece: Uint8Array, bare = false): Uint8Array {
  const cut = bare && endsWithTail(piece) ? FLUSH_TAIL.length : 0;
  const frame = new Uint8Array(1 + piece.length - cut);
  frame[0] = cut > 0 ? BARE_DEFLATED_FRAME : DEFLATED_FRAME;
  frame.set(piece.subarray(0, piece.length - cut), 1);
  return frame;
}

/** The piece of the link's deflate stream a frame holds (a bare frame's with its tail again), or null for other kinds. */
export function deflatedPiece(frame: Uint8Array): Uint8Array | null {
  if (frame.length < 1) return null;
  if (frame[0] === DEFLATED_FRAME) return frame.subarray(1);
  if (frame[0] !== BARE_DEFLATED_FRAME) return null;
  return joinBytes([frame.subarray(1), FLUSH_TAIL], frame.length - 1 + FLUSH_TAIL.length);
}

const endsWithTail = (piece: Uint8Array): boolean =>
  piece.length >= FLUSH_TAIL.length &&
  FLUSH_TAIL.every((byte, i) => piece[piece.length - FLUSH_TAIL.length + i] === byte);

/** The parts joined into one array of `size` bytes (the part itself when there is one). */
export function joinBytes(parts: readonly Uint8Array[], size: number): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Reads one frame's header; null when the bytes are not a frame of this version. */
export function decodeFrame(bytes: Uint8Array): Frame | null {
  if (bytes.length >= 1 && bytes[0] === WHOLE_FRAME)
    return { messageId: -1, index: 0, count: 1, body: bytes.subarray(1) };
  if (bytes.length < FRAME_HEADER_BYTES) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint8(0) !== FRAME_VERSION) return null;
  const count = view.getUint32(9);
  const index = view.getUint32(5);
  if (count === 0 || index >= count) return null;
  return { messageId: view.getUint32(1), index, count, body: bytes.subarray(FRAME_HEADER_BYTES) };
}
