import { describe, expect, it } from 'vitest';
import type { BotMove } from '../../../../../src/games/okey/rules/bot';
import type { OkeyState } from '../../../../../src/games/okey/rules/types';
import { actor, seated } from '../okeyTables';
import { apply, playMaskedTurn, refusal, secretsOf, untilSettled } from '../../../../helpers/maskedOkey';
import { inEnglish } from '../../../../helpers/english';
import { awaitedSeats } from '../../../../../src/games/okey/rules/deckOwed';
import { WITHHOLD_PENALTY } from '../../../../../src/games/okey/rules/deal';

// Each test plays a whole masked round of three seats (some seconds).
const ROUND_TIMEOUT_MS = 120_000;

/** Two people and a bot in seat 3, dealt from the masked deck. */
function dealtWithBot(salt: string): OkeyState {
  const table = apply(seated(2), 'botAdded', { ...actor(1), seatId: 3 });
  return untilSettled(apply(table, 'gameStarted', actor(1)), secretsOf(3, salt));
}

/** Plays the round to its end and lets every seat open its rack and reveal its seed; `cheat` may change a bot move. */
function playOut(state: OkeyState, salt: string, cheat?: (move: BotMove, state: OkeyState) => BotMove) {
  const secrets = secretsOf(3, salt);
  const states: OkeyState[] = [];
  for (let turn = 0; state.gameState === 'play' && turn < 400; turn++) {
    const before = state;
    state = playMaskedTurn(state, secrets, cheat && ((move) => cheat(move, before)));
    states.push(state);
  }
  return { end: untilSettled(state, secrets), states };
}

describe("a bot's moves from a masked rack", () => {
  it(
    'are kept as the round goes and played again at its end, when every rack is open: an honest round stands',
    () => {
      const { end, states } = playOut(dealtWithBot('honest'), 'honest');
      // Every move of the bot's seat was kept with what the bot saw; none is left once the racks are open.
      expect(Math.max(...states.map((s) => s.botMoves?.length ?? 0))).toBeGreaterThan(2);
      expect(states.every((s) => (s.botMoves ?? []).every((r) => r.seat === 3))).toBe(true);
      expect(end.botMoves).toBeUndefined();
      expect(inEnglish(end.message)).toMatch(/wins!$/);
    },
    ROUND_TIMEOUT_MS,
  );

  it(
    'voids the round, naming the bot, when its driver made a move the bot would not have made',
    () => {
      let cheated = false;
      const { end } = playOut(dealtWithBot('cheat'), 'cheat', (move, state) => {
        if (cheated || move.event !== 'tileDiscarded' || state.currentPlayer !== 3) return move;
        // The driver keeps the tile the bot would let go and lets another go instead.
        const other = state.players
          .find((s) => s.id === 3)!
          .hand.find((t) => t !== null && t.id !== move.payload.tileId)!;
        cheated = true;
        return { event: 'tileDiscarded', payload: { tileId: other.id } };
      });
      expect(cheated).toBe(true);
      expect(inEnglish(end.message)).toBe("Bot 3 broke the deck's rules: the round is void");
      expect(end.match.points).toMatchObject({ 1: 20, 2: 20, 3: 20 });
      expect(end.botMoves).toBeUndefined();
    },
    ROUND_TIMEOUT_MS,
  );

  it(
    'holds up the deck on its turn when its driver is gone: the round is void, and the bot and its driver lose it',
    () => {
      const secrets = secretsOf(3, 'gone');
      let state = dealtWithBot('gone');
      while (state.currentPlayer !== 3) state = playMaskedTurn(state, secrets);
      expect(awaitedSeats(state).map((s) => s.id)).toEqual([3]);
      // Nobody takes a masked bot over in the round: its rack opens only with its driver's secret.
      expect(inEnglish(refusal(state, 'botTakenOver', { ...actor(2), seatId: 3 }))).toBe(
        'Seat kept for its player',
      );
      // Its driver's page left: Ada's page (seat 1) drove it, its seat bound to her key.
      const bound = {
        ...state,
        seatKeys: { '1': { key: 'ada', seq: 9 }, '2': { key: 'bo', seq: 9 }, '3': { key: 'ada', seq: 9 } },
      };
      const called = apply(apply(bound, 'dealTimedOut', actor(1)), 'dealTimedOut', actor(2));
      expect(inEnglish(called.message)).toBe('Bot 3 held up the deck and loses the round');
      expect(called.players.find((s) => s.id === 3)?.user).toBeNull();
      expect(called.match.points).toMatchObject({
        1: 20 - WITHHOLD_PENALTY,
        2: 20,
        3: 20 - WITHHOLD_PENALTY,
      });
    },
    ROUND_TIMEOUT_MS,
  );

  it(
    'holds New Game after a round until the bot its seated driver drives has opened its rack and revealed its seed',
    () => {
      const secrets = secretsOf(3, 'seed');
      const table = dealtWithBot('seed');
      // The people reveal their parts; the bot's driver does not.
      const over = untilSettled({ ...table, gameState: 'finish' }, secrets.slice(0, 2));
      expect(awaitedSeats(over).map((s) => s.id)).toEqual([3]);
      const keys = { '1': { key: 'ada', seq: 9 }, '2': { key: 'bo', seq: 9 }, '3': { key: 'ada', seq: 9 } };
      expect(refusal({ ...over, seatKeys: keys }, 'newGameStarted', actor(2))).toBe(
        "The round's deck is still being checked",
      );
      // A bot whose driver sits at the table no more is not waited for: its secret may have left with its page.
      const gone = { ...over, seatKeys: { ...keys, '3': { key: 'cem', seq: 9 } } };
      expect(apply(gone, 'newGameStarted', actor(2)).gameState).toBe('start');
    },
    ROUND_TIMEOUT_MS,
  );
});
