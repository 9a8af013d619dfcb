import { describe, expect, it } from 'vitest';
import { WITHHOLD_PENALTY } from '../../../../../src/games/okey/rules/deal';
import { awaitedSeats } from '../../../../../src/games/okey/rules/deckOwed';
import { deckPhase } from '../../../../../src/games/shared/maskedDeck/table';
import { isMasked } from '../../../../../src/games/okey/rules/tiles';
import type { MaskedTile, OkeyState } from '../../../../../src/games/okey/rules/types';
import { actor, seated } from '../okeyTables';
import { openingOf } from '../../../../../src/games/okey/maskedSeat';
import {
  apply,
  everyoneOwes,
  refusal,
  secretsOf,
  sendOwed,
  untilSettled,
} from '../../../../helpers/maskedOkey';
import { inEnglish } from '../../../../helpers/english';

// Each test deals a real masked deck (a second or so for three seats).
const DEAL_TIMEOUT_MS = 60_000;

const seatsOf = (state: OkeyState) => state.players.filter((s) => s.user).map((s) => s.id);

describe('the deal: the round’s masked deck', () => {
  it(
    'opens the masked deck for the seated seats at Start Game, and plays once every seat did its part',
    () => {
      const opened = apply(seated(3), 'gameStarted', actor(2));
      expect(opened.gameState).toBe('start');
      expect(opened.deck?.seats).toEqual(['1', '2', '3']);
      expect(awaitedSeats(opened).map((s) => s.id)).toEqual([1, 2, 3]);
      const playing = untilSettled(opened, secretsOf(3));
      expect(playing.gameState).toBe('play');
      expect(playing.currentPlayer).toBe(1);
      // Every rack and the pile are masked: the state names no tile of them.
      expect(playing.players.every((s) => s.hand.every((t) => t === null || isMasked(t)))).toBe(true);
      expect(awaitedSeats(playing)).toEqual([]);
      expect(inEnglish(refusal(playing, 'gameStarted', actor(1)))).toBe('Game already started');
    },
    DEAL_TIMEOUT_MS,
  );

  it('says there are not enough players with fewer than two seated', () => {
    expect(inEnglish(apply(seated(1), 'gameStarted', actor(1)).message)).toBe(
      'not enough players to start the game',
    );
  });

  it(
    'lets nobody sit down, add or change a bot while the deal is drawn, nor restart once the deck is laid out',
    () => {
      let state = apply(seated(2), 'botAdded', { ...actor(1), seatId: 3 });
      state = apply(state, 'gameStarted', actor(1));
      expect(refusal(state, 'seatTaken', { ...actor(4), seatId: 4 })).toBe('Game already started');
      expect(refusal(state, 'botAdded', { ...actor(1), seatId: 4 })).toBe('Game already started');
      expect(refusal(state, 'botRemoved', { ...actor(1), seatId: 3 })).toBe('A deal is being drawn');
      expect(refusal(state, 'botTakenOver', { ...actor(2), seatId: 3 })).toBe('A deal is being drawn');
      // Before the deck is laid out nobody knows a tile: the table may start over (a deck nobody keys, say).
      const reset = apply(state, 'gameReset', actor(1));
      expect(reset.deck).toBeUndefined();
      expect(reset.deckRounds).toBe(1);
      // Laid out, racks are being read: a restart would redraw a deal some have seen.
      const secrets = secretsOf(3, 'restart');
      let laidOut = apply(seated(3), 'gameStarted', actor(1));
      while (deckPhase(laidOut.deck!) !== 'dealt') laidOut = everyoneOwes(laidOut, secrets);
      for (const type of ['gameReset', 'newGameStarted'])
        expect(refusal(laidOut, type, actor(1))).toBe('A deal is being drawn');
    },
    DEAL_TIMEOUT_MS,
  );

  it('calls the deal off once every player the deck does not wait for says it waited too long', () => {
    const [one, , three] = secretsOf(3);
    const opened = apply(seated(3), 'gameStarted', actor(1));
    // Seat 2 never keys the deck.
    const keyed = sendOwed(sendOwed(opened, one), three);
    expect(awaitedSeats(keyed).map((s) => s.id)).toEqual([2]);
    // One witness's word is not enough while another has not said so.
    const once = apply(keyed, 'dealTimedOut', actor(1));
    expect(once.dealTimeouts).toEqual([1]);
    expect(once.deck).toBeDefined();
    const called = apply(once, 'dealTimedOut', actor(3));
    expect(called.gameState).toBe('start');
    expect(called.deck).toBeUndefined();
    expect(called.dealTimeouts).toBeUndefined();
    expect(inEnglish(called.message)).toBe('Name2 held up the deck and loses the round');
    expect(seatsOf(called)).toEqual([1, 3]);
    expect(called.match.points).toMatchObject({ 1: 20, 2: 20 - WITHHOLD_PENALTY, 3: 20 });
    // The round's number stays spent: the next deal's proofs are bound to another.
    expect(called.deckRounds).toBe(1);
    expect(apply(called, 'gameStarted', actor(1)).deck?.round).toBe(2);
  });

  it('takes no timeout from a spectator or from a seat the deck waits for, nor one player’s word', () => {
    const [one, , three] = secretsOf(3);
    const keyed = sendOwed(sendOwed(apply(seated(3), 'gameStarted', actor(1)), one), three);
    const witness = 'Only a player the deck does not wait for may call the wait off';
    expect(refusal(keyed, 'dealTimedOut', actor(4))).toBe(witness);
    expect(refusal(keyed, 'dealTimedOut', actor(2))).toBe(witness);
    // At a table of two the deal waits for the withholder's part or departure: one page's word costs nobody a round.
    const two = sendOwed(apply(seated(2), 'gameStarted', actor(1)), one);
    expect(refusal(two, 'dealTimedOut', actor(1))).toBe("One player's word cannot call a draw off");
    expect(refusal(seated(2), 'dealTimedOut', actor(1))).toBe('No deal is being drawn');
  });

  it('starts the wait over whenever the deck moves on', () => {
    const secrets = secretsOf(3);
    const keyed = everyoneOwes(apply(seated(3), 'gameStarted', actor(1)), secrets);
    // Keys in: seat 1 owes its shuffle; seat 3 says it waits too long, then seat 1 shuffles.
    expect(awaitedSeats(keyed).map((s) => s.id)).toEqual([1]);
    const said = apply(keyed, 'dealTimedOut', actor(3));
    const shuffled = sendOwed(said, secrets[0]);
    expect(awaitedSeats(shuffled).map((s) => s.id)).toEqual([2]);
    expect(shuffled.dealTimeouts).toBeUndefined();
    // Seat 1's word alone does not call seat 2 out on seat 3's earlier word.
    expect(apply(shuffled, 'dealTimedOut', actor(1)).deck).toBeDefined();
  });

  it('calls the deal off against a seat that leaves while the deal awaits its part: no deal from fewer seats', () => {
    const opened = apply(seated(3), 'gameStarted', actor(1));
    const left = apply(opened, 'seatLeft', actor(3));
    expect(left.gameState).toBe('start');
    expect(left.deck).toBeUndefined();
    expect(inEnglish(left.message)).toBe('Name3 held up the deck and loses the round');
    expect(left.match.points).toMatchObject({ 1: 20, 2: 20, 3: 20 - WITHHOLD_PENALTY });
    expect(left.players.every((s) => s.hand.every((t) => t === null))).toBe(true);
  });

  describe('a seat that withholds its part once the round is in play', () => {
    const secrets = secretsOf(3, 'withheld');
    const playing = untilSettled(apply(seated(3), 'gameStarted', actor(1)), secrets);

    it(
      'voids the round when it withholds its seal of a draw: it loses the round and its seat, no other points move',
      () => {
        // Seat 1 discards the last tile of its rack, with its opening; seat 2 draws the pile's top.
        const last = playing.players[0].hand.filter((t) => t !== null).at(-1) as MaskedTile;
        const opening = openingOf(playing.deck!, secrets[0], last);
        const discarded = apply(playing, 'tileDiscarded', { ...actor(1), tileId: last.id, opening });
        const top = discarded.drawPile[0];
        const drawn = apply(discarded, 'tileDrawn', { ...actor(2), tileId: top.id, toSlot: 20 });
        // Seats 1 and 3 owe their seals of the drawn tile to seat 2; seat 3 seals, seat 1 never does.
        const sealed = sendOwed(drawn, secrets[2]);
        expect(awaitedSeats(sealed).map((s) => s.id)).toEqual([1]);
        expect(refusal(sealed, 'dealTimedOut', actor(1))).toBe(
          'Only a player the deck does not wait for may call the wait off',
        );
        const called = apply(apply(sealed, 'dealTimedOut', actor(2)), 'dealTimedOut', actor(3));
        expect(called.gameState).toBe('finish');
        expect(inEnglish(called.message)).toBe('Name1 held up the deck and loses the round');
        expect(seatsOf(called)).toEqual([2, 3]);
        expect(called.match.points).toMatchObject({ 1: 20 - WITHHOLD_PENALTY, 2: 20, 3: 20 });
        // The others reveal their seeds. Without seat 1's the deck stays unknown, so every rack stays masked (the
        // drawn tile, never sealed by seat 1, among them), and the table goes on.
        const settled = untilSettled(called, secrets.slice(1));
        expect(Object.keys(settled.deck!.seeds).sort()).toEqual(['2', '3']);
        const drawnTile = settled.players[1].hand.find((t) => t?.id === top.id);
        expect(drawnTile && 'masked' in drawnTile).toBe(true);
        for (const seat of settled.players)
          expect(seat.hand.every((t) => t === null || 'masked' in t)).toBe(true);
        expect(apply(settled, 'newGameStarted', actor(2)).gameState).toBe('start');
      },
      DEAL_TIMEOUT_MS,
    );

    it('waits for a departed player’s seat as for a withheld part: the round is void once the others say so', () => {
      // Seat 3's player departed (their tab said goodbye): the seat is kept for them alone.
      const gone = {
        ...playing,
        players: playing.players.map((s) => (s.id === 3 ? { ...s, user: null, userKey: null } : s)),
        departed: { '3': 'user3' },
      };
      expect(awaitedSeats(gone).map((s) => s.id)).toEqual([3]);
      const called = apply(apply(gone, 'dealTimedOut', actor(1)), 'dealTimedOut', actor(2));
      expect(called.gameState).toBe('finish');
      expect(called.departed).toBeUndefined();
      expect(called.match.points).toMatchObject({ 1: 20, 2: 20, 3: 20 - WITHHOLD_PENALTY });
      // Back in time, the player takes the seat again and the deck waits for nobody.
      const back = apply(gone, 'seatTaken', { ...actor(3), seatId: 3 });
      expect(awaitedSeats(back)).toEqual([]);
    });

    it('keeps its seat for its own page alone: no other person or bot takes a masked rack', () => {
      const gone = apply(playing, 'seatLeft', actor(2));
      expect(refusal(gone, 'seatTaken', { ...actor(4), seatId: 2 })).toBe('Seat kept for its player');
      expect(refusal(gone, 'botAdded', { ...actor(1), seatId: 2 })).toBe('Seat kept for its player');
    });

    it(
      'voids a round over whose seed a seat withholds: the shuffles cannot be checked without it',
      () => {
        const over = untilSettled({ ...playing, gameState: 'finish' }, secrets.slice(0, 2));
        expect(deckPhase(over.deck!)).toBe('dealt');
        expect(awaitedSeats(over).map((s) => s.id)).toEqual([3]);
        const called = apply(apply(over, 'dealTimedOut', actor(1)), 'dealTimedOut', actor(2));
        expect(inEnglish(called.message)).toBe('Name3 held up the deck and loses the round');
        expect(called.match.points).toMatchObject({ 1: 20, 2: 20, 3: 20 - WITHHOLD_PENALTY });
        // Until then the table waits for the check; not for a person who has left (nobody could end that wait).
        expect(refusal(over, 'newGameStarted', actor(1))).toBe("The round's deck is still being checked");
        const left = apply(over, 'seatLeft', actor(3));
        expect(apply(left, 'newGameStarted', actor(1)).gameState).toBe('start');
      },
      DEAL_TIMEOUT_MS,
    );
  });
});
