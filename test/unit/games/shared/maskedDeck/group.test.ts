import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BASE,
  IDENTITY,
  ORDER,
  decodePoint,
  decodeScalar,
  encodePoint,
  encodeScalar,
  fromBase64Url,
  pointFromBytes,
  scalarBytes,
  times,
  timesMinusTimes,
  toBase64Url,
} from '../../../../../src/games/shared/maskedDeck/group';
import { fcSettings } from '../../../../helpers/fcSettings';

const sameBytes = (a: Uint8Array | null, b: Uint8Array) =>
  a !== null && a.length === b.length && a.every((x, i) => x === b[i]);

const G = encodePoint(BASE);

describe('base64url', () => {
  it('round-trips bytes of any length', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) =>
        sameBytes(fromBase64Url(toBase64Url(bytes), bytes.length), bytes),
      ),
      fcSettings(49_1, 200),
    );
  });

  it.each([
    { name: 'the standard alphabet', text: '/'.repeat(42) + '8' },
    { name: 'padding', text: `${G}=` },
    { name: 'one character short', text: G.slice(1) },
    { name: 'a space', text: ` ${G.slice(1)}` },
    { name: 'unused trailing bits set', text: toBase64Url(new Uint8Array(32)).slice(0, 42) + 'B' },
    { name: 'not a string', text: 42 },
  ])('refuses $name', ({ text }) => {
    expect(fromBase64Url(text, 32)).toBeNull();
  });
});

describe('points as text', () => {
  it('round-trips multiples of the generator', () => {
    for (const k of [1n, 2n, 12345n, ORDER - 1n]) {
      const point = BASE.multiply(k);
      expect(decodePoint(encodePoint(point))?.point.equals(point)).toBe(true);
    }
  });

  it('refuses the identity unless it is allowed', () => {
    expect(decodePoint(encodePoint(IDENTITY))).toBeNull();
    expect(decodePoint(encodePoint(IDENTITY), true)?.point.is0()).toBe(true);
  });

  it.each([
    {
      name: 'a negative encoding (lowest bit set)',
      bytes: (() => {
        const b = BASE.toBytes();
        b[0] ^= 1;
        return b;
      })(),
    },
    { name: 'a field element past the prime', bytes: new Uint8Array(32).fill(0xff) },
    { name: '31 bytes', bytes: BASE.toBytes().subarray(1) },
  ])('refuses $name', ({ bytes }) => {
    expect(pointFromBytes(bytes)).toBeNull();
  });

  it('reads 32 random bytes as nothing or as the one point they canonically encode, never throwing', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        const element = pointFromBytes(bytes, true);
        return element === null || sameBytes(element.point.toBytes(), bytes);
      }),
      fcSettings(49_2, 300),
    );
  });

  it('reads any text as nothing or as a point that encodes back to it', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.base64String(), fc.stringMatching(/^[A-Za-z0-9_-]{43}$/)),
        (text) => {
          const element = decodePoint(text);
          return element === null || encodePoint(element.point) === text;
        },
      ),
      fcSettings(49_3, 300),
    );
  });
});

describe('scalars as text', () => {
  it('takes every scalar below the order and none from it up', () => {
    expect(decodeScalar(encodeScalar(ORDER - 1n))).toBe(ORDER - 1n);
    expect(decodeScalar(encodeScalar(0n))).toBe(0n);
    expect(decodeScalar(toBase64Url(scalarBytes(ORDER)))).toBeNull();
    expect(decodeScalar(toBase64Url(new Uint8Array(32).fill(0xff)))).toBeNull();
  });

  it('reads 32 random bytes as a scalar exactly when they are below the order', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        const value = bytes.reduceRight((acc, b) => (acc << 8n) | BigInt(b), 0n);
        return decodeScalar(toBase64Url(bytes)) === (value < ORDER ? value : null);
      }),
      fcSettings(49_4, 300),
    );
  });
});

describe('a·P - b·Q in one pass', () => {
  const scalar = fc.oneof(fc.constantFrom(0n, 1n, ORDER - 1n), fc.bigInt({ min: 0n, max: ORDER - 1n }));
  const point = fc.bigInt({ min: 1n, max: ORDER - 1n }).map((k) => times(BASE, k));

  it('is the two products apart, for any public scalars, zero included', () => {
    fc.assert(
      fc.property(point, scalar, point, scalar, (p, a, q, b) =>
        timesMinusTimes(p, a, q, b).equals(times(p, a).subtract(times(q, b))),
      ),
      fcSettings(50_1, 60),
    );
  });

  it('takes the identity and the same point twice', () => {
    const p = times(BASE, 7n);
    expect(timesMinusTimes(p, 5n, p, 5n).equals(IDENTITY)).toBe(true);
    expect(timesMinusTimes(IDENTITY, 3n, p, 2n).equals(times(p, ORDER - 2n))).toBe(true);
  });
});
