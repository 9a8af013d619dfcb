import type { RootState } from '../../../app/store';
import type { MinecraftState } from '../index';
import { minecraftSlice } from '../slice';
import { setup } from '../rules/world';

const NOT_LOADED = setup();

// The app injects the world's reducer at state.minecraft when the route loads (module.ts `synced`), so the root
// state type does not name it; until then the board reads a fresh world.
/** The world state from the app's root state. */
export const selectWorld = (state: RootState): MinecraftState =>
  (state as { minecraft?: MinecraftState }).minecraft ?? NOT_LOADED;

/** The slice's selectors, reading the world from the app's root state. */
export const mc = minecraftSlice.getSelectors(selectWorld);
