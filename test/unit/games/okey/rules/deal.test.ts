import { describe, expect, it } from 'vitest';
import { testCommitment as commitment, testSecret as secret } from '../../../../helpers/signing';
import { applyOkeyAction } from '../../../../../src/games/okey/rules/actions';
import { orderFrom, WITHHOLD_PENALTY } from '../../../../../src/games/okey/rules/deal';
import { createInitialState } from '../../../../../src/games/okey/rules/setup';
import type { OkeyState } from '../../../../../src/games/okey/rules/types';
import { actor } from '../okeyTables';
import { inEnglish } from '../../../../helpers/english';
import { englishText } from '../../../../../src/i18n/reasons';

function apply(state: OkeyState, type: string, payload: object): OkeyState {
  const result = applyOkeyAction(state, { type: `okey/${type}`, payload });
  if (!result.ok) throw new Error(`${type} refused: ${englishText(result.reason)}`);
  return result.state;
}
const refusal = (state: OkeyState, type: string, payload: object) => {
  const result = applyOkeyAction(state, { type: `okey/${type}`, payload });
  return result.ok ? null : englishText(result.reason);
};

/** Players 1..n seated in seats 1..n, each committed to secret(n). */
function seated(n: number): OkeyState {
  let state = createInitialState();
  for (let i = 1; i <= n; i++)
    state = apply(state, 'seatTaken', { ...actor(i), seatId: i, commitment: commitment(i) });
  return state;
}

