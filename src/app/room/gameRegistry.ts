import type { SyncedGame } from '../../sync/log/SyncedGame';
import { withFoldRestore } from '../../sync/log/syncMiddleware';
import { rootReducer } from '../store';
import type { GameRules } from '../../games/GameModule';
import { registerQuietRejections } from './quietRejections';

type Listener = (game: SyncedGame<unknown>) => void;
const loaded = new Map<string, SyncedGame<unknown>>();
const listeners = new Set<Listener>();

/**
 * Adds a loaded game to the store (its slice's reducer, at its name), registers the refusals its board handles itself,
 * and tells the room bridge about it. Idempotent.
 */
export function injectGame({ game, reducer, quietReasons }: GameRules): void {
  if (loaded.has(game.name)) return;
  loaded.set(game.name, game);
  rootReducer.inject({ reducerPath: game.name, reducer: withFoldRestore(game.name, reducer) });
  registerQuietRejections(game.name, quietReasons);
  for (const listener of listeners) listener(game);
}

/** Calls listener for every game loaded so far and each one loaded later; returns the unsubscribe. */
export function onGameLoaded(listener: Listener): () => void {
  listeners.add(listener);
  for (const game of loaded.values()) listener(game);
  return () => listeners.delete(listener);
}
