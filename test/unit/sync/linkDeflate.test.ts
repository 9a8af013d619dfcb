import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deflateRaw } from 'pako';
import {
  MAX_DEFLATED_MESSAGE_BYTES,
  MAX_FRAME_BYTES,
  deflatedFrame,
  deflatedPiece,
} from '../../../src/sync/link/frames.ts';
import { InflateError, LinkDeflater, LinkInflater } from '../../../src/sync/link/linkDeflate.ts';
import { fcSettings } from '../../helpers/fcSettings';

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);
const text = (s: string) => new TextEncoder().encode(s);
const LIMIT = 16 * 1024 * 1024;

/** A message like those an action sends: an entry with its id, signature and payload (the parts that recur). */
const entry = (n: number, step: number) =>
  text(
    JSON.stringify({
      id: `db39ef550b44:${n}`,
      action: {
        type: 'tictactoe/historyJumped',
        payload: { by: { id: '3mnzivfuf5mfsb5szy0d7oxp0', name: 'Ida' }, step, signature: `sig${n * 7919}` },
      },
    }),
  );

describe('a link deflate stream', () => {
  it('gives back each message whole from its own piece, in order, across many messages', () => {
    // Messages repeat their predecessors in part (the stream's gain) or are noise; up to a frame's worth each.
    const message = fc.oneof(
      fc.uint8Array({ minLength: 1, maxLength: 2000 }),
      fc.uint8Array({ minLength: 1, maxLength: MAX_DEFLATED_MESSAGE_BYTES }),
      fc.tuple(fc.nat(1000), fc.nat(9)).map(([n, step]) => entry(n, step)),
    );
    // Bare or not, frame by frame (a page sends bare only to a remote that takes them; the stream is the same).
    fc.assert(
      fc.property(fc.array(fc.tuple(message, fc.boolean()), { minLength: 1, maxLength: 40 }), (messages) => {
        const deflater = new LinkDeflater();
        const inflater = new LinkInflater();
        return messages.every(([m, bare]) => {
          const frame = deflatedFrame(deflater.push(m), bare);
          const piece = deflatedPiece(frame);
          return (
            frame.length <= MAX_FRAME_BYTES && piece !== null && sameBytes(inflater.push(piece, LIMIT), m)
          );
        });
      }),
      fcSettings(0x11fd, 60),
    );
  });

  it('leaves out the four bytes every piece ends with from a bare frame, and puts them back', () => {
    const deflater = new LinkDeflater();
    const piece = deflater.push(entry(2, 1));
    expect([...piece.subarray(-4)]).toEqual([0x00, 0x00, 0xff, 0xff]);
    const full = deflatedFrame(piece);
    const bare = deflatedFrame(piece, true);
    expect(bare.length).toBe(full.length - 4);
    expect(bare[0]).not.toBe(full[0]);
    expect(deflatedPiece(bare)).toEqual(piece);
    expect(deflatedPiece(full)).toEqual(piece);
    // A piece that does not end so (none does from a sync flush) goes whole.
    expect(deflatedFrame(Uint8Array.of(1, 2, 3), true)).toEqual(deflatedFrame(Uint8Array.of(1, 2, 3)));
  });

  it('sends what an earlier message said in a few bytes', () => {
    const deflater = new LinkDeflater();
    const first = deflater.push(entry(2, 1));
    const again = deflater.push(entry(3, 0));
    expect(first.length).toBeLessThan(entry(2, 1).length);
    expect(again.length).toBeLessThan(first.length / 3);
  });

  it('refuses a piece that does not inflate, and every piece after it', () => {
    const inflater = new LinkInflater();
    expect(() => inflater.push(Uint8Array.of(0xff, 0xff, 0xff, 0xff), LIMIT)).toThrow(InflateError);
    const good = new LinkDeflater().push(text('hello'));
    expect(() => inflater.push(good, LIMIT)).toThrow(/follows a piece that did not inflate/);
  });

  it('refuses a piece that carries no message', () => {
    // A stream's last block followed by nothing: what is left inflates to no bytes.
    const ended = deflateRaw(text('end'));
    const inflater = new LinkInflater();
    expect(new TextDecoder().decode(inflater.push(ended, LIMIT))).toBe('end');
    expect(() => inflater.push(Uint8Array.of(0), LIMIT)).toThrow(
      /no message|did not inflate|does not inflate/,
    );
  });

  it('stops a piece that inflates past the bound, a deflate bomb among them', () => {
    const bomb = new LinkDeflater().push(new Uint8Array(4 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(MAX_FRAME_BYTES);
    const inflater = new LinkInflater();
    const error = (() => {
      try {
        inflater.push(bomb, 1024 * 1024);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(InflateError);
    expect((error as InflateError).tooLarge).toBe(true);
    expect((error as InflateError).message).toBe('inflates to more than 1048576 bytes');
  });
});
