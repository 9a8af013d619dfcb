import type { RootState } from '../../../app/store';
import { createInitialState } from '../rules/setup';
import type { OkeyState } from '../rules/types';
import { okeySlice } from '../slice';

const NOT_LOADED = createInitialState();

// The app injects Okey's reducer at state.okey when the route loads (module.ts `synced`), so the root state type
// does not name it; until then the board reads a fresh table.
const selectOkeyRoot = (state: RootState): OkeyState => (state as { okey?: OkeyState }).okey ?? NOT_LOADED;

/** The slice's selectors, reading the Okey state from the app's root state. */
export const okey = okeySlice.getSelectors(selectOkeyRoot);
