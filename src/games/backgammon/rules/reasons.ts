import type { Reason } from '../../../i18n/reasons';
import type { Side } from './types';

/** The reasons a refused Backgammon action gives. */
export const REASONS = {
  notYourTurn: { key: 'notYourTurn' },
  notSeated: { key: 'sitDownFirst' },
  seatTaken: { key: 'seatTaken' },
  alreadySeated: { key: 'alreadySeated' },
  alreadyBound: { key: 'alreadyBound' },
  noSeatForClient: { key: 'noSeatForTab' },
  notStarted: { key: 'notStarted' },
  gameOver: { key: 'gameOver' },
  notOver: { key: 'notOver' },
  notOpening: { key: 'notOpening' },
  badDice: { key: 'badDice' },
  alreadyRolled: { key: 'alreadyRolled' },
  rollFirst: { key: 'rollFirst' },
  answerDoubleFirst: { key: 'answerDoubleFirst' },
  noChecker: { key: 'noChecker' },
  enterFirst: { key: 'enterFirst' },
  noSuchPoint: { key: 'noSuchPoint' },
  pointClosed: { key: 'pointClosed' },
  notAllHome: { key: 'notAllHome' },
  higherCheckerFirst: { key: 'higherCheckerFirst' },
  noDie: { key: 'noDie' },
  useMoreDice: { key: 'useMoreDice' },
  playLarger: { key: 'playLarger' },
  mustPlay: { key: 'mustPlay' },
  nothingToUndo: { key: 'nothingToUndo' },
  doubleAfterRoll: { key: 'doubleAfterRoll' },
  notYourCube: { key: 'notYourCube' },
  cubeAtMax: { key: 'cubeAtMax' },
  alreadyOffered: { key: 'alreadyOffered' },
  noOffer: { key: 'noOffer' },
  departureUnproven: { key: 'departureUnproven' },
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
