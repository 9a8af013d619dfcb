import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ciphertextAt, decodeDeck, encodeDeck } from '../../../../../src/games/shared/maskedDeck/deck';
import {
  BASE,
  decodePoint,
  encodePoint,
  toBase64Url,
  type Point,
} from '../../../../../src/games/shared/maskedDeck/group';
import {
  checkRound,
  type OpenedToAll,
  type OpenedToOne,
  type RoundTranscript,
} from '../../../../../src/games/shared/maskedDeck/round';
import { sealShare } from '../../../../../src/games/shared/maskedDeck/sealed';
import { seedCommitment } from '../../../../../src/games/shared/maskedDeck/shuffle';
import { tilePoint } from '../../../../../src/games/shared/maskedDeck/tiles';
import {
  openToAll,
  openToOne,
  revealToAll,
  shuffledRound,
  tableSeats,
  withOpenings,
} from '../../../../helpers/maskedDeckTable';
import { fcSettings } from '../../../../helpers/fcSettings';

// A small table (three seats, twelve tiles) so each way of cheating is one quick round.
const SMALL = 12;
const SEATS = ['north', 'east', 'south'];

/** Tile 0 masked afresh under the joint key: what a shuffler would swap in to deal itself a chosen tile. */
function chosenTile(joint: string): { c1: Point; c2: Point } {
  const r = 0x2468acen;
  const y = decodePoint(joint)!.point;
  return { c1: BASE.multiply(r), c2: tilePoint(0).add(y.multiply(r)) };
}

function swapInChosenTile(deck: string, joint: string): string {
  const ciphertexts = decodeDeck(deck)!.map((c) => ({ c1: c.c1.point, c2: c.c2.point }));
  ciphertexts[5] = chosenTile(joint);
  return encodeDeck(ciphertexts);
}

type Table = ReturnType<typeof smallRound>;

/** A small honest round: three tiles dealt to each seat, an indicator, and north's first tile discarded. */
function smallRound(round = shuffledRound(tableSeats(SEATS), SMALL)) {
  const dealt = SEATS.flatMap((seat, i) => [0, 1, 2].map((k) => openToOne(round, 3 * i + k, seat)));
  const indicator = openToAll(round, 9);
  const discard = revealToAll(round, dealt[0]);
  return { round, dealt, indicator, discard, openings: [indicator, discard, ...dealt.slice(1)] };
}

const honest = smallRound();

/** The honest round's openings with one replaced. */
const replacing = (t: Table, position: number, opening: OpenedToAll | OpenedToOne) =>
  t.openings.map((o) => (o.position === position ? opening : o));

