import { original, type Draft, type PayloadAction } from '@reduxjs/toolkit';
import type { ActionEntry, Result } from './actionTable';

/** A case reducer for event K: the next state, or undefined to leave the state as it was. */
export type MoveReducer<S, P> = <K extends keyof P>(
  state: Draft<S>,
  action: PayloadAction<P[K]>,
) => S | undefined;

/**
 * The slice adapter over a game's dispatch; `move<'eventName'>` types the reducer's payload.
 * Rules are pure over plain state, so they read the undrafted original and the reducer returns their result whole.
 */
export function moveReducerOf<S, P>(apply: (state: S, action: ActionEntry) => Result<S>): MoveReducer<S, P> {
  return (state, action) => {
    const result = apply(original(state) as S, action);
    return result.ok ? result.state : undefined;
  };
}
