import { reasonsOf, type Reason } from '../../../i18n/reasons';

/** Refusals the board swallows without a toast: the click simply does nothing. */
const QUIET = reasonsOf(
  'occupied',
  'noSuchPoint',
  'alreadyBound',
  'unchanged',
  'noStone',
  'alreadyAccepted',
  'departureUnproven',
);

/** The reasons a refused Go action gives: the quiet ones, and those the board shows. */
export const REASONS = {
  ...QUIET,
  // Seats and settings.
  ...reasonsOf('seatTaken', 'alreadySeated', 'badSize', 'badKomi'),
  notSeated: { key: 'sitDownFirst' },
  started: { key: 'alreadyStarted' },
  // Play, marking dead stones, and the game's end.
  ...reasonsOf('notYourTurn', 'suicide', 'ko', 'notMarking', 'marking', 'gameOver', 'notOver'),
} as const satisfies Record<string, Reason>;

/** Reasons the board swallows without a toast: the click simply does nothing. */
export const QUIET_REASONS: readonly Reason[] = Object.values(QUIET);
