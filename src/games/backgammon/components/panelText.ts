import { opponent } from '../rules/board';
import { resultText } from '../rules/game';
import { sideName } from '../rules/reasons';
import type { BackgammonState, Side } from '../rules/types';

/** "White (Ann)" when the seat is taken, "White" when it is free. */
export const sideWithName = (state: BackgammonState, side: Side): string => {
  const name = state.seats[side]?.user.name;
  return name ? `${sideName(side)} (${name})` : sideName(side);
};

/** The headline over the board: waiting for players, the opening roll, who rolls or moves, a double, the result. */
export function statusLine(state: BackgammonState): string {
  if (state.phase === 'seating') return 'Waiting for two players';
  if (state.phase === 'finished') return state.result ? resultText(state.result) : 'Game over';
  if (state.phase === 'opening') return 'Opening roll: each player rolls one die';
  const offerer = state.cube.offeredBy;
  if (offerer)
    return `${sideName(offerer)} doubles to ${state.cube.value * 2}: ${sideWithName(state, opponent(offerer))} to answer`;
  const turn = state.turn as Side;
  return `${sideWithName(state, turn)} to ${state.dice.length === 0 ? 'roll' : 'move'}`;
}
