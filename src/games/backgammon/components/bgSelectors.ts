import { backgammon, backgammonSelectors } from '../slice';

/** Backgammon's selectors over the root state the app hands in, plus the whole state. */
export const bg = { ...backgammonSelectors, selectState: backgammon.selectState };
