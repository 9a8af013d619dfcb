import type { Reason } from '../../../i18n/reasons';

/** The reasons a refused Go action gives. */
export const REASONS = {
  notYourTurn: { key: 'notYourTurn' },
  suicide: { key: 'suicide' },
  ko: { key: 'ko' },
  occupied: { key: 'occupied' },
  noSuchPoint: { key: 'noSuchPoint' },
  gameOver: { key: 'gameOver' },
  notOver: { key: 'notOver' },
  notSeated: { key: 'sitDownFirst' },
  seatTaken: { key: 'seatTaken' },
  alreadySeated: { key: 'alreadySeated' },
  alreadyBound: { key: 'alreadyBound' },
  started: { key: 'alreadyStarted' },
  badSize: { key: 'badSize' },
  badKomi: { key: 'badKomi' },
  unchanged: { key: 'unchanged' },
  notMarking: { key: 'notMarking' },
  marking: { key: 'marking' },
  noStone: { key: 'noStone' },
  alreadyAccepted: { key: 'alreadyAccepted' },
  departureUnproven: { key: 'departureUnproven' },
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
