import { gameOfAction, type Refusal } from '../../sync/log/SyncedGame';
import { SIGNATURE_REFUSALS } from '../../sync/signing/signatures';
import { LUCK_REASONS } from '../../games/shared/sharedLuck';

const quiet = new Map<string, ReadonlySet<string>>();

/**
 * Records the rejections of a game that the board shows by itself (or not at all), by key, so no toast repeats them;
 * a refused signature or secret is always quiet (another page's code wrote it).
 */
export function registerQuietRejections(game: string, reasons: readonly Refusal[]): void {
  const luck = Object.values(LUCK_REASONS).map((reason) => reason.key);
  quiet.set(game, new Set([...reasons.map((reason) => reason.key), ...SIGNATURE_REFUSALS, ...luck]));
}

/** True when a rejection of this action should not become an error toast. */
export function isQuietRejection(actionType: string, reason: Refusal): boolean {
  const game = gameOfAction(actionType);
  return game !== null && (quiet.get(game)?.has(reason.key) ?? false);
}
