import { opponent, SIDES } from '../rules/board';
import { openingRolled } from '../rules/luck';
import { resultText } from '../rules/game';
import type { BackgammonState, Side } from '../rules/types';
import type { TFunction } from '../../../i18n/i18n';
import type { LooseReason } from '../../../i18n/reasons';

/** How the panel speaks: the game's texts, and the rules' reasons in the interface's language. */
export type PanelWords = { t: TFunction<'backgammon'>; reasonText: (reason: LooseReason) => string };

/** "White (Ann)" when the seat is taken, "White" when it is free. */
export const sideWithName = (state: BackgammonState, side: Side, t: TFunction<'backgammon'>): string => {
  const name = state.seats[side]?.user.name;
  const sideName = t(`sides.${side}`);
  return name ? t('sideWithName', { side: sideName, name }) : sideName;
};

/** The headline over the board: waiting for players, the opening roll, who rolls or moves, a double, the result. */
export function statusLine(state: BackgammonState, { t, reasonText }: PanelWords): string {
  if (state.phase === 'seating') return t('waiting');
  // The result in the words the rules gave it, so the panel's notice (the same text) is recognised as said already.
  if (state.phase === 'finished') return state.result ? reasonText(resultText(state.result)) : t('gameOver');
  if (state.phase === 'opening') {
    // One side has rolled: its die shows once the other has rolled too (both are drawn together, docs/fair-play.md).
    const rolled = SIDES.filter((side) => openingRolled(state, side));
    if (rolled.length !== 1 || state.opening[rolled[0]] !== null) return t('opening');
    return t('openingWaiting', { who: sideWithName(state, opponent(rolled[0]), t) });
  }
  const offerer = state.cube.offeredBy;
  if (offerer)
    return t('doubleOffered', {
      side: t(`sides.${offerer}`),
      value: state.cube.value * 2,
      who: sideWithName(state, opponent(offerer), t),
    });
  const who = sideWithName(state, state.turn as Side, t);
  if (state.roll) return t('rolling', { who });
  return state.dice.length === 0 ? t('toRoll', { who }) : t('toMove', { who });
}
