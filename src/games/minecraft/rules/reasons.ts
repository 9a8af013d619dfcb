import { reasonsOf, type Reason } from '../../../i18n/reasons';

/** The reasons a refused world action gives. */
export const REASONS = {
  ...reasonsOf('outside', 'unknownBlock', 'insidePlayer', 'nothingAimed'),
  occupied: { key: 'blockThere' },
  empty: { key: 'noBlock' },
} as const satisfies Record<string, Reason>;

/**
 * Reasons the board handles without a toast: it checks a click before dispatching and shows its own hint, so a
 * refusal here only happens when two people built on the same cell at once, where the world already shows the winner.
 */
export const QUIET_REASONS: readonly Reason[] = [REASONS.outside, REASONS.occupied, REASONS.empty];