describe('the deal drawn from every seat', () => {
  it('waits for every seated secret after Start Game, then deals from all of them', () => {
    const opened = apply(seated(2), 'gameStarted', actor(1));
    expect(opened.gameState).toBe('start');
    expect(opened.dealing).toEqual({});
    const half = apply(opened, 'dealRevealed', {
      ...actor(2),
      reveal: secret(2),
      commitment: commitment(12),
    });
    expect(half.gameState).toBe('start');
    const dealt = apply(half, 'dealRevealed', { ...actor(1), reveal: secret(1), commitment: commitment(11) });
    expect(dealt.gameState).toBe('play');
    expect(dealt.dealing).toBeUndefined();
    // The order is the draw from the seats' secrets in seat order, whoever revealed first.
    const order = orderFrom({ 1: secret(1), 2: secret(2) });
    const expected = apply(seated(2), 'gameStarted', { ...actor(1), order });
    expect(dealt.players.map((s) => s.hand)).toEqual(expected.players.map((s) => s.hand));
    expect(dealt.commitments).toEqual({ 1: commitment(11), 2: commitment(12) });
  });

  it('shuffles differently for different secrets or seats, and the same for the same ones', () => {
    expect(orderFrom({ 1: secret(1), 2: secret(2) })).not.toEqual(orderFrom({ 1: secret(2), 2: secret(1) }));
    expect(orderFrom({ 1: secret(1), 2: secret(2) })).not.toEqual(orderFrom({ 1: secret(1), 3: secret(2) }));
    expect(orderFrom({ 1: secret(1), 2: secret(2) })).toEqual(orderFrom({ 1: secret(1), 2: secret(2) }));
    expect(orderFrom({ 1: secret(1), 2: secret(2) })).not.toEqual(orderFrom({ 1: secret(1), 2: secret(3) }));
    expect([...orderFrom({ 1: secret(7) })].sort()).toEqual(
      createInitialState()
        .drawPile.map((t) => t.id)
        .sort(),
    );
  });

  it('refuses a reveal that does not match its commitment, a second reveal and one with no deal drawn', () => {
    const opened = apply(seated(2), 'gameStarted', actor(1));
    expect(inEnglish(refusal(opened, 'dealRevealed', { ...actor(1), reveal: secret(9) }))).toBe(
      'Reveal does not match its commitment',
    );
    const once = apply(opened, 'dealRevealed', { ...actor(1), reveal: secret(1) });
    expect(inEnglish(refusal(once, 'dealRevealed', { ...actor(1), reveal: secret(1) }))).toBe(
      'Already revealed',
    );
    expect(refusal(seated(2), 'dealRevealed', { ...actor(1), reveal: secret(1) })).toBe(
      'No deal is being drawn',
    );
  });

  it('lets nobody sit down or add a bot while the deal is drawn', () => {
    const opened = apply(seated(2), 'gameStarted', actor(1));
    expect(
      inEnglish(refusal(opened, 'seatTaken', { ...actor(3), seatId: 3, commitment: commitment(3) })),
    ).toBe('Game already started');
    expect(
      inEnglish(refusal(opened, 'botAdded', { ...actor(1), seatId: 3, commitment: commitment(3) })),
    ).toBe('Game already started');
  });

  it('keeps a seat its commitment while the deal is drawn, and takes a new one otherwise', () => {
    const state = seated(2);
    const rebound = apply(state, 'seatRebound', { ...actor(1), clientId: 500, commitment: commitment(21) });
    expect(rebound.commitments?.[1]).toBe(commitment(21));
    const opened = apply(state, 'gameStarted', actor(1));
    const duringDeal = apply(opened, 'seatRebound', {
      ...actor(1),
      clientId: 500,
      commitment: commitment(21),
    });
    expect(duringDeal.commitments?.[1]).toBe(commitment(1));
  });

  it('calls a deal off once every player who revealed says it waited too long: the withholder loses the round', () => {
    const opened = apply(seated(3), 'gameStarted', actor(1));
    const revealed = apply(
      apply(opened, 'dealRevealed', { ...actor(1), reveal: secret(1) }),
      'dealRevealed',
      {
        ...actor(3),
        reveal: secret(3),
      },
    );
    // One witness's word is not enough while another who revealed has not said so.
    const once = apply(revealed, 'dealTimedOut', actor(1));
    expect(once.dealing).toEqual(revealed.dealing);
    expect(once.dealTimeouts).toEqual([1]);
    const called = apply(once, 'dealTimedOut', actor(3));
    expect(called.gameState).toBe('start');
    expect(called.dealing).toBeUndefined();
    expect(called.dealTimeouts).toBeUndefined();
    expect(inEnglish(called.message)).toBe('Name2 did not reveal and loses the round');
    expect(called.players.filter((s) => s.user).map((s) => s.id)).toEqual([1, 3]);
    expect(called.match.points).toMatchObject({ 1: 20, 2: 20 - WITHHOLD_PENALTY, 3: 20 });
    expect(called.commitments?.['2']).toBeUndefined();
  });

  it('takes no timeout from a spectator, from the withholder, or before anyone revealed', () => {
    const opened = apply(seated(3), 'gameStarted', actor(1));
    const one = apply(opened, 'dealRevealed', { ...actor(1), reveal: secret(1) });
    const witness = 'Only a player who revealed may call the deal off';
    expect(inEnglish(refusal(one, 'dealTimedOut', actor(4)))).toBe(witness);
    expect(inEnglish(refusal(one, 'dealTimedOut', actor(2)))).toBe(witness);
    expect(refusal(opened, 'dealTimedOut', actor(1))).toBe(witness);
  });

  it("takes no one player's word: at a table of two the deal waits for the withholder's reveal", () => {
    const opened = apply(seated(2), 'gameStarted', {
      ...actor(1),
      reveal: secret(1),
      commitment: commitment(11),
    });
    // Written at once, before the other reveal could arrive: refused, and the reveal still deals.
    expect(inEnglish(refusal(opened, 'dealTimedOut', actor(1)))).toBe(
      "One player's word cannot call a draw off",
    );
    const dealt = apply(opened, 'dealRevealed', { ...actor(2), reveal: secret(2) });
    expect(dealt.gameState).toBe('play');
  });

  it('calls the deal off against a seat that leaves while the deal awaits its secret: no deal from fewer secrets', () => {
    const opened = apply(seated(3), 'gameStarted', {
      ...actor(1),
      reveal: secret(1),
      commitment: commitment(11),
    });
    const two = apply(opened, 'dealRevealed', { ...actor(2), reveal: secret(2) });
    const left = apply(two, 'seatLeft', actor(3));
    expect(left.gameState).toBe('start');
    expect(left.dealing).toBeUndefined();
    expect(inEnglish(left.message)).toBe('Name3 did not reveal and loses the round');
    expect(left.match.points).toMatchObject({ 1: 20, 2: 20, 3: 20 - WITHHOLD_PENALTY });
    // A seat that revealed may leave: the deal goes on for the others.
    const early = apply(apply(opened, 'seatLeft', actor(1)), 'dealRevealed', {
      ...actor(2),
      reveal: secret(2),
    });
    expect(early.dealing).toEqual({ 1: secret(1), 2: secret(2) });
    expect(apply(early, 'dealRevealed', { ...actor(3), reveal: secret(3) }).gameState).toBe('play');
  });

  it('lets no restart, bot removal or bot take-over change the deal once it is being drawn', () => {
    let state = apply(seated(2), 'botAdded', { ...actor(1), seatId: 3, commitment: commitment(3) });
    state = apply(state, 'gameStarted', actor(1));
    for (const type of ['gameReset', 'newGameStarted'])
      expect(inEnglish(refusal(state, type, actor(1)))).toBe('A deal is being drawn');
    expect(inEnglish(refusal(state, 'botRemoved', { ...actor(1), seatId: 3 }))).toBe('A deal is being drawn');
    expect(refusal(state, 'botTakenOver', { ...actor(2), seatId: 3 })).toBe('A deal is being drawn');
  });

  it('deals at once when no seated player committed to anything (seats taken by code that commits nothing)', () => {
    let state = createInitialState();
    state = apply(state, 'seatTaken', { ...actor(1), seatId: 1 });
    state = apply(state, 'seatTaken', { ...actor(2), seatId: 2 });
    expect(apply(state, 'gameStarted', actor(1)).gameState).toBe('play');
  });
});
