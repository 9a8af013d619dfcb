import type { RootState } from '../../../app/store';
import { setup } from '../rules/game';
import type { GoState } from '../rules/types';
import { goSlice } from '../slice';

const NOT_LOADED = setup();

// The app injects Go's reducer at state.go when the route loads (module.ts `synced`), so the root state type does
// not name it; until then the board reads a fresh game.
const selectRoot = (state: RootState): GoState => (state as { go?: GoState }).go ?? NOT_LOADED;

/** The slice's selectors, reading the Go state from the app's root state, plus the whole state for the SGF. */
export const go = { ...goSlice.getSelectors(selectRoot), selectGoState: selectRoot };
