import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../../signaling/RateLimiter.ts';

const limits = { maxMessagesPerSecond: 10, messageBurst: 5, floodDropLimit: 3, floodWindowMs: 1000 };

describe('RateLimiter', () => {
  it('accepts a full burst at once, then drops', () => {
    const limiter = new RateLimiter(limits, 0);
    expect(Array.from({ length: 6 }, () => limiter.take(0))).toEqual([...Array(5).fill('accept'), 'drop']);
  });

  it('refills at the sustained rate, never beyond the burst', () => {
    const limiter = new RateLimiter(limits, 0);
    for (let i = 0; i < 5; i++) limiter.take(0);
    expect(limiter.take(100)).toBe('accept');
    expect(limiter.take(100)).toBe('drop');
    const verdicts = Array.from({ length: 6 }, () => limiter.take(60_000));
    expect(verdicts.filter((v) => v === 'accept')).toHaveLength(5);
  });

  it('reports a flood once drops within the window pass the limit', () => {
    const limiter = new RateLimiter(limits, 0);
    for (let i = 0; i < 5; i++) limiter.take(0);
    expect([limiter.take(0), limiter.take(0), limiter.take(0), limiter.take(0)]).toEqual([
      'drop',
      'drop',
      'drop',
      'flood',
    ]);
  });

  it('forgets drops from an earlier window', () => {
    const limiter = new RateLimiter(limits, 0);
    for (let i = 0; i < 8; i++) limiter.take(0);
    expect(limiter.take(2000 - 1)).toBe('accept');
    for (let i = 0; i < 4; i++) limiter.take(2000);
    expect(limiter.take(2000)).toBe('drop');
  });
});
