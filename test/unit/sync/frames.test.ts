import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  FRAME_HEADER_BYTES,
  MAX_FRAME_BYTES,
  decodeFrame,
  encodeFrames,
} from '../../../src/sync/link/frames.ts';
import { FrameAssembler } from '../../../src/sync/link/FrameAssembler.ts';
import { fcSettings } from '../../helpers/fcSettings';

const assemble = (assembler: FrameAssembler, frames: Uint8Array[]) => frames.map((f) => assembler.push(f));
// toEqual walks big arrays element by element through its matcher machinery; this keeps the property test fast.
const sameBytes = (a: Uint8Array | null, b: Uint8Array) =>
  a !== null && a.length === b.length && a.every((x, i) => x === b[i]);

describe('chunking', () => {
  it('round-trips payloads of any size through frames of at most the limit', () => {
    expect(encodeFrames(new Uint8Array(0), 1).length).toBe(1);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 70_000 }),
        fc.integer({ min: 256, max: MAX_FRAME_BYTES }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        (size, maxFrameBytes, messageId) => {
          const payload = Uint8Array.from({ length: size }, (_, i) => (i * 31 + size) & 0xff);
          const frames = encodeFrames(payload, messageId, maxFrameBytes);
          const results = assemble(new FrameAssembler(), frames);
          return (
            frames.every((f) => f.length <= maxFrameBytes) &&
            results.slice(0, -1).every((r) => r === null) &&
            sameBytes(results[results.length - 1], payload)
          );
        },
      ),
      fcSettings(1, 100),
    );
  });

  it('reassembles consecutive messages on one channel', () => {
    const assembler = new FrameAssembler();
    const a = new Uint8Array(40_000).fill(1);
    const b = new Uint8Array(10).fill(2);
    const out = [
      ...assemble(assembler, encodeFrames(a, 1)),
      ...assemble(assembler, encodeFrames(b, 2)),
    ].filter((r) => r !== null);
    expect(out.length).toBe(2);
    expect(sameBytes(out[0], a) && sameBytes(out[1], b)).toBe(true);
  });

  it('sends a 5 MB payload as 16 KiB frames', () => {
    const payload = new Uint8Array(5 * 1024 * 1024);
    const frames = encodeFrames(payload, 7);
    expect(frames.length).toBe(Math.ceil(payload.length / (MAX_FRAME_BYTES - FRAME_HEADER_BYTES)));
    expect(frames.every((f) => f.length <= MAX_FRAME_BYTES)).toBe(true);
  });

  it.each([
    { name: 'too short', bytes: new Uint8Array(5) },
    { name: 'unknown version', bytes: Uint8Array.from({ length: 20 }, () => 9) },
    { name: 'index past count', bytes: new Uint8Array([1, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 2]) },
    { name: 'zero count', bytes: new Uint8Array([1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]) },
  ])('rejects a frame that is $name', ({ bytes }) => {
    expect(decodeFrame(bytes)).toBeNull();
    expect(new FrameAssembler().push(bytes)).toBeNull();
  });

  it('drops a message whose frames arrive out of order or from another message', () => {
    const assembler = new FrameAssembler();
    const [f0, f1, f2] = encodeFrames(new Uint8Array(100), 3, 50);
    expect(assemble(assembler, [f0, f2, f1])).toEqual([null, null, null]);
    const [g0] = encodeFrames(new Uint8Array(100), 4, 50);
    expect(assemble(assembler, [g0, f1])).toEqual([null, null]);
  });

  it('refuses to buffer a message larger than its limit', () => {
    const assembler = new FrameAssembler({ maxMessageBytes: 100 });
    const frames = encodeFrames(new Uint8Array(300), 1, 64);
    expect(assemble(assembler, frames).every((r) => r === null)).toBe(true);
  });
});
