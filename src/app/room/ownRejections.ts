// This page's own actions the room's rules refused (a quiet refusal too: no toast says it), for what the page sent on
// its own and must send again when it is lost: the masked deck's parts (useHiddenDeck).
import type { LoggedAction } from '../../sync/log/SyncedGame';

const listeners = new Set<(action: LoggedAction) => void>();

/** Calls listener with each own action refused from now on; the unsubscribe. */
export function onOwnRejection(listener: (action: LoggedAction) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells the listeners that the rules refused this page's own action. */
export function ownActionRejected(action: LoggedAction): void {
  for (const listener of [...listeners]) listener(action);
}
