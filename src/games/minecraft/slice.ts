import { createSlice, original, type Draft, type PayloadAction } from '@reduxjs/toolkit';
import type { LoggedAction } from '../../sync/SyncedGame';
import { isBlockType, placeBlock, placedCount, removeBlock, setup } from './rules/world';
import type { MinecraftState, PlaceBlock, RemoveBlock, Result } from './rules/types';

/** The payload each world action carries: who acted and the cell; a placement also names the block. */
export type MinecraftPayloads = { blockPlaced: PlaceBlock; blockRemoved: RemoveBlock };
type Kind = keyof MinecraftPayloads;

const NAME = 'minecraft';

/** Reason given for an action this game does not know or whose payload is not the expected shape. */
export const UNKNOWN_ACTION = 'Unknown action';

const RULES: {
  [K in Kind]: (state: MinecraftState, payload: MinecraftPayloads[K]) => Result<MinecraftState>;
} = {
  blockPlaced: placeBlock,
  blockRemoved: removeBlock,
};

type Loose = Record<string, unknown>;
const isRecord = (value: unknown): value is Loose => typeof value === 'object' && value !== null;
const isCellAction = (p: unknown): p is Loose =>
  isRecord(p) &&
  isRecord(p.by) &&
  typeof p.by.id === 'string' &&
  typeof p.by.name === 'string' &&
  typeof p.clientId === 'number' &&
  typeof p.x === 'number' &&
  typeof p.y === 'number' &&
  typeof p.z === 'number';

// Peers' log entries arrive as untyped JSON: check the shape before the rules read it, so a bad entry is skipped, not thrown.
const PAYLOAD_SHAPES: { [K in Kind]: (p: unknown) => boolean } = {
  blockPlaced: (p) => isCellAction(p) && isBlockType(p.block),
  blockRemoved: isCellAction,
};

/** The one way any world action is applied: the slice, the sync reducer and validation all go through it. */
export function applyMinecraftAction(state: MinecraftState, action: LoggedAction): Result<MinecraftState> {
  const kind = action.type.startsWith(`${NAME}/`) ? action.type.slice(NAME.length + 1) : '';
  if (!Object.hasOwn(RULES, kind)) return { ok: false, reason: UNKNOWN_ACTION };
  const known = kind as Kind;
  if (!PAYLOAD_SHAPES[known](action.payload)) return { ok: false, reason: UNKNOWN_ACTION };
  const rule = RULES[known] as (state: MinecraftState, payload: unknown) => Result<MinecraftState>;
  return rule(state, action.payload);
}

// Rules are pure over plain state, so they read the undrafted original and the reducer returns their result whole.
function settle(state: Draft<MinecraftState>, action: LoggedAction): MinecraftState | undefined {
  const result = applyMinecraftAction(original(state) as MinecraftState, action);
  return result.ok ? result.state : undefined;
}

type Reducer<K extends Kind> = (
  state: Draft<MinecraftState>,
  action: PayloadAction<MinecraftPayloads[K]>,
) => MinecraftState | undefined;

/** The world's slice: every reducer defers to applyMinecraftAction; a refused action leaves the world as it was. */
export const minecraftSlice = createSlice({
  name: NAME,
  initialState: () => setup(),
  reducers: {
    blockPlaced: settle as Reducer<'blockPlaced'>,
    blockRemoved: settle as Reducer<'blockRemoved'>,
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
