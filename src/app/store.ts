import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { sessionSlice } from './session/sessionSlice';
import { roomSlice } from './room/roomSlice';
import { roomMiddleware } from './room/activeBridge';

/** Game slices join the root reducer when their route loads (rootReducer.inject), keeping the login page small. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- RTK declaration-merging point: game slices add their keys here
export interface LazyLoadedSlices {}

/** The root reducer: the session and the room now, games injected lazily. */
export const rootReducer = combineSlices(sessionSlice, roomSlice).withLazyLoadedSlices<LazyLoadedSlices>();

/** The whole app state. */
export type RootState = ReturnType<typeof rootReducer>;

/** Builds the store; tests and the app both use it. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(roomMiddleware),
    devTools: { name: 'Game Room' },
  });
}

/** The store type. */
export type AppStore = ReturnType<typeof makeStore>;
/** The store's dispatch, aware of middleware. */
export type AppDispatch = AppStore['dispatch'];
