// Imported by the store, so it must stay light: only the sync middleware's types, never Automerge.
import { createSyncMiddleware, type LocalActionSink } from '../../sync/log/syncMiddleware';

let active: LocalActionSink | null = null;

/** Makes sink the room every local game action goes to (null: actions apply locally, as before joining a room). */
export function setActiveBridge(sink: LocalActionSink | null): void {
  active = sink;
}

/** The store's middleware that routes local game actions to the active room's log. */
export const roomMiddleware = createSyncMiddleware(() => active);
