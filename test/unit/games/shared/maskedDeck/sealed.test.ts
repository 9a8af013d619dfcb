import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ciphertextAt } from '../../../../../src/games/shared/maskedDeck/deck';
import { toBase64Url } from '../../../../../src/games/shared/maskedDeck/group';
import {
  publishUnsealed,
  sealShare,
  unsealShare,
  verifySealedShare,
  verifyUnsealed,
} from '../../../../../src/games/shared/maskedDeck/sealed';
import { decryptionShare, openTile, ownShare } from '../../../../../src/games/shared/maskedDeck/shares';
import { composedOrder, shuffledRound, tableSeats } from '../../../../helpers/maskedDeckTable';
import { fcSettings } from '../../../../helpers/fcSettings';

const TILES = 8;
const round = shuffledRound(tableSeats(['north', 'east', 'south']), TILES);
const [north, east, south] = round.seats;
const order = composedOrder(round.seats, TILES);
const at = (position: number) => ciphertextAt(round.deck, position)!;
const context = (position: number, seat: string, receiver: string | null) => ({
  room: 'room-1',
  round: 1,
  position,
  seat,
  receiver,
});

// South seals its share of position 4 to north.
const sealed = sealShare(south.key, at(4), north.key.key, south.sealSeed, context(4, 'south', 'north'))!;
const verify = (s = sealed, position = 4, bound = context(4, 'south', 'north'), receiver = north.key.key) =>
  verifySealedShare(south.key.key, at(position), receiver, s, bound);

describe('a sealed share', () => {
  it('holds for its sealer, tile, receiver and context, checked by any page', () => {
    expect(verify()).toEqual({ ok: true });
  });

  it('is made once per page: asked again, the same seal comes back; for another tile or receiver, another', () => {
    expect(sealShare(south.key, at(4), north.key.key, south.sealSeed, context(4, 'south', 'north'))).toBe(
      sealed,
    );
    const other = sealShare(south.key, at(5), north.key.key, south.sealSeed, context(5, 'south', 'north'))!;
    expect(other.sealed).not.toBe(sealed.sealed);
    const toEast = sealShare(south.key, at(4), east.key.key, south.sealSeed, context(4, 'south', 'east'))!;
    expect(toEast.sealed).not.toBe(sealed.sealed);
    expect(
      verifySealedShare(south.key.key, at(4), east.key.key, toEast, context(4, 'south', 'east')),
    ).toEqual({
      ok: true,
    });
  });

  it.each([
    {
      name: 'at another position',
      position: 5,
      bound: context(4, 'south', 'north'),
      receiver: north.key.key,
    },
    {
      name: 'bound to another position',
      position: 4,
      bound: context(5, 'south', 'north'),
      receiver: north.key.key,
    },
    {
      name: 'for another receiver',
      position: 4,
      bound: context(4, 'south', 'north'),
      receiver: east.key.key,
    },
    {
      name: 'bound to another receiver',
      position: 4,
      bound: context(4, 'south', 'east'),
      receiver: north.key.key,
    },
    { name: 'bound to every page', position: 4, bound: context(4, 'south', null), receiver: north.key.key },
  ])('fails $name', ({ position, bound, receiver }) => {
    expect(verify(sealed, position, bound, receiver)).toEqual({ ok: false, fault: 'proof' });
  });

  it("fails under another sealer's key", () => {
    const bound = context(4, 'south', 'north');
    expect(verifySealedShare(east.key.key, at(4), north.key.key, sealed, bound)).toEqual({
      ok: false,
      fault: 'proof',
    });
  });

  it("is read by its receiver as the sealer's share, and by no other seat", () => {
    const southShare = decryptionShare(south.key, at(4), context(4, 'south', null))!.share;
    expect(unsealShare(north.key, sealed)).toBe(southShare);
    expect(unsealShare(east.key, sealed)).not.toBe(southShare);
  });

  it('opens the tile to its receiver with the other seals and its own share', () => {
    const fromEast = sealShare(east.key, at(4), north.key.key, east.sealSeed, context(4, 'east', 'north'))!;
    const shares = [
      ownShare(north.key, at(4))!,
      unsealShare(north.key, sealed)!,
      unsealShare(north.key, fromEast)!,
    ];
    expect(openTile(at(4), shares, TILES)).toBe(order[4]);
  });

  it('never holds with a random proof or seal, and never throws on one', () => {
    const text = (bytes: number) => fc.uint8Array({ minLength: bytes, maxLength: bytes }).map(toBase64Url);
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), text(96)),
        fc.oneof(text(64), fc.constant(sealed.sealed)),
        (proof, seal) => {
          return !verify({ sealed: seal, proof }).ok;
        },
      ),
      fcSettings(49_41, 60),
    );
  });

  it('refuses a seal whose first point is the identity as malformed', () => {
    const seal = toBase64Url(new Uint8Array(64));
    expect(verify({ ...sealed, sealed: seal })).toEqual({ ok: false, fault: 'malformed' });
  });
});

describe('an unsealed share', () => {
  const bound = context(4, 'south', 'north');
  const unsealed = publishUnsealed(north.key, sealed, bound)!;

  it('proves to every page what the seal held', () => {
    expect(unsealed.share).toBe(unsealShare(north.key, sealed));
    expect(verifyUnsealed(north.key.key, sealed, unsealed, bound)).toEqual({ ok: true });
  });

  it('fails with another share in it', () => {
    const other = publishUnsealed(
      north.key,
      sealShare(south.key, at(5), north.key.key, south.sealSeed, context(5, 'south', 'north'))!,
      bound,
    )!;
    expect(verifyUnsealed(north.key.key, sealed, { ...unsealed, share: other.share }, bound)).toEqual({
      ok: false,
      fault: 'proof',
    });
  });

  it.each([
    { name: 'replayed in another context', key: north.key.key, at: context(5, 'south', 'north') },
    { name: "under another seat's key", key: east.key.key, at: bound },
  ])('fails $name', ({ key, at: where }) => {
    expect(verifyUnsealed(key, sealed, unsealed, where)).toEqual({ ok: false, fault: 'proof' });
  });

  it('never holds with a random proof, and never throws on one', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.uint8Array({ minLength: 64, maxLength: 64 }).map(toBase64Url)),
        (proof) => {
          return !verifyUnsealed(north.key.key, sealed, { ...unsealed, proof }, bound).ok;
        },
      ),
      fcSettings(49_42, 60),
    );
  });
});
