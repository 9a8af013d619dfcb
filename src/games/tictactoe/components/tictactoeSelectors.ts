import type { RootState } from '../../../app/store';
import { setup } from '../rules/game';
import type { TicTacToeState } from '../rules/types';
import { tictactoeSlice } from '../slice';

const NOT_LOADED = setup();

// The app injects TicTacToe's reducer at state.tictactoe when the route loads (module.ts `synced`), so the root
// state type does not name it; until then the board reads a fresh game.
const selectRoot = (state: RootState): TicTacToeState =>
  (state as { tictactoe?: TicTacToeState }).tictactoe ?? NOT_LOADED;

/** The slice's selectors, reading the TicTacToe state from the app's root state. */
export const ttt = tictactoeSlice.getSelectors(selectRoot);
