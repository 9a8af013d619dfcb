import { backgammon } from './slice';

export * from './slice';
export { CHECKERS, opponent, ownNumber, SIDES } from './rules/board';
export { legalTargets, MAX_CUBE, outcome, pipCount, resultText, seatOf, setup } from './rules/game';
export { canConfirmTurn, movesAvailable, remainingDice } from './rules/mustPlay';
export { placeLabel, stepLabel } from './rules/notation';
export { noLegalMovesMessage, QUIET_REASONS, REASONS, sideName } from './rules/reasons';
export type {
  Actor,
  BackgammonState,
  Cube,
  From,
  GameResult,
  Phase,
  Player,
  Point,
  Position,
  ResultKind,
  Seat,
  Side,
  Sides,
  Step,
  To,
} from './rules/types';

/** Backgammon as the room's bridge sees it: its log folds through applyBackgammonAction; refused actions change nothing. */
export const backgammonGame = backgammon.synced;
