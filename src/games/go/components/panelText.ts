import type { GoPhase, GoState, Stone } from '../rules/types';
import type { TFunction } from '../../../i18n/i18n';

/** "Black" or "White", in the language `t` speaks. */
export const colourName = (stone: Stone, t: TFunction<'go'>): string => t(`colours.${stone}`);

/** A result as the rules write it ("B+3.5", "W+R", "Draw"), with the draw in words. */
export const resultNotation = (result: string | null, t: TFunction<'go'>): string =>
  result === 'Draw' ? t('draw') : (result ?? '');

/** The headline over the board: whose turn, that dead stones are being marked, or the result. */
export function statusLine(
  phase: GoPhase,
  toMove: Stone,
  seats: GoState['seats'],
  result: string | null,
  t: TFunction<'go'>,
): string {
  if (phase === 'finished') return t('result', { result: resultNotation(result, t) });
  if (phase === 'marking') return t('marking');
  const colour = colourName(toMove, t);
  // A free seat, or a player named as the colour, is said once.
  const name = seats[toMove]?.user.name ?? colour;
  return name === colour ? t('toPlay', { name }) : t('toPlayNamed', { colour, name });
}

/** Why a result came about, in words: "Black wins by 3.5", "White wins by resignation", "Draw". */
export function resultInWords(result: string | null, t: TFunction<'go'>): string {
  if (!result) return '';
  if (result === 'Draw') return t('draw');
  const [side, margin] = result.split('+');
  const winner = colourName(side === 'B' ? 'b' : 'w', t);
  return margin === 'R' ? t('winsByResignation', { winner }) : t('winsBy', { winner, margin });
}
