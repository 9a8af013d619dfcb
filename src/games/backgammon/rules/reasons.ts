import { reasonsOf, type Reason } from '../../../i18n/reasons';
import type { Side } from './types';

/** The reasons a refused Backgammon action gives. */
export const REASONS = {
  // Seats.
  ...reasonsOf('seatTaken', 'alreadySeated', 'alreadyBound'),
  notSeated: { key: 'sitDownFirst' },
  noSeatForClient: { key: 'noSeatForTab' },
  // The game's course.
  ...reasonsOf('notYourTurn', 'notStarted', 'gameOver', 'notOver'),
  // Dice and the cube.
  ...reasonsOf('notOpening', 'badDice', 'alreadyRolled', 'rollFirst', 'answerDoubleFirst', 'doubleAfterRoll'),
  ...reasonsOf('notYourCube', 'cubeAtMax', 'alreadyOffered', 'noOffer'),
  // Moving checkers.
  ...reasonsOf('noChecker', 'enterFirst', 'noSuchPoint', 'pointClosed', 'notAllHome', 'higherCheckerFirst'),
  ...reasonsOf('noDie', 'useMoreDice', 'playLarger', 'mustPlay', 'nothingToUndo'),
} as const satisfies Record<string, Reason>;

/** Reasons the board swallows without a toast: the click simply does nothing. */
export const QUIET_REASONS: readonly Reason[] = [
  REASONS.alreadyBound,
  REASONS.noSeatForClient,
  REASONS.noSuchPoint,
  REASONS.nothingToUndo,
];

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
