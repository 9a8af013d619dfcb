import { okey } from './slice';

export * from './slice';
export { applyOkeyAction, isToastReason, OKEY, type OkeyEvent, type OkeyPayloads } from './rules/actions';
export { checkFinish } from './rules/finish';
export { checkInvariants, findDuplicateTiles } from './rules/integrity';
export { MESSAGES } from './rules/messages';
export { describeOkeyState } from './rules/describe';
export { drawPileTop, discardTop } from './rules/turn';
export { createInitialState } from './rules/setup';
export type { Actor, OkeyState, Player, Seat, Tile } from './rules/types';

/** Okey for the room's bridge: its log folds through applyOkeyAction; the snapshot lives at okey-state / game-state. */
export const okeyGame = okey.synced;
