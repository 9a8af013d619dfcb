import { stateOf } from '../../world';
import { minecraftSlice } from '../slice';
import { setup } from '../rules/world';

/** The world state from the root state the app hands in (a fresh world until loaded). */
export const selectWorld = stateOf(minecraftSlice.name, setup());

/** The slice's selectors, reading the world from the root state. */
export const mc = minecraftSlice.getSelectors(selectWorld);
