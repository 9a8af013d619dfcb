import type { GoState } from './types';

const LETTERS = 'abcdefghijklmnopqrs';

/** SGF SimpleText: backslash and closing bracket are escaped. */
const escapeText = (text: string): string => text.replace(/[\\\]]/g, (c) => `\\${c}`);

/** A point as SGF letters, column then row from the top left. */
const sgfPoint = (point: number, size: number): string =>
  LETTERS[point % size] + LETTERS[Math.floor(point / size)];

/** The game record as an SGF FF[4] string; passes are empty B[] / W[]; RE only once decided. */
export function toSgf(state: GoState, names?: { black: string; white: string }): string {
  const black = names?.black ?? state.seats.b?.user.name ?? 'Black';
  const white = names?.white ?? state.seats.w?.user.name ?? 'White';
  const header = [
    'FF[4]',
    'GM[1]',
    'CA[UTF-8]',
    `SZ[${state.size}]`,
    `KM[${state.komi}]`,
    `PB[${escapeText(black)}]`,
    `PW[${escapeText(white)}]`,
    state.result ? `RE[${state.result === 'Draw' ? '0' : state.result}]` : '',
  ].join('');
  const moves = state.moves.map(
    ({ stone, point }) => `;${stone.toUpperCase()}[${point === null ? '' : sgfPoint(point, state.size)}]`,
  );
  return `(;${header}${moves.join('')})`;
}
