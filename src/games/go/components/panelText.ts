import type { GoPhase, GoState, Stone } from '../rules/types';

/** "Black" or "White". */
export const colourName = (stone: Stone): string => (stone === 'b' ? 'Black' : 'White');

/** A seat's holder by name, or the colour when the seat is free. */
const holder = (seats: GoState['seats'], stone: Stone): string =>
  seats[stone]?.user.name ?? colourName(stone);

/** The headline over the board: whose turn, that dead stones are being marked, or the result. */
export function statusLine(
  phase: GoPhase,
  toMove: Stone,
  seats: GoState['seats'],
  result: string | null,
): string {
  if (phase === 'finished') return `Result: ${result ?? ''}`;
  if (phase === 'marking') return 'Mark dead stones, then both players Accept';
  const name = holder(seats, toMove);
  return name === colourName(toMove) ? `${name} to play` : `${colourName(toMove)} to play (${name})`;
}

/** Why a result came about, in words: "Black wins by 3.5", "White wins by resignation", "Draw". */
export function resultInWords(result: string | null): string {
  if (!result) return '';
  if (result === 'Draw') return 'Draw';
  const [side, margin] = result.split('+');
  const winner = side === 'B' ? 'Black' : 'White';
  return margin === 'R' ? `${winner} wins by resignation` : `${winner} wins by ${margin}`;
}
