import { go } from './slice';

export * from './slice';
export { BOARD_SIZES, DEFAULT_KOMI, outcome, seatOf } from './rules/game';
export { lastMove, legalMoves } from './rules/play';
export { QUIET_REASONS, REASONS } from './rules/reasons';
export { formatResult, score, type Score } from './rules/scoring';
export { toSgf } from './rules/sgf';
export type { Actor, BoardSize, GoMove, GoPhase, GoState, Player, Seat, Stone } from './rules/types';

/** Go as the room's bridge sees it: its log folds through applyGoAction; refused actions change nothing. */
export const goGame = go.synced;