describe('a round that a seat cheats in', () => {
  it('passes when every seat plays by the protocol', () => {
    expect(checkRound(withOpenings(honest.round, honest.openings)).ok).toBe(true);
  });

  it.each([
    {
      name: 'a key without a valid proof (the rogue key) names its seat',
      transcript: () => {
        const t = honest.round.transcript;
        const others = SEATS.slice(0, 2).map((s) => decodePoint(t.keys[s].key)!.point);
        const rogue = BASE.multiply(7n).subtract(others[0]).subtract(others[1]);
        const keys = { ...t.keys, south: { key: encodePoint(rogue), proof: t.keys.south.proof } };
        return { ...t, keys };
      },
      expected: { ok: false, seat: 'south', fault: 'key' },
    },
    {
      name: 'a key proof replayed from another round names the seat',
      transcript: () => {
        const other = shuffledRound(tableSeats(SEATS), SMALL, { round: 2 });
        return {
          ...honest.round.transcript,
          keys: { ...honest.round.transcript.keys, east: other.transcript.keys.east },
        };
      },
      expected: { ok: false, seat: 'east', fault: 'key' },
    },
    {
      name: 'a shuffle that swaps in a chosen tile names its seat',
      transcript: () => {
        const round = shuffledRound(tableSeats(SEATS), SMALL, {
          tamper: (seat, deck, joint) => (seat === 'east' ? swapInChosenTile(deck, joint) : deck),
        });
        return withOpenings(round, smallRound(round).openings);
      },
      expected: { ok: false, seat: 'east', fault: 'shuffle' },
    },
    {
      name: 'a shuffle that does not match its revealed seed names its seat',
      transcript: () => {
        const t = honest.round.transcript;
        const seed = new Uint8Array(32).fill(9);
        const lie = { ...t.shuffles[0], seed: toBase64Url(seed), commitment: seedCommitment(seed) };
        return { ...t, shuffles: [lie, ...t.shuffles.slice(1)] };
      },
      expected: { ok: false, seat: 'north', fault: 'shuffle' },
    },
    {
      name: 'a revealed seed that is not the one committed to names its seat',
      transcript: () => {
        const t = honest.round.transcript;
        const lie = { ...t.shuffles[2], seed: toBase64Url(new Uint8Array(32).fill(9)) };
        return { ...t, shuffles: [...t.shuffles.slice(0, 2), lie] };
      },
      expected: { ok: false, seat: 'south', fault: 'shuffleCommitment' },
    },
    {
      name: 'a wrong share names its seat and the tile',
      transcript: () => {
        const other = openToAll(honest.round, 10);
        const shares = { ...honest.indicator.shares, east: other.shares.east };
        return withOpenings(honest.round, replacing(honest, 9, { ...honest.indicator, shares }));
      },
      expected: { ok: false, seat: 'east', fault: 'share', position: 9 },
    },
    {
      name: 'a missing share names its seat',
      transcript: () => {
        const { south: _south, ...shares } = honest.indicator.shares;
        return withOpenings(honest.round, replacing(honest, 9, { ...honest.indicator, shares }));
      },
      expected: { ok: false, seat: 'south', fault: 'share', position: 9 },
    },
    {
      name: 'a wrong sealed share names the sealer and the tile',
      transcript: () => {
        const other = openToOne(honest.round, 5, 'east');
        const target = honest.dealt[4];
        const sealed = { ...target.sealed, south: other.sealed.south };
        return withOpenings(honest.round, replacing(honest, 4, { ...target, sealed }));
      },
      expected: { ok: false, seat: 'south', fault: 'sealedShare', position: 4 },
    },
    {
      name: 'a share sealed by a key the seat does not hold names the seat',
      transcript: () => {
        const impostor = tableSeats(['south'], 'impostor')[0];
        const target = honest.dealt[3];
        const ciphertext = ciphertextAt(honest.round.deck, 3)!;
        const context = { room: 'room-1', round: 1, position: 3, seat: 'south', receiver: 'east' };
        const eastKey = honest.round.transcript.keys.east.key;
        const forged = sealShare(impostor.key, ciphertext, eastKey, impostor.sealSeed, context)!;
        return withOpenings(
          honest.round,
          replacing(honest, 3, { ...target, sealed: { ...target.sealed, south: forged } }),
        );
      },
      expected: { ok: false, seat: 'south', fault: 'sealedShare', position: 3 },
    },
    {
      name: 'a wrong unsealing names the receiver',
      transcript: () => {
        const other = revealToAll(honest.round, honest.dealt[1]);
        const opened = honest.discard.opened!;
        const unsealed = { ...opened.unsealed, east: other.opened!.unsealed.east };
        return withOpenings(
          honest.round,
          replacing(honest, 0, { ...honest.discard, opened: { ...opened, unsealed } }),
        );
      },
      expected: { ok: false, seat: 'north', fault: 'unsealedShare', position: 0 },
    },
    {
      name: "a receiver's wrong own share names the receiver",
      transcript: () => {
        const other = revealToAll(honest.round, honest.dealt[1]);
        const opened = { ...honest.discard.opened!, own: other.opened!.own };
        return withOpenings(honest.round, replacing(honest, 0, { ...honest.discard, opened }));
      },
      expected: { ok: false, seat: 'north', fault: 'share', position: 0 },
    },
    {
      name: 'of two cheating seats, the first in the round is named',
      transcript: () => {
        const t = honest.round.transcript;
        const lie = { ...t.shuffles[1], seed: toBase64Url(new Uint8Array(32).fill(9)) };
        const other = openToAll(honest.round, 10);
        const indicator = {
          ...honest.indicator,
          shares: { ...honest.indicator.shares, north: other.shares.north },
        };
        return {
          ...withOpenings(honest.round, replacing(honest, 9, indicator)),
          shuffles: [t.shuffles[0], lie, t.shuffles[2]],
        };
      },
      expected: { ok: false, seat: 'east', fault: 'shuffleCommitment' },
    },
  ])('$name', ({ transcript, expected }) => {
    const input = transcript();
    const before = structuredClone(input);
    expect(checkRound(input)).toEqual(expected);
    expect(input).toEqual(before);
  });

  it.each([
    { name: 'no seats', change: { seats: [] } },
    { name: 'a seat twice', change: { seats: ['north', 'north', 'south'] } },
    { name: 'a deck size past the bound', change: { tiles: 100_000 } },
    { name: 'openings that are not a list', change: { openings: 'all' } },
  ])('a transcript with $name blames nobody by name', ({ change }) => {
    const transcript = {
      ...withOpenings(honest.round, honest.openings),
      ...change,
    } as unknown as RoundTranscript;
    expect(checkRound(transcript)).toEqual({ ok: false, seat: null, fault: 'transcript' });
  });

  it('a receiver that never opens its tiles to all leaves them out of what the check opens', () => {
    const check = checkRound(withOpenings(honest.round, honest.dealt));
    expect(check).toEqual({ ok: true, opened: {} });
  });
});

/** Every text in a transcript with the path to it. */
function texts(
  value: unknown,
  path: (string | number)[] = [],
): { path: (string | number)[]; text: string }[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    texts(inner, [...path, Array.isArray(value) ? Number(key) : key]),
  );
}

function withText(value: unknown, path: (string | number)[], text: string): unknown {
  if (path.length === 0) return text;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = withText(copy[head], rest, text);
  return copy;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

it('refuses a transcript with any one character of any text changed, and never throws', () => {
  const transcript = withOpenings(honest.round, honest.openings);
  const all = texts(transcript);
  fc.assert(
    fc.property(fc.nat(), fc.nat(), fc.nat({ max: ALPHABET.length - 2 }), (which, at, by) => {
      const { path, text } = all[which % all.length];
      const i = at % text.length;
      const others = ALPHABET.replace(text[i], '');
      const changed = text.slice(0, i) + others[by % others.length] + text.slice(i + 1);
      return !checkRound(withText(transcript, path, changed) as RoundTranscript).ok;
    }),
    fcSettings(49_51, 25),
  );
});
