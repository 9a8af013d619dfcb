import { hashPosition } from '../../../../src/games/go/rules/board';
import { setup } from '../../../../src/games/go/rules/game';
import { applyMove, passTurn } from '../../../../src/games/go/rules/play';
import type { BoardSize, GoState, Stone } from '../../../../src/games/go/rules/types';
import { englishText } from '../../../../src/i18n/reasons';

/** Ann sits as Black, Bob as White, Cat only watches. */
export const ann = { by: { id: 'ann', name: 'Ann' }, clientId: 1 };
export const bob = { by: { id: 'bob', name: 'Bob' }, clientId: 2 };
export const cat = { by: { id: 'cat', name: 'Cat' }, clientId: 3 };

/** A game with Ann and Bob seated whose board is drawn row by row ('.', 'b', 'w'), as if reached by play. */
export function position(rows: string[], toMove: Stone = 'b', komi = 6.5): GoState {
  const board = rows.join('');
  const start = setup(rows.length as BoardSize, komi, {
    b: { user: ann.by, clientId: 1 },
    w: { user: bob.by, clientId: 2 },
  });
  return { ...start, board, toMove, positions: [hashPosition(board)] };
}

/** An empty 9x9 board with Ann and Bob seated. */
export const seated9 = (): GoState => position(Array(9).fill('.........'));

/** The point at a row and column. */
export const at = (row: number, col: number, size = 9): number => row * size + col;

/** Plays points in turn for whoever is to move; null passes. Throws on a refused move so a test fails loudly. */
export function playAll(state: GoState, points: (number | null)[]): GoState {
  return points.reduce((current, point) => {
    const actor = current.toMove === 'b' ? ann : bob;
    const result = point === null ? passTurn(current, actor) : applyMove(current, { ...actor, point });
    if (!result.ok) throw new Error(`${point}: ${englishText(result.reason)}`);
    return result.state;
  }, state);
}
