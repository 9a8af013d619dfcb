import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_TILES } from '../../../../../src/games/shared/maskedDeck/tiles';
import {
  ciphertextAt,
  decodeDeck,
  deckSize,
  encodeDeck,
  startingDeck,
} from '../../../../../src/games/shared/maskedDeck/deck';
import { encodePoint, toBase64Url, IDENTITY } from '../../../../../src/games/shared/maskedDeck/group';
import { deriveSeatKey, jointKey } from '../../../../../src/games/shared/maskedDeck/keys';
import {
  seedCommitment,
  shuffleDeck,
  shufflePermutation,
  verifyShuffle,
} from '../../../../../src/games/shared/maskedDeck/shuffle';
import { fcSettings } from '../../../../helpers/fcSettings';

const N = 20;
const seed = (fill: number) => new Uint8Array(32).fill(fill);
const joint = jointKey([1, 2].map((fill) => deriveSeatKey(new Uint8Array(32).fill(fill)).key))!;
const start = startingDeck(N);
const once = shuffleDeck(start, joint, seed(7))!;
const twice = shuffleDeck(once, joint, seed(8))!;

const halves = (deck: string) =>
  decodeDeck(deck)!.flatMap((c) => [toBase64Url(c.c1.bytes), toBase64Url(c.c2.bytes)]);

describe('the deck as text', () => {
  it('holds exactly n ciphertexts of 64 bytes', () => {
    expect(deckSize(start)).toBe(N);
    expect(decodeDeck(start)).toHaveLength(N);
    expect(start).toHaveLength(Math.ceil((N * 64 * 4) / 3));
  });

  it.each([
    { name: 'a deck one character short', deck: once.slice(1) },
    { name: 'a deck with half a ciphertext more', deck: once + toBase64Url(new Uint8Array(32)) },
    { name: 'a deck past the most tiles', deck: toBase64Url(new Uint8Array((MAX_TILES + 1) * 64)) },
    { name: 'an empty deck', deck: '' },
    { name: 'a tile that is the identity', deck: encodeDeck([{ c1: IDENTITY, c2: IDENTITY }]) },
    { name: 'not text', deck: { deck: once } },
  ])('refuses $name', ({ deck }) => {
    expect(decodeDeck(deck)).toBeNull();
    expect(ciphertextAt(deck, 0)).toBeNull();
  });

  it('gives one position of a deck, and nothing past its end', () => {
    expect(ciphertextAt(once, N - 1)).toBe(
      encodeDeck([decodeDeck(once)![N - 1]].map((c) => ({ c1: c.c1.point, c2: c.c2.point }))),
    );
    expect(ciphertextAt(once, N)).toBeNull();
    expect(ciphertextAt(once, -1)).toBeNull();
    expect(ciphertextAt(once, 0.5)).toBeNull();
  });

  it('reads random text as no deck or as a deck that encodes back to it, never throwing', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.uint8Array({ minLength: 64, maxLength: 192 }).map(toBase64Url)),
        (text) => {
          const deck = decodeDeck(text);
          return deck === null || encodeDeck(deck.map((c) => ({ c1: c.c1.point, c2: c.c2.point }))) === text;
        },
      ),
      fcSettings(49_21, 200),
    );
  });
});

describe('a shuffle', () => {
  it('is a function of its seed: the same seed gives the same deck, another seed another', () => {
    expect(shuffleDeck(start, joint, seed(7))).toBe(once);
    expect(shuffleDeck(start, joint, seed(9))).not.toBe(once);
  });

  it('leaves no ciphertext half of its input in its output', () => {
    for (const [before, after] of [
      [start, once],
      [once, twice],
    ]) {
      const input = new Set(halves(before));
      expect(halves(after).filter((half) => input.has(half))).toEqual([]);
    }
  });

  it('permutes the positions: every input position goes to exactly one output position', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_TILES }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        (n, s) => {
          const permutation = shufflePermutation(n, s);
          return [...permutation].sort((a, b) => a - b).every((p, i) => p === i);
        },
      ),
      fcSettings(49_22, 100),
    );
  });

  it('draws every order of three tiles about equally often', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 6000; i++) {
      const s = new Uint8Array(32);
      new DataView(s.buffer).setUint32(0, i);
      const order = shufflePermutation(3, s).join('');
      counts.set(order, (counts.get(order) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    // 1000 expected each, standard deviation about 29: 150 is past five of them.
    for (const count of counts.values()) expect(Math.abs(count - 1000)).toBeLessThan(150);
  });

  it.each([
    { name: 'a seed of 31 bytes', args: [start, joint, new Uint8Array(31)] as const },
    { name: 'a malformed deck', args: [start.slice(2), joint, seed(7)] as const },
    { name: 'the identity as joint key', args: [start, encodePoint(IDENTITY), seed(7)] as const },
  ])('refuses $name', ({ args }) => {
    expect(shuffleDeck(...args)).toBeNull();
  });
});

describe('checking a shuffle from its revealed seed', () => {
  const revealed = toBase64Url(seed(8));
  const commitment = seedCommitment(seed(8));

  it('passes the shuffle its seed made', () => {
    expect(verifyShuffle(once, twice, joint, revealed, commitment)).toEqual({ ok: true });
  });

  it.each([
    {
      name: 'another seed with its own commitment',
      seed: toBase64Url(seed(9)),
      commitment: seedCommitment(seed(9)),
      fault: 'mismatch',
    },
    {
      name: 'a seed that is not the one committed to',
      seed: toBase64Url(seed(9)),
      commitment,
      fault: 'commitment',
    },
    { name: 'a malformed seed', seed: 'seed', commitment, fault: 'malformed' },
  ])('refuses $name', ({ seed: s, commitment: c, fault }) => {
    expect(verifyShuffle(once, twice, joint, s, c)).toEqual({ ok: false, fault });
  });

  it.each([
    {
      name: 'two ciphertexts exchanged',
      output: () => {
        const cs = decodeDeck(twice)!.map((c) => ({ c1: c.c1.point, c2: c.c2.point }));
        [cs[0], cs[1]] = [cs[1], cs[0]];
        return encodeDeck(cs);
      },
    },
    { name: 'its input passed on unshuffled', output: () => once },
    {
      name: 'a deck one tile short',
      output: () =>
        encodeDeck(
          decodeDeck(twice)!
            .slice(1)
            .map((c) => ({ c1: c.c1.point, c2: c.c2.point })),
        ),
    },
    { name: 'an unreadable deck', output: () => twice.slice(1) },
  ])('refuses an output with $name', ({ output }) => {
    expect(verifyShuffle(once, output(), joint, revealed, commitment)).toEqual({
      ok: false,
      fault: 'mismatch',
    });
  });

  it('refuses a shuffle under another joint key', () => {
    const other = deriveSeatKey(new Uint8Array(32).fill(5)).key;
    expect(verifyShuffle(once, twice, other, revealed, commitment)).toEqual({ ok: false, fault: 'mismatch' });
  });
});
