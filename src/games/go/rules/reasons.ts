/** The exact texts a refused Go action gives. */
export const REASONS = {
  notYourTurn: 'Not your turn',
  suicide: 'Suicide is not allowed',
  ko: 'Ko: this position has already been played',
  occupied: 'Point is occupied',
  noSuchPoint: 'No such point',
  gameOver: 'Game over',
  notOver: 'The game is not over',
  notSeated: 'Sit down first',
  seatTaken: 'Seat taken',
  alreadySeated: 'Already seated',
  alreadyBound: 'Seat already bound to this tab',
  started: 'The game has already started',
  badSize: 'Board size must be 9, 13 or 19',
  badKomi: 'Komi must be a multiple of 0.5',
  unchanged: 'Nothing changed',
  notMarking: 'Not marking dead stones',
  marking: 'Dead stones are being marked',
  noStone: 'No stone there',
  alreadyAccepted: 'Already accepted',
} as const;

/** Reasons the board swallows without a toast: the click simply does nothing. */
export const QUIET_REASONS: readonly string[] = [
  REASONS.occupied,
  REASONS.noSuchPoint,
  REASONS.alreadyBound,
  REASONS.unchanged,
  REASONS.noStone,
  REASONS.alreadyAccepted,
];
