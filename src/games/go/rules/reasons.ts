import { reasonsOf, type Reason } from '../../../i18n/reasons';

/** The reasons a refused Go action gives. */
export const REASONS = {
  ...reasonsOf(
    'notYourTurn',
    'suicide',
    'ko',
    'occupied',
    'noSuchPoint',
    'gameOver',
    'notOver',
    'seatTaken',
    'alreadySeated',
    'alreadyBound',
    'badSize',
    'badKomi',
    'unchanged',
    'notMarking',
    'marking',
    'noStone',
    'alreadyAccepted',
  ),
  notSeated: { key: 'sitDownFirst' },
  started: { key: 'alreadyStarted' },
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
