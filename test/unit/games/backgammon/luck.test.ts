import { describe, expect, it } from 'vitest';
import { testCommitment as commitment, testSecret as secret } from '../../../helpers/signing';
import { applyBackgammonAction } from '../../../../src/games/backgammon/slice';
import { diceFrom, openingRolled } from '../../../../src/games/backgammon/rules/luck';
import { statusLine } from '../../../../src/games/backgammon/components/panelText';
import { i18n } from '../../../../src/i18n/roomTexts';
import type { BackgammonState } from '../../../../src/games/backgammon/rules/types';
import { setup } from '../../../../src/games/backgammon/rules/game';
import { bruno, wendy } from './positions';
import { englishText } from '../../../../src/i18n/reasons';
import { inEnglish } from '../../../helpers/english';

function apply(state: BackgammonState, type: string, payload: object): BackgammonState {
  const result = applyBackgammonAction(state, { type: `backgammon/${type}`, payload });
  if (!result.ok) throw new Error(`${type} refused: ${englishText(result.reason)}`);
  return result.state;
}
const refusal = (state: BackgammonState, type: string, payload: object) => {
  const result = applyBackgammonAction(state, { type: `backgammon/${type}`, payload });
  return result.ok ? null : englishText(result.reason);
};

/** Wendy (White) and Bruno (Black) seated, committed to secrets 1 and 2. */
const seated = () =>
  apply(apply(setup(), 'seatTaken', { ...wendy, side: 'white', commitment: commitment(1) }), 'seatTaken', {
    ...bruno,
    side: 'black',
    commitment: commitment(2),
  });

/** The opening decided from secrets until it is not a tie; the state and the next secret numbers. */
function opened(): { state: BackgammonState; next: { white: number; black: number } } {
  let state = seated();
  let next = { white: 1, black: 2 };
  for (let n = 3; state.phase === 'opening'; n += 2) {
    state = apply(state, 'openingDieRolled', wendy);
    state = apply(state, 'diceRevealed', { ...wendy, reveal: secret(next.white), commitment: commitment(n) });
    state = apply(state, 'openingDieRolled', bruno);
    state = apply(state, 'diceRevealed', {
      ...bruno,
      reveal: secret(next.black),
      commitment: commitment(n + 1),
    });
    next = { white: n, black: n + 1 };
  }
  return { state, next };
}

