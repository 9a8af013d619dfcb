import { createAction, type Middleware, type Reducer, type UnknownAction } from '@reduxjs/toolkit';

/** Resets one game's slice to a state the fold already holds (a rewind after reordering, a late join). */
export const foldRestored = createAction<{ game: string; state: unknown }>('sync/foldRestored');

/** Wraps a game slice's reducer so the bridge can set it to a folded state; the slice state must be the game's state. */
export function withFoldRestore<S>(name: string, reducer: Reducer<S>): Reducer<S> {
  return (state, action) =>
    foldRestored.match(action) && action.payload.game === name
      ? (action.payload.state as S)
      : reducer(state, action);
}

/**
 * Asks the room to sign an action the player may be about to make (a tile being dragged may be discarded), so that
 * if they do, it goes at once instead of waiting for WebCrypto behind the page's own rendering. Changes no state.
 */
export const signAhead = createAction<UnknownAction>('sync/signAhead');

/** What the middleware needs from a bridge: whether it took a local action (wrote or rejected it). */
export interface LocalActionSink {
  /** Takes a local game action; false when it belongs to no game this sink serves. */
  submit(action: UnknownAction): boolean;
  /** Signs ahead an action the player may make next (signAhead); optional. */
  signAhead?(action: UnknownAction): void;
}

const isFromLog = (action: UnknownAction): boolean => {
  const meta = (action as { meta?: unknown }).meta;
  return typeof meta === 'object' && meta !== null && ('remote' in meta || 'entryId' in meta);
};

/**
 * A Redux middleware that hands every local game action to the current room's bridge instead of the reducers:
 * the bridge writes it to the log and the fold dispatches it back with meta.entryId, so it is applied exactly once.
 * Actions of no served game, and every action without a bridge, go straight on.
 */
export function createSyncMiddleware(getSink: () => LocalActionSink | null | undefined): Middleware {
  return () => (next) => (action) => {
    const a = action as UnknownAction;
    if (signAhead.match(a)) {
      getSink()?.signAhead?.(a.payload);
      return action;
    }
    if (typeof a?.type === 'string' && !isFromLog(a) && getSink()?.submit(a)) return action;
    return next(action);
  };
}
