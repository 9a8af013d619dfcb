import { SIGNATURE_REFUSALS } from '../../sync/signing/signatures';
import { LUCK_REASONS } from '../../games/shared/sharedLuck';

const quiet = new Map<string, ReadonlySet<string>>();

/**
 * Records the rejection texts of a game that the board shows by itself (or not at all), so no toast repeats them; a
 * refused signature or secret is always quiet (another page's code wrote it).
 */
export function registerQuietRejections(game: string, reasons: readonly string[]): void {
  quiet.set(game, new Set([...reasons, ...SIGNATURE_REFUSALS, ...Object.values(LUCK_REASONS)]));
}

/** True when a rejection of this action should not become an error toast. */
export function isQuietRejection(actionType: string, reason: string): boolean {
  return quiet.get(actionType.slice(0, actionType.indexOf('/')))?.has(reason) ?? false;
}
