import { createSlice } from '@reduxjs/toolkit';
import type { LoggedAction } from '../../sync/SyncedGame';
import {
  createActionTable,
  isActor,
  type Loose,
  type RuleTable,
  type ShapeTable,
} from '../shared/actionTable';
import { moveReducerOf } from '../shared/moveReducer';
import { isBlockType, placeBlock, placedCount, removeBlock, setup } from './rules/world';
import type { MinecraftState, PlaceBlock, RemoveBlock, Result } from './rules/types';

/** Reason given for an action this game does not know or whose payload is not the expected shape. */
export { UNKNOWN_ACTION } from '../shared/actionTable';

/** The payload each world action carries: who acted and the cell; a placement also names the block. */
export type MinecraftPayloads = { blockPlaced: PlaceBlock; blockRemoved: RemoveBlock };

const NAME = 'minecraft';

const RULES: RuleTable<MinecraftState, MinecraftPayloads> = {
  blockPlaced: placeBlock,
  blockRemoved: removeBlock,
};

const isCellAction = (p: unknown): p is Loose =>
  isActor(p) && typeof p.x === 'number' && typeof p.y === 'number' && typeof p.z === 'number';

// Peers' log entries arrive as untyped JSON: check the shape before the rules read it, so a bad entry is skipped, not thrown.
const PAYLOAD_SHAPES: ShapeTable<MinecraftPayloads> = {
  blockPlaced: (p) => isCellAction(p) && isBlockType(p.block),
  blockRemoved: isCellAction,
};

/** The one way any world action is applied: the slice, the sync reducer and validation all go through it. */
export const applyMinecraftAction: (state: MinecraftState, action: LoggedAction) => Result<MinecraftState> =
  createActionTable(NAME, RULES, PAYLOAD_SHAPES);

const move = moveReducerOf<MinecraftState, MinecraftPayloads>(applyMinecraftAction);

/** The world's slice: every reducer defers to applyMinecraftAction; a refused action leaves the world as it was. */
export const minecraftSlice = createSlice({
  name: NAME,
  initialState: () => setup(),
  reducers: {
    blockPlaced: move<'blockPlaced'>,
    blockRemoved: move<'blockRemoved'>,
  },
  selectors: {
    selectChunks: (state) => state.chunks,
    selectPlacedCount: (state) => placedCount(state),
  },
});

/** The action creators, named as events; each payload carries `by` and `clientId` of the person acting. */
export const { blockPlaced, blockRemoved } = minecraftSlice.actions;

/** Selectors over the world slice state. */
export const { selectChunks, selectPlacedCount } = minecraftSlice.selectors;
