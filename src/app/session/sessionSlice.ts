import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { newCurrentUser, type CurrentUser } from './currentUser';

/** The session: the current user or null when logged out. */
export type SessionState = { currentUser: CurrentUser | null };

const initialState: SessionState = { currentUser: null };

/** Login and logout. The id and colour are drawn in prepare so the reducer stays pure. */
export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    loggedIn: {
      prepare: (name: string, random: () => number = Math.random, id?: string) => ({
        payload: newCurrentUser(name, random, id),
      }),
      reducer: (state, action: PayloadAction<CurrentUser>) => {
        state.currentUser = action.payload;
      },
    },
    loggedOut: (state) => {
      state.currentUser = null;
    },
  },
  selectors: {
    selectCurrentUser: (state) => state.currentUser,
  },
});

export const { loggedIn, loggedOut } = sessionSlice.actions;
export const { selectCurrentUser } = sessionSlice.selectors;
