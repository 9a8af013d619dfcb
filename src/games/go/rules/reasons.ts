import { reasonsOf, type Reason } from '../../../i18n/reasons';

/** The reasons a refused Go action gives. */
export const REASONS = {
  // Seats and settings.
  ...reasonsOf('seatTaken', 'alreadySeated', 'alreadyBound', 'badSize', 'badKomi', 'unchanged'),
  notSeated: { key: 'sitDownFirst' },
  started: { key: 'alreadyStarted' },
  // Play, marking dead stones, and the game's end.
  ...reasonsOf('notYourTurn', 'suicide', 'ko', 'occupied', 'noSuchPoint'),
  ...reasonsOf('notMarking', 'marking', 'noStone', 'alreadyAccepted', 'gameOver', 'notOver'),
} as const satisfies Record<string, Reason>;

/** Reasons the board swallows without a toast: the click simply does nothing. */
export const QUIET_REASONS: readonly Reason[] = [
  REASONS.occupied,
  REASONS.noSuchPoint,
  REASONS.alreadyBound,
  REASONS.unchanged,
  REASONS.noStone,
  REASONS.alreadyAccepted,
];
