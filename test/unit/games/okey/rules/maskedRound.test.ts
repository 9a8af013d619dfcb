import { describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8 } from '../../../../../src/games/shared/maskedDeck/group';
import {
  keyMessage,
  openingMessage,
  readOwnTile,
  sealMessage,
  seedMessage,
  shuffleMessage,
  type SeatSecrets,
} from '../../../../../src/games/shared/maskedDeck/seat';
import { checkRevealed, deckPhase } from '../../../../../src/games/shared/maskedDeck/table';
import { deckLayout, indicatorOf, openDeck } from '../../../../../src/games/okey/rules/maskedRound';
import { deckOwed } from '../../../../../src/games/okey/rules/deckOwed';
import { tileOfIndex } from '../../../../../src/games/okey/rules/deck';
import { isJoker, isMasked } from '../../../../../src/games/okey/rules/tiles';
import { checkInvariants } from '../../../../../src/games/okey/rules/integrity';
import type { MaskedTile, OkeyState, TableTile } from '../../../../../src/games/okey/rules/types';
import { composedOrder } from '../../../../helpers/maskedDeckTable';
import {
  apply,
  everyoneOwes,
  owedEntry,
  playMaskedTurn,
  secretsOf,
  untilSettled,
} from '../../../../helpers/maskedOkey';
import { actor, must, reasonOf, seated } from '../okeyTables';
import { deckEntry, foreseenDrawEntry, partsOf, rackAsRead } from '../../../../../src/games/okey/maskedSeat';

const ROOM = 'room-1';
// Four seats and the whole 106-tile deck: each test deals a real round, a few seconds beside a whole run.
const ROUND_TIMEOUT_MS = 120_000;

const person = (me: SeatSecrets) => actor(Number(me.seat));

