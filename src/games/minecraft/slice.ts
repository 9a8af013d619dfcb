import { defineGame, selectorsOf, type PayloadsOf } from '../defineGame';
import { isActor, type Loose } from '../shared/actionTable';
import { isBlockType, placeBlock, placedCount, removeBlock, setup, worldProblems } from './rules/world';
import type { MinecraftState } from './rules/types';

const isCellAction = (p: unknown): p is Loose =>
  isActor(p) && typeof p.x === 'number' && typeof p.y === 'number' && typeof p.z === 'number';

/** Reason given for an action this game does not know or whose payload is not the expected shape. */
export { UNKNOWN_ACTION } from '../shared/actionTable';

// Peers' log entries arrive as untyped JSON: each move's shape is checked before its rule reads the payload.
const moves = {
  blockPlaced: { shape: (p: unknown) => isCellAction(p) && isBlockType(p.block), rule: placeBlock },
  blockRemoved: { shape: isCellAction, rule: removeBlock },
};

/** The game, defined once: its moves make the slice, the action creators and the room's contract. */
export const minecraft = defineGame({
  name: 'minecraft',
  setup: () => setup(),
  moves,
  invariants: worldProblems,
});

/** The payload each action carries, by move. */
export type MinecraftPayloads = PayloadsOf<typeof moves>;

/** The one way any of its actions is applied: the slice, the room's fold and every check go through it. */
export const applyMinecraftAction = minecraft.apply;

/** The slice: every reducer defers to applyMinecraftAction; a refused action leaves the state as it was. */
export const minecraftSlice = minecraft.slice;

/** Selectors over the state, reading it from the root state the app hands in. */
export const minecraftSelectors = selectorsOf(minecraft.selectState, {
  selectChunks: (state: MinecraftState) => state.chunks,
  selectPlacedCount: (state: MinecraftState) => placedCount(state),
});

/** The action creators, named as events; each payload carries `by` and `clientId` of the person acting. */
export const { blockPlaced, blockRemoved } = minecraft.actions;

export const { selectChunks, selectPlacedCount } = minecraftSelectors;
