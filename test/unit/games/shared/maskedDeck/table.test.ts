import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeDeck, encodeDeck } from '../../../../../src/games/shared/maskedDeck/deck';
import {
  keyMessage,
  openingMessage,
  publicShareMessage,
  readOwnTile,
  sealMessage,
  seedMessage,
  shuffleMessage,
  type SeatSecrets,
} from '../../../../../src/games/shared/maskedDeck/seat';
import {
  addOpening,
  addPublicShare,
  addSealedShare,
  addSeatKey,
  addSeed,
  addShuffle,
  checkRevealed,
  deckPhase,
  newDeckTable,
  nextShuffler,
  openedTile,
  sealFaultAt,
  type DeckTable,
  type TableResult,
} from '../../../../../src/games/shared/maskedDeck/table';
import { composedOrder, tableSeats } from '../../../../helpers/maskedDeckTable';
import { fcSettings } from '../../../../helpers/fcSettings';

// A small table (three seats, twelve tiles): each test plays a whole round in a second or so.
const TILES = 12;
const SEATS = ['north', 'east', 'south'];
const secrets = tableSeats(SEATS);
const order = composedOrder(secrets, TILES);
const [north, east, south] = secrets;

const taken = (result: TableResult): DeckTable => {
  if (!result.ok) throw new Error(`Refused: ${result.fault}`);
  return result.table;
};

const fresh = () => newDeckTable({ room: 'room-1', round: 1, tiles: TILES, seats: SEATS })!;

/** Every seat's key, then each seat's shuffle in turn, made by the seat side and taken by the table. */
function dealtTable(tamper?: (seat: string, deck: string) => string): DeckTable {
  let table = fresh();
  for (const me of secrets) table = taken(addSeatKey(table, me.seat, keyMessage(table, me)));
  for (const me of secrets) {
    const shuffle = shuffleMessage(table, me)!;
    table = taken(
      addShuffle(table, me.seat, { ...shuffle, deck: tamper?.(me.seat, shuffle.deck) ?? shuffle.deck }),
    );
  }
  return table;
}

/** Every other seat seals a position to its receiver. */
function sealTo(table: DeckTable, position: number, receiver: SeatSecrets): DeckTable {
  for (const sealer of secrets.filter((s) => s !== receiver))
    table = taken(
      addSealedShare(table, sealer.seat, {
        position,
        receiver: receiver.seat,
        sealed: sealMessage(table, sealer, position, receiver.seat),
      }),
    );
  return table;
}

const dealt = dealtTable();

