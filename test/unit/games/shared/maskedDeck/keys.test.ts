import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BASE,
  decodePoint,
  encodePoint,
  toBase64Url,
} from '../../../../../src/games/shared/maskedDeck/group';
import {
  deriveSeatKey,
  jointKey,
  publishSeatKey,
  verifySeatKey,
} from '../../../../../src/games/shared/maskedDeck/keys';
import { fcSettings } from '../../../../helpers/fcSettings';

const secret = (fill: number) => new Uint8Array(32).fill(fill);
const context = { room: 'room-1', round: 3, seat: 'east' };

describe('seat keys', () => {
  it('derives the same key from the same round secret, and another from another', () => {
    expect(deriveSeatKey(secret(1))).toEqual(deriveSeatKey(secret(1)));
    expect(deriveSeatKey(secret(2)).key).not.toBe(deriveSeatKey(secret(1)).key);
  });

  it('refuses a round secret shorter than 16 bytes', () => {
    expect(() => deriveSeatKey(new Uint8Array(15))).toThrow('A round secret too short for a key');
  });

  it('publishes a key whose proof holds in its own room, round and seat', () => {
    const published = publishSeatKey(deriveSeatKey(secret(1)), context);
    expect(verifySeatKey(published, context)).toEqual({ ok: true });
  });

  it.each([
    { name: 'another room', other: { ...context, room: 'room-2' } },
    { name: 'another round', other: { ...context, round: 4 } },
    { name: 'another seat', other: { ...context, seat: 'west' } },
  ])('refuses a key proof replayed in $name', ({ other }) => {
    const published = publishSeatKey(deriveSeatKey(secret(1)), context);
    expect(verifySeatKey(published, other)).toEqual({ ok: false, fault: 'proof' });
  });

  it("refuses another seat's key with a proof of one's own", () => {
    const mine = publishSeatKey(deriveSeatKey(secret(1)), context);
    const theirs = deriveSeatKey(secret(2)).key;
    expect(verifySeatKey({ key: theirs, proof: mine.proof }, context)).toEqual({ ok: false, fault: 'proof' });
  });

  it('refuses the rogue key, which would give its seat the joint key, for want of a proof', () => {
    const others = [deriveSeatKey(secret(1)).key, deriveSeatKey(secret(2)).key];
    const chosen = BASE.multiply(7n);
    const rogue = others.reduce((sum, key) => sum.subtract(decodePoint(key)!.point), chosen);
    expect(jointKey([...others, encodePoint(rogue)])).toBe(encodePoint(chosen));
    const ownProof = publishSeatKey(deriveSeatKey(secret(3)), context).proof;
    expect(verifySeatKey({ key: encodePoint(rogue), proof: ownProof }, context)).toEqual({
      ok: false,
      fault: 'proof',
    });
  });

  it.each([
    { name: 'the identity as a key', published: { key: encodePoint(BASE.subtract(BASE)), proof: '' } },
    {
      name: 'a proof one byte short',
      published: { key: encodePoint(BASE), proof: toBase64Url(new Uint8Array(63)) },
    },
    { name: 'no proof at all', published: { key: encodePoint(BASE) } },
  ])('refuses $name as malformed', ({ published }) => {
    expect(verifySeatKey(published as { key: string; proof: string }, context)).toEqual({
      ok: false,
      fault: 'malformed',
    });
  });

  it('never accepts a random proof, and never throws on one', () => {
    const key = deriveSeatKey(secret(1)).key;
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.uint8Array({ minLength: 64, maxLength: 64 }).map(toBase64Url)),
        (proof) => {
          return !verifySeatKey({ key, proof }, context).ok;
        },
      ),
      fcSettings(49_11, 200),
    );
  });

  it("sums the seats' keys into the joint key, and has none for a malformed key", () => {
    const keys = [1, 2, 3].map((fill) => deriveSeatKey(secret(fill)).key);
    const sum = keys.map((k) => decodePoint(k)!.point).reduce((a, b) => a.add(b));
    expect(jointKey(keys)).toBe(encodePoint(sum));
    expect(jointKey([...keys, 'not a key'])).toBeNull();
    const key = decodePoint(keys[0])!.point;
    expect(jointKey([encodePoint(key), encodePoint(key.negate())])).toBeNull();
  });
});
