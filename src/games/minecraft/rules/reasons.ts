/** The exact texts a refused world action gives. */
export const REASONS = {
  outside: 'Blocks must stay inside the world',
  occupied: 'A block is already there',
  empty: 'There is no block there',
  unknownBlock: 'Unknown block type',
  insidePlayer: 'A block cannot go inside a player',
  nothingAimed: 'Aim at a block within reach',
} as const;

/**
 * Reasons the board handles without a toast: it checks a click before dispatching and shows its own hint, so a
 * refusal here only happens when two people built on the same cell at once, where the world already shows the winner.
 */
export const QUIET_REASONS: readonly string[] = [REASONS.outside, REASONS.occupied, REASONS.empty];