describe('a masked deck at the table, message by message', () => {
  it('takes keys, then shuffles in turn, deals each seat tiles only it reads, and opens tiles to all as told', () => {
    let table = fresh();
    expect(deckPhase(table)).toBe('keys');
    for (const me of secrets) table = taken(addSeatKey(table, me.seat, keyMessage(table, me)));
    expect(deckPhase(table)).toBe('shuffles');
    for (const me of secrets) {
      expect(nextShuffler(table)).toBe(me.seat);
      // Only the seat whose turn it is has a shuffle to make.
      for (const other of secrets.filter((s) => s !== me)) expect(shuffleMessage(table, other)).toBeNull();
      table = taken(addShuffle(table, me.seat, shuffleMessage(table, me)));
    }
    expect(deckPhase(table)).toBe('dealt');

    // Positions 0-2 to north, 3-5 to east, 6-8 to south; 9 is the indicator.
    for (const [i, receiver] of secrets.entries())
      for (let k = 0; k < 3; k++) table = sealTo(table, 3 * i + k, receiver);
    for (const [i, receiver] of secrets.entries())
      for (let k = 0; k < 3; k++) {
        const position = 3 * i + k;
        expect(readOwnTile(table, receiver, position)).toBe(order[position]);
        // Nobody else reads it, and no page sees it opened.
        for (const other of secrets.filter((s) => s !== receiver))
          expect(readOwnTile(table, other, position)).toBeNull();
        expect(openedTile(table, position)).toBeNull();
      }
    for (const me of secrets) {
      expect(openedTile(table, 9)).toBeNull();
      table = taken(addPublicShare(table, me.seat, { position: 9, share: publicShareMessage(table, me, 9) }));
    }
    expect(openedTile(table, 9)).toBe(order[9]);

    // North discards its first tile: opened to every page.
    table = taken(addOpening(table, 'north', openingMessage(table, north, 0)!));
    expect(openedTile(table, 0)).toBe(order[0]);
    // The next draw was being sealed to east when the round ended: it opens nothing and blames nobody.
    table = taken(
      addSealedShare(table, 'north', {
        position: 10,
        receiver: 'east',
        sealed: sealMessage(table, north, 10, 'east'),
      }),
    );

    for (const me of secrets) {
      expect(checkRevealed(table)).toBeNull();
      table = taken(addSeed(table, me.seat, seedMessage(me)));
    }
    expect(deckPhase(table)).toBe('revealed');
    expect(checkRevealed(table)).toEqual({ ok: true, opened: { 0: order[0], 9: order[9] } });
  });

  it('refuses a message out of its turn', () => {
    let table = fresh();
    // No shuffle, seal or seed before every key is in; nobody outside the table keys it.
    expect(addShuffle(table, 'north', { deck: 'x', commitment: 'y' })).toEqual({ ok: false, fault: 'order' });
    expect(addSeatKey(table, 'west', keyMessage(table, { ...north, seat: 'west' }))).toEqual({
      ok: false,
      fault: 'order',
    });
    table = taken(addSeatKey(table, 'north', keyMessage(table, north)));
    expect(addSeatKey(table, 'north', keyMessage(table, north))).toEqual({ ok: false, fault: 'order' });
    expect(addSeed(dealt, 'north', seedMessage(north)).ok).toBe(true);
    expect(addSeed(table, 'north', seedMessage(north))).toEqual({ ok: false, fault: 'order' });

    // East may not shuffle before north.
    const keyed = [east, south].reduce((t, me) => taken(addSeatKey(t, me.seat, keyMessage(t, me))), table);
    expect(addShuffle(keyed, 'east', shuffleMessage(keyed, north))).toEqual({ ok: false, fault: 'order' });

    // A seal to oneself, a second seal by the same seat, a seal of a position being sealed to another receiver, a
    // public share of a position sealed to one seat, and an opening before every seal is in.
    const seal = (t: DeckTable, sealer: SeatSecrets, position: number, receiver: string) =>
      addSealedShare(t, sealer.seat, {
        position,
        receiver,
        sealed: sealMessage(t, sealer, position, receiver),
      });
    expect(seal(dealt, north, 0, 'north')).toEqual({ ok: false, fault: 'order' });
    const once = taken(seal(dealt, east, 0, 'north'));
    expect(seal(once, east, 0, 'north')).toEqual({ ok: false, fault: 'order' });
    expect(seal(once, south, 0, 'east')).toEqual({ ok: false, fault: 'order' });
    expect(addPublicShare(once, 'south', { position: 0, share: publicShareMessage(once, south, 0) })).toEqual(
      {
        ok: false,
        fault: 'order',
      },
    );
    expect(openingMessage(once, north, 0)).toBeNull();
    expect(readOwnTile(once, north, 0)).toBeNull();
    // Past the deck's end.
    expect(seal(dealt, east, TILES, 'north')).toEqual({ ok: false, fault: 'order' });
  });

  it('reads a drawn tile asked for before and after each seal comes in (the pieces kept meanwhile)', () => {
    // Position 10, the draw pile's top, drawn by south: asked first with no seal in, then after each seal.
    let table = dealt;
    expect(readOwnTile(table, south, 10)).toBeNull();
    for (const sealer of secrets.filter((s) => s !== south)) {
      expect(readOwnTile(table, south, 10)).toBeNull();
      table = taken(
        addSealedShare(table, sealer.seat, {
          position: 10,
          receiver: south.seat,
          sealed: sealMessage(table, sealer, 10, south.seat),
        }),
      );
      // A seat the tile is not sealed to reads nothing, even with its own share of the position worked out.
      expect(readOwnTile(table, north, 10)).toBeNull();
    }
    expect(readOwnTile(table, south, 10)).toBe(order[10]);
  });

  it('refuses a key, a seal, a share or an opening that does not prove what it claims', () => {
    // North's key and proof, claimed by east: bound to north's seat.
    const table = fresh();
    expect(addSeatKey(table, 'east', keyMessage(table, north))).toEqual({ ok: false, fault: 'proof' });

    // East's seal of position 1 offered as its seal of position 0.
    const sealed = sealMessage(dealt, east, 1, 'north');
    expect(addSealedShare(dealt, 'east', { position: 0, receiver: 'north', sealed })).toEqual({
      ok: false,
      fault: 'proof',
    });
    // South's public share of position 9 offered by east.
    const share = publicShareMessage(dealt, south, 9);
    expect(addPublicShare(dealt, 'east', { position: 9, share })).toEqual({ ok: false, fault: 'proof' });

    // North opens its tile with east's seal unsealed to something else.
    const ready = sealTo(dealt, 0, north);
    const opening = openingMessage(ready, north, 0)!;
    const other = openingMessage(sealTo(ready, 1, north), north, 1)!;
    expect(
      addOpening(ready, 'north', {
        ...opening,
        unsealed: { ...opening.unsealed, east: other.unsealed.east },
      }),
    ).toEqual({ ok: false, fault: 'proof' });
    expect(addOpening(ready, 'north', { ...opening, own: other.own })).toEqual({ ok: false, fault: 'proof' });
    expect(addOpening(ready, 'east', opening)).toEqual({ ok: false, fault: 'order' });
    expect(addOpening(ready, 'north', opening).ok).toBe(true);
  });

  it('takes a seal unchecked when told, and names its sealer when its receiver asks', () => {
    const wrong = sealMessage(dealt, east, 1, 'north');
    expect(addSealedShare(dealt, 'east', { position: 0, receiver: 'north', sealed: wrong })).toEqual({
      ok: false,
      fault: 'proof',
    });
    const unchecked = taken(
      addSealedShare(dealt, 'east', { position: 0, receiver: 'north', sealed: wrong }, { verify: false }),
    );
    // Only its shape is checked then.
    expect(
      addSealedShare(
        dealt,
        'east',
        { position: 0, receiver: 'north', sealed: { sealed: 'x', proof: 'y' } },
        { verify: false },
      ),
    ).toEqual({ ok: false, fault: 'malformed' });
    expect(sealFaultAt(unchecked, 0)).toBe('east');
    expect(sealFaultAt(sealTo(dealt, 0, north), 0)).toBeNull();
    const complete = taken(
      addSealedShare(unchecked, 'south', {
        position: 0,
        receiver: 'north',
        sealed: sealMessage(unchecked, south, 0, 'north'),
      }),
    );
    expect(readOwnTile(complete, north, 0)).toBeNull();
  });

  it('checks only the shuffles at the end when every opening was checked as it came', () => {
    let table = sealTo(dealt, 0, north);
    table = taken(addOpening(table, 'north', openingMessage(table, north, 0)!));
    for (const me of secrets) table = taken(addSeed(table, me.seat, seedMessage(me)));
    // The seeds tell the whole deck: every position's tile.
    expect(checkRevealed(table, { openings: false })).toEqual({ ok: true, opened: { ...order } });
    expect(checkRevealed(table)).toEqual({ ok: true, opened: { 0: order[0] } });
  });

  it('reads every position once every seed is out and the shuffles hold, and none before', () => {
    const seeded = secrets.slice(0, -1).reduce((t, me) => taken(addSeed(t, me.seat, seedMessage(me))), dealt);
    expect(order.map((_, p) => openedTile(seeded, p))).toEqual(order.map(() => null));
    const last = secrets.at(-1)!;
    const revealed = taken(addSeed(seeded, last.seat, seedMessage(last)));
    expect(order.map((_, p) => openedTile(revealed, p))).toEqual(order);
  });

  it('names at the round’s end a seat whose shuffle its seed does not give', () => {
    // East swaps two tiles of its output: nobody can tell while the round plays.
    const swapped = dealtTable((seat, deck) => {
      if (seat !== 'east') return deck;
      const ciphertexts = decodeDeck(deck)!.map((c) => ({ c1: c.c1.point, c2: c.c2.point }));
      [ciphertexts[0], ciphertexts[1]] = [ciphertexts[1], ciphertexts[0]];
      return encodeDeck(ciphertexts);
    });
    let table = swapped;
    for (const me of secrets) table = taken(addSeed(table, me.seat, seedMessage(me)));
    expect(checkRevealed(table)).toEqual({ ok: false, seat: 'east', fault: 'shuffle' });
    expect(checkRevealed(table, { openings: false })).toEqual({ ok: false, seat: 'east', fault: 'shuffle' });
  });

  it('never throws and takes nothing from whatever another page writes', () => {
    const junk = fc.oneof(
      fc.anything(),
      fc.record({ key: fc.string(), proof: fc.string() }),
      fc.record({ deck: fc.string(), commitment: fc.string() }),
      fc.record({ sealed: fc.string(), proof: fc.string() }),
      fc.record({ share: fc.string(), proof: fc.string() }),
    );
    const seat = fc.constantFrom(...SEATS, 'west', '__proto__', 'constructor');
    const position = fc.oneof(fc.integer({ min: -2, max: TILES + 2 }), fc.double());
    fc.assert(
      fc.property(seat, seat, position, junk, junk, (who, receiver, at, a, b) => {
        const results = [
          addSeatKey(fresh(), who, a),
          addShuffle(dealt, who, a),
          addSealedShare(dealt, who, { position: at, receiver, sealed: a }),
          addPublicShare(dealt, who, { position: at, share: a }),
          addOpening(sealTo(dealt, 0, north), who, { position: at, own: a, unsealed: b }),
          addSeed(dealt, who, a),
        ];
        // A seed is taken as it is said (checked against its commitment at the end); nothing else passes.
        for (const result of results.slice(0, 5)) expect(result.ok).toBe(false);
      }),
      fcSettings(4901, 60),
    );
  });
});