describe('an Okey round’s masked deck in the rules', () => {
  it(
    'deals each of four seats its rack, which only that seat reads, and opens the indicator to all',
    () => {
      const secrets = secretsOf(4);
      const opened = openDeck(seated(4), ROOM);
      expect(opened.deck?.seats).toEqual(['1', '2', '3', '4']);
      expect(opened.deckRounds).toBe(1);

      // Keys first: every seat owes its key, and nobody shuffles before all are in.
      for (const id of [1, 2, 3, 4])
        expect(deckOwed(opened, id)).toMatchObject({ key: true, shuffle: false });
      let state = everyoneOwes(opened, secrets);
      expect(deckPhase(state.deck!)).toBe('shuffles');
      // Then each shuffles in turn.
      state = everyoneOwes(state, secrets);
      expect(deckPhase(state.deck!)).toBe('dealt');

      // Then every seat owes its seal of each position dealt to another seat, and its share of the indicator.
      const layout = deckLayout(state.deck!.seats);
      for (const me of secrets) {
        const owed = deckOwed(state, Number(me.seat));
        const others = Object.entries(layout.racks).filter(([seat]) => seat !== me.seat);
        expect(owed.seals.length).toBe(others.reduce((n, [, positions]) => n + positions.length, 0));
        expect(owed.indicator).toBe(105);
      }
      state = untilSettled(state, secrets);

      const order = composedOrder(secrets, 106);
      const racks = secrets.map((me) =>
        layout.racks[me.seat].map((position) => {
          // Every other seat is refused this tile.
          for (const other of secrets.filter((s) => s !== me))
            expect(readOwnTile(state.deck!, other, position)).toBeNull();
          return readOwnTile(state.deck!, me, position);
        }),
      );
      expect(racks.map((r) => r.length)).toEqual([15, 14, 14, 14]);
      expect(racks.flat()).toEqual(
        layout.racks['1']
          .concat(layout.racks['2'], layout.racks['3'], layout.racks['4'])
          .map((p) => order[p]),
      );
      const indicator = indicatorOf(state.deck!);
      expect(indicator).toMatchObject({ position: expect.any(Number) });
      expect(indicator && 'tile' in indicator && isJoker(indicator.tile)).toBe(false);
      expect(indicator && 'tile' in indicator ? indicator.tile.id : null).toBe(
        tileOfIndex(order[(indicator as { position: number }).position])!.id,
      );
      for (const id of [1, 2, 3, 4])
        expect(deckOwed(state, id)).toEqual({
          key: false,
          shuffle: false,
          seals: [],
          indicator: null,
          seed: false,
        });

      // Once the round is over, each seat reveals its seed, and the whole round checks.
      state = untilSettled({ ...state, gameState: 'finish' }, secrets);
      expect(checkRevealed(state.deck!)).toMatchObject({ ok: true });
    },
    ROUND_TIMEOUT_MS,
  );

  it(
    'opens the position above when a joker opens at the indicator’s place, and leaves the joker there',
    () => {
      // Salts until a joker lands on the pile's last position: the seats' seeds say where each tile goes.
      let salt = 0;
      while (!isJoker(tileOfIndex(composedOrder(secretsOf(2, `joker-${salt}`), 106)[105])!)) salt++;
      const secrets = secretsOf(2, `joker-${salt}`);
      const order = composedOrder(secrets, 106);
      const state = untilSettled(openDeck(seated(2), ROOM), secrets);
      const indicator = indicatorOf(state.deck!);
      const expected = isJoker(tileOfIndex(order[104])!) ? 103 : 104;
      expect(indicator).toEqual({ position: expected, tile: tileOfIndex(order[expected]) });
    },
    ROUND_TIMEOUT_MS,
  );

  it(
    'makes no part its page sent a moment ago again, and the rest as owed',
    () => {
      const secrets = secretsOf(3, 'sent');
      const [one] = secrets;
      const opened = openDeck(seated(3), ROOM);
      expect(deckEntry(opened, 1, one, { sent: (part) => part === 'key' })).toBeNull();
      const keyed = everyoneOwes(opened, secrets);
      expect(deckEntry(keyed, 1, one, { sent: (part) => part === 'shuffle' })).toBeNull();
      let dealt = keyed;
      while (deckPhase(dealt.deck!) !== 'dealt') dealt = everyoneOwes(dealt, secrets);
      // Seat 1 seals seats 2's and 3's racks; with seat 2's first seven sent already, the entry seals the rest.
      const sentSeals = new Set([15, 16, 17, 18, 19, 20, 21].map((p) => `seal ${p}`));
      const entry = deckEntry(dealt, 1, one, { sent: (part) => sentSeals.has(part) });
      expect(entry?.event).toBe('tilesSealed');
      const positions = entry?.event === 'tilesSealed' ? entry.payload.seals.map((s) => s.position) : [];
      expect(positions).toEqual([
        22,
        23,
        24,
        25,
        26,
        27,
        28,
        ...Array.from({ length: 14 }, (_, i) => 29 + i),
      ]);
      expect(partsOf(entry!, dealt)).toEqual(positions.map((p) => `seal ${p}`));
    },
    ROUND_TIMEOUT_MS,
  );

  it(
    'foresees the seal a draw from the pile will owe, the very entry owed once the draw comes',
    () => {
      const secrets = secretsOf(3, 'foreseen');
      const [one, two, three] = secrets;
      const dealt = untilSettled(openDeck(seated(3), ROOM), secrets);
      expect(dealt.gameState).toBe('play');
      // Seat 1 holds 15 tiles: it discards before anyone draws.
      expect(foreseenDrawEntry(dealt, 2, two)).toBeNull();
      // Its bot's moves (an arrangement, then a discard) pass the turn.
      let turned = dealt;
      while (turned.currentPlayer === 1 && turned.gameState === 'play')
        turned = playMaskedTurn(turned, secrets);
      expect(turned.currentPlayer).toBe(2);
      const top = turned.drawPile[0]!;
      const foreseen = foreseenDrawEntry(turned, 1, one);
      expect(foreseen).toEqual({
        event: 'tilesSealed',
        payload: {
          seals: [{ position: isMasked(top) ? top.position : -1, receiver: '2', sealed: expect.anything() }],
        },
      });
      expect(foreseenDrawEntry(turned, 3, three)).not.toBeNull();
      // The drawer seals nothing to itself.
      expect(foreseenDrawEntry(turned, 2, two)).toBeNull();
      const drawn = apply(turned, 'tileDrawn', { ...person(two), tileId: top.id, toSlot: 20 });
      expect(owedEntry(drawn, one)).toEqual(foreseen);
      expect(owedEntry(drawn, three)).toEqual(foreseenDrawEntry(turned, 3, three));
      // A seat that owes something now foresees nothing.
      expect(foreseenDrawEntry(drawn, 1, one)).toBeNull();
    },
    ROUND_TIMEOUT_MS,
  );

  it('refuses a deck message from a seat out of turn or a spectator, and voids the round on one whose proof fails', () => {
    const secrets = secretsOf(2);
    const [one, two] = secrets;
    const opened = openDeck(seated(3), ROOM);
    const deck = opened.deck!;
    // Person 3 is seated but not one of these secrets' seats: the deck has three seats.
    expect(deck.seats).toEqual(['1', '2', '3']);
    const outsider = { by: { id: 'watcher', name: 'Watcher' }, clientId: 999 };
    expect(reasonOf(opened, 'deckKeyed', { ...outsider, ...keyMessage(deck, one) })).toBe('Not seated');
    // Seat 2 sends seat 1's key: its proof is bound to seat 1, and seat 2's own signed word voids the round.
    const copied = must(opened, 'deckKeyed', { ...person(two), ...keyMessage(deck, one) });
    expect(copied.message).toEqual({ key: 'roundVoid', values: { name: 'Name2' } });
    expect(reasonOf(copied, 'deckKeyed', { ...person(one), ...keyMessage(deck, one) })).toBe(
      "Not this seat's turn with the deck",
    );
    expect(reasonOf(opened, 'deckShuffled', { ...person(one), deck: 'x', commitment: 'y' })).toBe(
      "Not this seat's turn with the deck",
    );
    expect(reasonOf(opened, 'tilesSealed', { ...person(one), seals: [] })).toBe(
      'A deck message that cannot be read',
    );
    expect(reasonOf(opened, 'seedRevealed', { ...person(one), seed: seedMessage(one) })).toBe(
      "Not this seat's turn with the deck",
    );
    // Without a deck, no deck message is taken.
    expect(reasonOf(seated(2), 'deckKeyed', { ...person(one), ...keyMessage(deck, one) })).toBe(
      'No deal is being drawn',
    );
  });

  describe('play over masked tiles', () => {
    const secrets = secretsOf(3, 'play');
    const order = composedOrder(secrets, 106);
    // Dealt once for the tests below: three seats, every rack sealed, the indicator open.
    const dealt = untilSettled(openDeck(seated(3), ROOM), secrets);
    const rackOf = (state: OkeyState, id: number) => state.players.find((s) => s.id === id)!.hand;
    const maskedIn = (hand: readonly (TableTile | null)[]) =>
      hand.filter((t): t is MaskedTile => t !== null && isMasked(t));
    const opening = (state: OkeyState, me: SeatSecrets, tile: MaskedTile) =>
      openingMessage(state.deck!, me, tile.position)!;

    it('lays the deck out masked and starts the round once the indicator opens', () => {
      expect(dealt.gameState).toBe('play');
      expect(dealt.currentPlayer).toBe(1);
      expect(dealt.okeyTile).not.toBeNull();
      expect([1, 2, 3].map((id) => maskedIn(rackOf(dealt, id)).length)).toEqual([15, 14, 14]);
      expect(dealt.drawPile.filter((t) => isMasked(t)).length).toBeGreaterThanOrEqual(106 - 43 - 3);
      expect(checkInvariants(dealt)).toEqual([]);
      // Nothing of any rack or of the pile is in the state: only positions.
      for (const id of [1, 2, 3])
        for (const tile of rackOf(dealt, id))
          if (tile)
            expect(Object.keys(tile).sort()).toEqual(['hidden', 'id', 'masked', 'position', 'source']);
    });

    it('shows each seat its own rack as its page reads it, and nothing of another’s', () => {
      for (const me of secrets) {
        const id = Number(me.seat);
        const read = rackAsRead(dealt, id, me).filter((t) => t !== null);
        const positions = maskedIn(rackOf(dealt, id)).map((t) => t.position);
        // Every tile read, under the id the state gives it, its face the one the shuffles put there.
        expect(read.map((t) => t!.id)).toEqual(positions.map((p) => `deck-${p}`));
        expect(read.map((t) => (isMasked(t!) ? null : t!.name))).toEqual(
          positions.map((p) => tileOfIndex(order[p])!.name),
        );
        for (const other of secrets.filter((s) => s !== me))
          expect(rackAsRead(dealt, id, other).every((t) => t === null || isMasked(t))).toBe(true);
      }
    });

    it('discards a masked tile opened by its seat, and refuses it unopened', () => {
      const [one, two] = secrets;
      const tile = maskedIn(rackOf(dealt, 1))[0];
      expect(reasonOf(dealt, 'tileDiscarded', { ...actor(1), tileId: tile.id })).toBe(
        'A deck message that cannot be read',
      );
      // Seat 2 cannot open seat 1's tile: it holds none of the seals to unseal.
      expect(openingMessage(dealt.deck!, two, tile.position)).toBeNull();

      const after = must(dealt, 'tileDiscarded', {
        ...actor(1),
        tileId: tile.id,
        opening: opening(dealt, one, tile),
      });
      const discarded = after.players[0].discardPile.at(-1)!;
      expect(discarded).toMatchObject({ id: tileOfIndex(order[tile.position])!.id, source: 'discard-1' });
      expect(after.currentPlayer).toBe(2);
      expect(checkInvariants(after)).toEqual([]);
    });

    it('draws a masked tile, which every other seat then seals to the drawer alone', () => {
      const [one, two, three] = secrets;
      const first = maskedIn(rackOf(dealt, 1))[0];
      let state = must(dealt, 'tileDiscarded', {
        ...actor(1),
        tileId: first.id,
        opening: opening(dealt, one, first),
      });
      const top = state.drawPile[0] as MaskedTile;
      state = must(state, 'tileDrawn', { ...actor(2), tileId: top.id, toSlot: 20 });
      expect(rackOf(state, 2)[20]).toMatchObject({ masked: true, position: top.position, source: 'hand-2' });
      // Seats 1 and 3 owe their seals of it to seat 2; seat 2 owes nothing.
      expect(deckOwed(state, 1).seals).toEqual([{ position: top.position, receiver: '2' }]);
      expect(deckOwed(state, 3).seals).toEqual([{ position: top.position, receiver: '2' }]);
      expect(deckOwed(state, 2).seals).toEqual([]);
      expect(readOwnTile(state.deck!, two, top.position)).toBeNull();
      state = untilSettled(state, secrets);
      expect(readOwnTile(state.deck!, two, top.position)).toBe(order[top.position]);
      for (const other of [one, three]) expect(readOwnTile(state.deck!, other, top.position)).toBeNull();
      // Seat 2 lets it go at once: every page then knows it.
      const drawn = rackOf(state, 2)[20] as MaskedTile;
      state = must(state, 'tileDiscarded', {
        ...actor(2),
        tileId: drawn.id,
        opening: opening(state, two, drawn),
      });
      expect(state.players[1].discardPile.at(-1)!.id).toBe(tileOfIndex(order[top.position])!.id);
    });

    it('refuses a seal of a tile to any seat but the one whose rack holds it', () => {
      const [, two, three] = secrets;
      // Seat 2 draws the pile's top; seat 3 seals it to seat 1 instead, to claim the position for another seat.
      const first = maskedIn(rackOf(dealt, 1))[0];
      let state = must(dealt, 'tileDiscarded', {
        ...actor(1),
        tileId: first.id,
        opening: opening(dealt, secrets[0], first),
      });
      const top = state.drawPile[0] as MaskedTile;
      state = must(state, 'tileDrawn', { ...actor(2), tileId: top.id, toSlot: 20 });
      const misdirected = sealMessage(state.deck!, three, top.position, '1');
      expect(
        reasonOf(state, 'tilesSealed', {
          ...actor(3),
          seals: [{ position: top.position, receiver: '1', sealed: misdirected }],
        }),
      ).toBe("Not this seat's turn with the deck");
      // The holder's seals still come, and it reads its tile.
      state = untilSettled(state, secrets);
      expect(readOwnTile(state.deck!, two, top.position)).toBe(order[top.position]);
    });

    it('opens the whole rack for a finish before it checks it', () => {
      const [one] = secrets;
      const rack = maskedIn(rackOf(dealt, 1));
      const openings = rack.map((t) => opening(dealt, one, t));
      // A dealt rack almost never wins: the finish is refused by the finish check itself, after every tile opened.
      const refused = reasonOf(dealt, 'finishDeclared', { ...actor(1), tileId: rack[0].id, openings });
      expect(refused).not.toMatch(/deck message/);
      expect(refused).not.toBe('accepted');
      expect(
        reasonOf(dealt, 'finishDeclared', { ...actor(1), tileId: rack[0].id, openings: openings.slice(1) }),
      ).toBe('A deck message that cannot be read');
    });
  });

  describe('the round’s end', () => {
    const secrets = secretsOf(3, 'end');
    const order = composedOrder(secrets, 106);
    const dealt = untilSettled(openDeck(seated(3), ROOM), secrets);
    const over = { ...dealt, gameState: 'finish' as const };
    const rackOf = (state: OkeyState, id: number) => state.players.find((s) => s.id === id)!.hand;

    it('has every seat reveal its seed; the last one checks the round and opens every rack from the deck', () => {
      for (const id of [1, 2, 3]) expect(deckOwed(over, id)).toMatchObject({ seed: true, seals: [] });
      const masked = (state: OkeyState, id: number) =>
        rackOf(state, id).filter((t): t is MaskedTile => t !== null && isMasked(t));
      let state: OkeyState = over;
      for (const me of secrets) {
        // Until the last seed, the deck is not known: every rack stays as masked as it was.
        for (const id of [1, 2, 3]) expect(masked(state, id)).toHaveLength(masked(over, id).length);
        state = must(state, 'seedRevealed', { ...person(me), seed: seedMessage(me) });
      }
      for (const id of [1, 2, 3]) expect(masked(state, id)).toEqual([]);
      // Every rack is open, each tile the one the shuffles put there.
      for (const me of secrets) {
        const { racks } = deckLayout(state.deck!.seats);
        expect(
          rackOf(state, Number(me.seat))
            .filter((t) => t !== null)
            .map((t) => t!.id),
        ).toEqual(racks[me.seat].map((p) => tileOfIndex(order[p])!.id));
      }
      expect(checkRevealed(state.deck!)).toMatchObject({ ok: true });
      expect(state.message).toBe(over.message);
      for (const id of [1, 2, 3]) expect(deckOwed(state, id)).toMatchObject({ seed: false });
    });

    it('voids the round and names the seat whose shuffle its seed does not give, every point as it began', () => {
      // Seat 2's page publishes another deck than its seed gives: nobody can tell until the seeds are out.
      const tampered = (state: OkeyState): OkeyState => {
        for (const me of secrets) {
          const owed = deckOwed(state, Number(me.seat));
          if (owed.key) state = must(state, 'deckKeyed', { ...person(me), ...keyMessage(state.deck!, me) });
        }
        for (const me of secrets) {
          const shuffle = shuffleMessage(state.deck!, me)!;
          const other = { ...me, shuffleSeed: sha256(utf8('another seed')) };
          const deck = me.seat === '2' ? shuffleMessage(state.deck!, other)!.deck : shuffle.deck;
          state = must(state, 'deckShuffled', { ...person(me), ...shuffle, deck });
        }
        return untilSettled(state, secrets);
      };
      const played = tampered(openDeck(seated(3), ROOM));
      expect(played.gameState).toBe('play');
      // Seat 1 shows no indicator, but the points moved somehow this round: a void gives them back.
      let state: OkeyState = {
        ...played,
        gameState: 'finish',
        match: { ...played.match, points: { 1: 20, 2: 18, 3: 18, 4: 20 } },
      };
      for (const me of secrets) state = must(state, 'seedRevealed', { ...person(me), seed: seedMessage(me) });
      expect(state.message).toEqual({ key: 'roundVoid', values: { name: 'Name2' } });
      expect(state.match.points).toEqual(played.pointsBefore);
    });

    it('voids the round on a seal its receiver finds failing, or an opening whose proof fails, naming its seat', () => {
      const [one, two, three] = secrets;
      // Seat 2 seals seat 1's first tile with its seal of another position, as the deal begins: the rules take seals
      // unchecked, and seat 1's page, which reads no tile there, says so.
      let state = everyoneOwes(everyoneOwes(openDeck(seated(3), ROOM), secrets), secrets);
      expect(deckPhase(state.deck!)).toBe('dealt');
      const wrong = sealMessage(state.deck!, two, 20, '1');
      state = must(state, 'tilesSealed', {
        ...person(two),
        seals: [{ position: 0, receiver: '1', sealed: wrong }],
      });
      state = must(state, 'tilesSealed', {
        ...person(three),
        seals: [{ position: 0, receiver: '1', sealed: sealMessage(state.deck!, three, 0, '1') }],
      });
      expect(readOwnTile(state.deck!, one, 0)).toBeNull();
      expect(deckEntry(state, 1, one)).toEqual({ event: 'sealDisputed', payload: { position: 0 } });
      // A claim against a tile whose seals hold is refused; only its receiver may claim.
      expect(reasonOf(dealt, 'sealDisputed', { ...actor(1), position: 0 })).toBe(
        'Every seal of this tile holds',
      );
      expect(reasonOf(state, 'sealDisputed', { ...actor(3), position: 0 })).toBe(
        "Not this seat's turn with the deck",
      );
      state = must(state, 'sealDisputed', { ...actor(1), position: 0 });
      expect(state.gameState).toBe('finish');
      expect(state.message).toEqual({ key: 'roundVoid', values: { name: 'Name2' } });
      // Nothing more is owed for a round void before it began, but the seeds.
      expect(deckOwed(state, 1)).toMatchObject({ seals: [], indicator: null, key: false, shuffle: false });
      // An opening of another tile offered for a discard: seat 1's own signed word against it.
      const first = rackOf(dealt, 1)[0] as MaskedTile;
      const second = rackOf(dealt, 1)[1] as MaskedTile;
      const wrongOpening = openingMessage(dealt.deck!, one, second.position)!;
      const after = must(dealt, 'tileDiscarded', { ...actor(1), tileId: first.id, opening: wrongOpening });
      expect(after.gameState).toBe('finish');
      expect(after.message).toEqual({ key: 'roundVoid', values: { name: 'Name1' } });
      expect(after.match.points).toEqual(dealt.pointsBefore);
    });
  });
});
