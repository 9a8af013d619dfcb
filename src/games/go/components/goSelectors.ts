import { go as goGame, goSelectors } from '../slice';

/** Go's selectors over the root state the app hands in, plus the whole state for the SGF. */
export const go = { ...goSelectors, selectGoState: goGame.selectState };
