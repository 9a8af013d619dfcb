import type { Side } from './types';

/** The exact texts a refused Backgammon action gives. */
export const REASONS = {
  notYourTurn: 'Not your turn',
  notSeated: 'Sit down first',
  seatTaken: 'Seat taken',
  alreadySeated: 'Already seated',
  alreadyBound: 'Seat already bound to this tab',
  noSeatForClient: 'No seat for that tab',
  notStarted: 'The game has not started',
  gameOver: 'Game over',
  notOver: 'The game is not over',
  notOpening: 'The opening roll is over',
  badDice: 'Dice show 1 to 6',
  alreadyRolled: 'You have already rolled',
  rollFirst: 'Roll the dice first',
  answerDoubleFirst: 'The double must be answered first',
  noChecker: 'No checker of yours there',
  enterFirst: 'Enter your checkers from the bar first',
  noSuchPoint: 'No such point',
  pointClosed: 'That point is closed',
  notAllHome: 'Bear off only with all 15 checkers in your home board',
  higherCheckerFirst: 'Bear off with a higher die only when no checker stands further back',
  noDie: 'No die matches that move',
  useMoreDice: 'You must use as many dice as you can',
  playLarger: 'You must play the larger die',
  mustPlay: 'Play every die you can before ending the turn',
  nothingToUndo: 'Nothing to undo',
  doubleAfterRoll: 'Double before rolling',
  notYourCube: 'The cube is not yours',
  cubeAtMax: 'The cube is at 64: no more doubles',
  alreadyOffered: 'A double is already offered',
  noOffer: 'No double to answer',
} as const;

/** Reasons the board swallows without a toast: the click simply does nothing. */
export const QUIET_REASONS: readonly string[] = [
  REASONS.alreadyBound,
  REASONS.noSeatForClient,
  REASONS.noSuchPoint,
  REASONS.nothingToUndo,
];

/** "White" or "Black", as people read it. */
export const sideName = (side: Side): string => (side === 'white' ? 'White' : 'Black');

/** The notice when a roll has no legal move, e.g. "No legal moves: White's turn passes". */
export const noLegalMovesMessage = (side: Side): string => `No legal moves: ${sideName(side)}'s turn passes`;

/** The notice when both opening dice match, e.g. "Both rolled 4: roll again". */
export const openingTieMessage = (die: number): string => `Both rolled ${die}: roll again`;

/** The notice once the opening roll is decided, e.g. "White rolled 5, Black rolled 3: White moves first". */
export const openingWonMessage = (white: number, black: number): string =>
  `White rolled ${white}, Black rolled ${black}: ${white > black ? 'White' : 'Black'} moves first`;
