import type { SyncedGame } from '../../sync/SyncedGame';
import { withFoldRestore } from '../../sync/syncActions';
import { rootReducer } from '../store';

type Listener = (game: SyncedGame<unknown>) => void;
const loaded = new Map<string, SyncedGame<unknown>>();
const listeners = new Set<Listener>();

/** Adds a loaded game's state to the store (at its name) and tells the room bridge about it. Idempotent. */
export function injectGame(game: SyncedGame<unknown>): void {
  if (loaded.has(game.name)) return;
  loaded.set(game.name, game);
  rootReducer.inject({
    reducerPath: game.name,
    reducer: withFoldRestore(game.name, (state = game.initialState, action) => game.reducer(state, action)),
  });
  for (const listener of listeners) listener(game);
}

/** Calls listener for every game loaded so far and each one loaded later; returns the unsubscribe. */
export function onGameLoaded(listener: Listener): () => void {
  listeners.add(listener);
  for (const game of loaded.values()) listener(game);
  return () => listeners.delete(listener);
}
