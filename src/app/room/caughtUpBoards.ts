import type { UnknownAction } from '@reduxjs/toolkit';
import { GameFold } from '../../sync/GameFold';
import type { LogCatchUp } from '../../sync/LogCatchUp';
import type { SyncedGame } from '../../sync/SyncedGame';
import { foldRestored } from '../../sync/syncActions';
import { onGameLoaded } from './gameRegistry';

/**
 * Until the room document is open, shows each loaded game as the longest log a peer sent folds: a late joiner sees the
 * board before its Automerge has loaded, let alone synced. The game bridge takes the same logs over when it starts.
 * Returns the stop.
 */
export function showCaughtUpBoards(
  catchUp: LogCatchUp,
  dispatch: (action: UnknownAction) => unknown,
): () => void {
  const games = new Map<string, SyncedGame<unknown>>();
  const show = (game: SyncedGame<unknown>) => {
    const log = catchUp.log(game.name);
    if (!catchUp.asking || !log) return;
    const fold = new GameFold(game);
    fold.update(log);
    dispatch(foldRestored({ game: game.name, state: fold.state }));
  };
  const stopGames = onGameLoaded((game) => {
    games.set(game.name, game);
    show(game);
  });
  const stopLogs = catchUp.subscribe((name) => {
    const game = games.get(name);
    if (game) show(game);
  });
  return () => {
    stopGames();
    stopLogs();
  };
}
