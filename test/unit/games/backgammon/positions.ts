import { setup } from '../../../../src/games/backgammon/rules/game';
import type { BackgammonState, Position, Result, Side } from '../../../../src/games/backgammon/rules/types';
import { englishText } from '../../../../src/i18n/reasons';

/** The people in these tests: Wendy sits as White, Bruno as Black, Carla only watches. */
export const wendy = { by: { id: 'wendy', name: 'Wendy' }, clientId: 1 };
export const bruno = { by: { id: 'bruno', name: 'Bruno' }, clientId: 2 };
export const carla = { by: { id: 'carla', name: 'Carla' }, clientId: 3 };

/** Both seats filled, waiting for the opening roll. */
export const seatedGame = (): BackgammonState =>
  setup({ white: { user: wendy.by, clientId: 1 }, black: { user: bruno.by, clientId: 2 } });

type Layout = { [place: string]: number };

/** A position from counts per place (points in White's numbering, 'bar', 'off'); unplaced checkers are off. */
export function layout(spec: { white?: Layout; black?: Layout }): Position {
  const position: Position = {
    points: new Array(24).fill(0),
    bar: { white: 0, black: 0 },
    off: { white: 0, black: 0 },
  };
  for (const side of ['white', 'black'] as const) {
    const places = spec[side] ?? {};
    const placed = Object.values(places).reduce((a, b) => a + b, 0);
    if (placed > 15) throw new Error(`${side} has ${placed} checkers`);
    position.off[side] = 15 - placed + (places.off ?? 0);
    for (const [place, count] of Object.entries(places)) {
      if (place === 'bar') position.bar[side] = count;
      else if (place !== 'off') position.points[Number(place) - 1] += side === 'white' ? count : -count;
    }
  }
  return position;
}

/** A game in play at board, side to move holding dice (none: not rolled yet). */
export function inPlay(
  board: Position,
  turn: Side,
  dice: number[] = [],
  extra: Partial<BackgammonState> = {},
): BackgammonState {
  return { ...seatedGame(), phase: 'playing', board, turnStart: board, turn, dice, ...extra };
}

/** The person seated as side. */
export const playerOf = (side: Side) => (side === 'white' ? wendy : bruno);

/** The state a rule returned, failing the test with the rule's reason when it refused. */
export function must(result: Result<BackgammonState>): BackgammonState {
  if (!result.ok) throw new Error(englishText(result.reason));
  return result.state;
}
