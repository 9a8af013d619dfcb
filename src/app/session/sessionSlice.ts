import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { randomId } from './randomId';

/** The user colours of spec section 9. */
export const USER_COLORS = ['red', 'green', 'blue', 'orange', 'yellow'] as const;
/** One of the user colours. */
export type UserColor = (typeof USER_COLORS)[number];

/** The current user (spec section 3): a 25-character id, the entered name and a random colour. */
export type CurrentUser = { id: string; name: string; color: UserColor };

/** The session: the current user or null when logged out. */
export type SessionState = { currentUser: CurrentUser | null };

const initialState: SessionState = { currentUser: null };

/** Login and logout. The id and colour are drawn in prepare so the reducer stays pure. */
export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    loggedIn: {
      prepare: (name: string, random: () => number = Math.random) => ({
        payload: {
          id: randomId(25),
          name: name.trim(),
          color: USER_COLORS[Math.floor(random() * USER_COLORS.length)],
        } satisfies CurrentUser,
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
