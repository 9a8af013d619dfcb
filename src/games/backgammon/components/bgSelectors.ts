import type { RootState } from '../../../app/store';
import { setup } from '../rules/game';
import type { BackgammonState } from '../rules/types';
import { backgammonSlice } from '../slice';

const NOT_LOADED = setup();

// The app injects Backgammon's reducer at state.backgammon when the route loads (module.ts `synced`), so the root
// state type does not name it; until then the board reads a fresh game.
const selectRoot = (state: RootState): BackgammonState =>
  (state as { backgammon?: BackgammonState }).backgammon ?? NOT_LOADED;

/** The slice's selectors, reading the Backgammon state from the app's root state, plus the whole state. */
export const bg = { ...backgammonSlice.getSelectors(selectRoot), selectState: selectRoot };
