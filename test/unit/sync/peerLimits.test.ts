import { describe, expect, it } from 'vitest';
import { encodeFrames } from '../../../src/sync/link/frames';
import { FrameAssembler } from '../../../src/sync/link/FrameAssembler';
import { PEER_LIMITS, PeerBans, PeerBudget } from '../../../src/sync/link/peerLimits';

describe('PeerBudget', () => {
  it('counts messages and bytes per window and says which limit a peer broke', () => {
    let now = 0;
    const budget = new PeerBudget(
      { ...PEER_LIMITS, windowMs: 1000, maxMessagesPerWindow: 3, maxBytesPerWindow: 100 },
      () => now,
    );
    for (let i = 0; i < 3; i++) expect(budget.message()).toBeNull();
    expect(budget.message()).toBe('sent more than 3 messages in 1000 ms');
    now = 1000;
    expect(budget.message()).toBeNull();
    expect(budget.bytes(100)).toBeNull();
    expect(budget.bytes(1)).toBe('sent more than 100 bytes in 1000 ms');
  });

  it('counts the operations of changes and documents, each under its own bound and all within the window', () => {
    let now = 0;
    const budget = new PeerBudget(
      {
        ...PEER_LIMITS,
        windowMs: 1000,
        maxChangeOperations: 10,
        maxDocumentOperations: 50,
        maxOperationsPerWindow: 60,
      },
      () => now,
    );
    expect(budget.operations('change', 10)).toBeNull();
    expect(budget.operations('change', 11)).toBe('sent a change of more than 10 operations (11)');
    now = 1000;
    expect(budget.operations('document', 50)).toBeNull();
    expect(budget.operations('document', 51)).toBe('sent a document of more than 50 operations (51)');
    now = 2000;
    expect(budget.operations('document', 50)).toBeNull();
    expect(budget.operations('change', 10)).toBeNull();
    expect(budget.operations('change', 1)).toBe('sent more than 60 operations in 1000 ms');
  });
});

describe('FrameAssembler over its limit', () => {
  it('drops a message larger than the limit, tells its owner, and assembles the next one', () => {
    const oversize: number[] = [];
    const assembler = new FrameAssembler({
      maxMessageBytes: 1000,
      onOversize: (bytes) => oversize.push(bytes),
    });
    const frames = encodeFrames(new Uint8Array(3000), 1, 512);
    expect(frames.map((f) => assembler.push(f)).every((m) => m === null)).toBe(true);
    expect(oversize).toHaveLength(1);
    expect(oversize[0]).toBeGreaterThan(1000);
    const small = encodeFrames(new Uint8Array(10), 2, 512);
    expect(assembler.push(small[0])).toHaveLength(10);
  });
});

describe('PeerBans', () => {
  it('bans a peer for banMs, and only that peer', () => {
    let now = 0;
    const bans = new PeerBans(1000, () => now);
    bans.ban('x-1');
    expect([bans.has('x-1'), bans.has('y-1')]).toEqual([true, false]);
    now = 999;
    expect(bans.has('x-1')).toBe(true);
    now = 1000;
    expect(bans.has('x-1')).toBe(false);
  });
});
