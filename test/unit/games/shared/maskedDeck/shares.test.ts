import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ciphertextAt } from '../../../../../src/games/shared/maskedDeck/deck';
import { BASE, encodePoint, toBase64Url } from '../../../../../src/games/shared/maskedDeck/group';
import {
  decryptionShare,
  openTile,
  ownShare,
  verifyShare,
} from '../../../../../src/games/shared/maskedDeck/shares';
import { composedOrder, shuffledRound, tableSeats } from '../../../../helpers/maskedDeckTable';
import { fcSettings } from '../../../../helpers/fcSettings';

const TILES = 8;
const round = shuffledRound(tableSeats(['north', 'east', 'south']), TILES);
const [north, east, south] = round.seats;
const order = composedOrder(round.seats, TILES);
const at = (position: number) => ciphertextAt(round.deck, position)!;
const context = (position: number, seat: string, receiver: string | null = null) => ({
  room: 'room-1',
  round: 1,
  position,
  seat,
  receiver,
});

describe('a public share', () => {
  const share = decryptionShare(east.key, at(2), context(2, 'east'))!;

  it('holds for its seat, its tile and its context', () => {
    expect(verifyShare(east.key.key, at(2), share, context(2, 'east'))).toEqual({ ok: true });
  });

  it.each([
    { name: 'at another position', key: east.key.key, position: 3, bound: context(3, 'east') },
    { name: 'bound to another position', key: east.key.key, position: 2, bound: context(3, 'east') },
    { name: 'bound to another seat', key: east.key.key, position: 2, bound: context(2, 'south') },
    { name: 'bound to one receiver', key: east.key.key, position: 2, bound: context(2, 'east', 'north') },
    { name: "under another seat's key", key: south.key.key, position: 2, bound: context(2, 'east') },
  ])('fails $name', ({ key, position, bound }) => {
    expect(verifyShare(key, at(position), share, bound)).toEqual({ ok: false, fault: 'proof' });
  });

  it('fails with another share under its proof', () => {
    const wrong = { ...share, share: encodePoint(BASE) };
    expect(verifyShare(east.key.key, at(2), wrong, context(2, 'east'))).toEqual({
      ok: false,
      fault: 'proof',
    });
  });

  it("opens the tile with every seat's share, and gives no tile with one missing", () => {
    const shares = round.seats.map((s) => decryptionShare(s.key, at(2), context(2, s.seat))!.share);
    expect(openTile(at(2), shares, TILES)).toBe(order[2]);
    expect(openTile(at(2), shares.slice(1), TILES)).toBeNull();
    expect(openTile(at(2), [...shares.slice(1), 'garbage'], TILES)).toBeNull();
  });

  it('never holds with a random proof, and never throws on one', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.uint8Array({ minLength: 64, maxLength: 64 }).map(toBase64Url)),
        (proof) => {
          return !verifyShare(east.key.key, at(2), { ...share, proof }, context(2, 'east')).ok;
        },
      ),
      fcSettings(49_31, 100),
    );
  });

  it('reads a random share as malformed or fails its proof', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }).map(toBase64Url), (text) => {
        return !verifyShare(east.key.key, at(2), { ...share, share: text }, context(2, 'east')).ok;
      }),
      fcSettings(49_32, 100),
    );
  });

  it("is the receiver's own share, proven", () => {
    expect(share.share).toBe(ownShare(east.key, at(2)));
  });
});

it('a malformed ciphertext gives no share and no tile', () => {
  expect(decryptionShare(north.key, 'x', context(0, 'north'))).toBeNull();
  expect(ownShare(north.key, 'x')).toBeNull();
  expect(openTile('x', [], TILES)).toBeNull();
});
