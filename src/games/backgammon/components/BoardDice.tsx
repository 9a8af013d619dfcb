import { SIDES } from '../rules/board';
import { useTranslation } from '../../../i18n/roomTexts';
import type { BackgammonState, Side } from '../rules/types';
import Dice from './Dice';
import { LEFT_X, MID_Y, RIGHT_X } from './geometry';

/** The middle of the half of the board a side rolls in: the viewer's right half, the opponent's left half. */
const halfCentre = (side: Side, view: Side) => (side === view ? RIGHT_X + 3 : LEFT_X + 3);

/** Which dice faces are used up: a die counts as used once the remaining dice no longer hold it. */
function usedFlags(faces: readonly number[], remaining: readonly number[]): boolean[] {
  const left = [...remaining];
  const unused = faces.map((face) => {
    const at = left.indexOf(face);
    if (at >= 0) left.splice(at, 1);
    return at >= 0;
  });
  // Doubles (equal faces) fade from the left: the used ones are the first faces.
  const usedCount = unused.filter((u) => !u).length;
  return faces.every((face) => face === faces[0])
    ? faces.map((_, i) => i < usedCount)
    : unused.map((u) => !u);
}

type BoardDiceProps = { state: BackgammonState; view: Side; remaining: readonly number[] };

/** The dice on the board: each side's opening die in its half, then the mover's dice, faded as they are used. The
 * key changes with each roll, so new dice tumble in and undoing a move does not roll them again. */
export default function BoardDice({ state, view, remaining }: BoardDiceProps) {
  const { t } = useTranslation('backgammon');
  if (state.phase === 'opening')
    return (
      <>
        {SIDES.map((side) => {
          const die = state.opening[side];
          return die === null ? null : (
            <Dice
              key={`opening-${side}-${die}`}
              values={[die]}
              used={[false]}
              side={side}
              cx={halfCentre(side, view)}
              cy={MID_Y}
              label={t('openingDie', { side: t(`sides.${side}`), die })}
            />
          );
        })}
      </>
    );
  if (state.phase !== 'playing' || state.turn === null || state.dice.length === 0) return null;
  const [a, b] = state.dice;
  const faces = a === b ? [a, a, a, a] : state.dice;
  return (
    <Dice
      key={`roll-${state.record.length}-${state.turn}`}
      values={faces}
      used={usedFlags(faces, remaining)}
      side={state.turn}
      cx={halfCentre(state.turn, view)}
      cy={MID_Y}
      label={t('rolled', { side: t(`sides.${state.turn}`), dice: state.dice.join(t('diceJoin')) })}
    />
  );
}
