import { reasonsOf, type Reason } from '../../../i18n/reasons';
import type { Side } from './types';

/** Refusals the board swallows without a toast: the click simply does nothing. */
const QUIET = {
  ...reasonsOf('alreadyBound', 'noSuchPoint', 'nothingToUndo', 'departureUnproven'),
  noSeatForClient: { key: 'noSeatForTab' },
} as const satisfies Record<string, Reason>;

/** The reasons a refused Backgammon action gives: the quiet ones, and those the board shows. */
export const REASONS = {
  ...QUIET,
  // Seats and the game's course.
  ...reasonsOf('seatTaken', 'alreadySeated', 'notYourTurn', 'notStarted', 'gameOver', 'notOver'),
  notSeated: { key: 'sitDownFirst' },
  // Dice and the cube.
  ...reasonsOf('notOpening', 'badDice', 'alreadyRolled', 'rollFirst', 'answerDoubleFirst', 'doubleAfterRoll'),
  ...reasonsOf('notYourCube', 'cubeAtMax', 'alreadyOffered', 'noOffer'),
  // Moving checkers.
  ...reasonsOf('noChecker', 'enterFirst', 'pointClosed', 'notAllHome', 'higherCheckerFirst'),
  ...reasonsOf('noDie', 'useMoreDice', 'playLarger', 'mustPlay'),
} as const satisfies Record<string, Reason>;

/** Reasons the board swallows without a toast: the click simply does nothing. */
export const QUIET_REASONS: readonly Reason[] = Object.values(QUIET);

/** "White" or "Black", as people read it. */
export const sideName = (side: Side): Reason => ({ key: side });

/** The notice when a roll has no legal move, e.g. "No legal moves: White's turn passes". */
export const noLegalMovesMessage = (side: Side): Reason => ({ key: `${side}Passes` });

/** The notice when both opening dice match, e.g. "Both rolled 4: roll again". */
export const openingTieMessage = (die: number): Reason => ({ key: 'openingTie', values: { die } });

/** The notice once the opening roll is decided, e.g. "White rolled 5, Black rolled 3: White moves first". */
export const openingWonMessage = (white: number, black: number): Reason => ({
  key: 'openingWon',
  values: { white, black, first: sideName(white > black ? 'white' : 'black') },
});