describe('dice drawn from both sides', () => {
  it('opens with one die each, drawn once both players have rolled and revealed', () => {
    let state = apply(seated(), 'openingDieRolled', wendy);
    state = apply(state, 'diceRevealed', { ...wendy, reveal: secret(1), commitment: commitment(11) });
    expect(state.opening).toEqual({ white: null, black: null });
    expect(inEnglish(refusal(state, 'openingDieRolled', wendy))).toBe('You have already rolled');
    state = apply(state, 'openingDieRolled', bruno);
    state = apply(state, 'diceRevealed', { ...bruno, reveal: secret(2), commitment: commitment(12) });
    const [white, black] = diceFrom({ white: secret(1), black: secret(2) });
    if (white === black) expect(state.opening).toEqual({ white: null, black: null });
    else expect(state.opening).toEqual({ white, black });
    expect(state.roll).toBeUndefined();
    expect(state.commitments).toEqual({ white: commitment(11), black: commitment(12) });
  });

  it("rolls a turn's two dice from the mover's and the other side's secrets", () => {
    const { state: played, next } = opened();
    // The opening's dice are played; the next turn starts without dice.
    const state = { ...played, dice: [], played: [] };
    const mover = state.turn === 'white' ? wendy : bruno;
    const other = mover === wendy ? bruno : wendy;
    const open = apply(state, 'diceRolled', mover);
    expect(open.roll).toEqual({
      kind: 'turn',
      awaited: [state.turn, state.turn === 'white' ? 'black' : 'white'],
      revealed: {},
    });
    expect(inEnglish(refusal(open, 'diceRolled', mover))).toBe('You have already rolled');
    const half = apply(open, 'diceRevealed', {
      ...other,
      reveal: secret(other === wendy ? next.white : next.black),
    });
    expect(half.dice).toEqual([]);
    const rolled = apply(half, 'diceRevealed', {
      ...mover,
      reveal: secret(mover === wendy ? next.white : next.black),
    });
    expect(rolled.roll).toBeUndefined();
    const dice = diceFrom({ white: secret(next.white), black: secret(next.black) });
    // Dice that cannot be played pass the turn at once, saying so.
    if (rolled.dice.length > 0) expect(rolled.dice).toEqual(dice);
    else expect(rolled.record.at(-1)).toContain(`${dice[0]}-${dice[1]}`);
  });

  it("never draws the dice from one secret: one side's word does not call a roll off, and the withholder who leaves loses", () => {
    const { state: played, next } = opened();
    const state = { ...played, dice: [], played: [] };
    const mover = state.turn === 'white' ? wendy : bruno;
    const other = mover === wendy ? bruno : wendy;
    const side = state.turn as 'white' | 'black';
    let rolled = apply(state, 'diceRolled', mover);
    rolled = apply(rolled, 'diceRevealed', { ...mover, reveal: secret(next[side]) });
    expect(inEnglish(refusal(rolled, 'rollTimedOut', other))).toBe(
      'Only a player who revealed may call the draw off',
    );
    expect(inEnglish(refusal(rolled, 'rollTimedOut', { by: { id: 'eve', name: 'Eve' }, clientId: 9 }))).toBe(
      'Only a player who revealed may call the draw off',
    );
    // The mover writing a timeout at once, before the other side's reveal arrives, changes nothing.
    expect(refusal(rolled, 'rollTimedOut', mover)).toBe("One player's word cannot call a draw off");
    expect(rolled.dice).toEqual([]);
    // The withholder standing up while the roll waits for it loses the game; no dice are drawn.
    const left = apply(rolled, 'seatLeft', other);
    expect(left.roll).toBeUndefined();
    expect(left.phase).toBe('finished');
    expect(left.result).toMatchObject({ winner: side, kind: 'resign' });
    expect(left.dice).toEqual([]);
  });

  it('refuses a reveal that does not match, and a second one', () => {
    let state = apply(seated(), 'openingDieRolled', wendy);
    expect(inEnglish(refusal(state, 'diceRevealed', { ...wendy, reveal: secret(9) }))).toBe(
      'Reveal does not match its commitment',
    );
    state = apply(state, 'diceRevealed', { ...wendy, reveal: secret(1) });
    expect(inEnglish(refusal(state, 'diceRevealed', { ...wendy, reveal: secret(1) }))).toBe(
      'Already revealed',
    );
    expect(refusal(seated(), 'diceRevealed', { ...wendy, reveal: secret(1) })).toBe('No luck is being drawn');
  });

  it("tells the players whose Roll the opening waits for, and that a turn's dice are being drawn", () => {
    const words = { t: i18n.getFixedT('en', 'backgammon'), reasonText: englishText };
    let state = apply(seated(), 'openingDieRolled', wendy);
    expect(openingRolled(state, 'white')).toBe(true);
    expect(openingRolled(state, 'black')).toBe(false);
    expect(statusLine(state, words)).toBe('Opening roll: waiting for Black (Bruno) to roll');
    state = apply(state, 'diceRevealed', { ...wendy, reveal: secret(1) });
    expect(statusLine(state, words)).toBe('Opening roll: waiting for Black (Bruno) to roll');
    const { state: played } = opened();
    const mover = played.turn === 'white' ? wendy : bruno;
    const rolling = apply({ ...played, dice: [], played: [] }, 'diceRolled', mover);
    expect(statusLine(rolling, words)).toMatch(/ rolls: drawing the dice$/);
  });
});
