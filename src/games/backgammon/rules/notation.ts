import { ownNumber } from './board';
import type { Reason } from '../../../i18n/reasons';
import type { From, Side, Step, To } from './types';

/** A place as the mover counts it: "bar", "off" or the point in the mover's own numbering. */
export const placeLabel = (side: Side, place: From | To): string =>
  typeof place === 'number' ? String(ownNumber(side, place)) : place;

/** One move in the usual notation, "13/7" or with a hit "13/7*". */
export const stepLabel = (side: Side, step: Step): string =>
  `${placeLabel(side, step.from)}/${placeLabel(side, step.to)}${step.hit ? '*' : ''}`;

/** The dice as written in the move list, e.g. "6-4". */
export const diceLabel = (dice: number[]): string => dice.join('-');

/** A played turn for the move list, e.g. "White 6-4: 24/18 13/9"; each side's points in its own numbering. */
export const turnLine = (side: Side, dice: number[], steps: Step[]): Reason =>
  steps.length === 0
    ? { key: `${side}NoMove`, values: { dice: diceLabel(dice) } }
    : {
        key: `${side}Turn`,
        values: { dice: diceLabel(dice), steps: steps.map((s) => stepLabel(side, s)).join(' ') },
      };

/** The move-list line of a roll that could not be played, e.g. "Black 6-6: no legal moves". */
export const blockedLine = (side: Side, dice: number[]): Reason => ({
  key: `${side}Blocked`,
  values: { dice: diceLabel(dice) },
});
