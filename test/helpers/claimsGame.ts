import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LoggedAction, Refusal, SyncedGame } from '../../src/sync/log/SyncedGame';

/** A tiny game for sync tests: seats that conflict when claimed concurrently, a counter, and a list of objects. */
export type ClaimsState = {
  seats: (string | null)[];
  total: number;
  history: { by: string; amount: number }[];
};

const initialState: ClaimsState = { seats: [null, null, null, null], total: 0, history: [] };

/** The claims slice: reducers apply only valid actions (validate decides), as every game's do. */
export const claimsSlice = createSlice({
  name: 'claims',
  initialState,
  reducers: {
    seatClaimed(state, action: PayloadAction<{ seat: number; by: string }>) {
      if (validateClaims(state, action) === null) state.seats[action.payload.seat] = action.payload.by;
    },
    seatLeft(state, action: PayloadAction<{ seat: number; by: string }>) {
      if (validateClaims(state, action) === null) state.seats[action.payload.seat] = null;
    },
    counted(state, action: PayloadAction<{ by: string; amount: number }>) {
      state.total += action.payload.amount;
      state.history.push(action.payload);
      if (state.history.length > 6) state.history.shift();
    },
    reset(state) {
      // Keeps the seats: the result depends on the state before, which every fold computes from the log.
      return { ...initialState, seats: state.seats };
    },
  },
});

/** The refusal of an invalid claims action (a key of the rules' texts, as a game gives), else null. */
export function validateClaims(state: ClaimsState, action: LoggedAction): Refusal | null {
  const p = action.payload as { seat: number; by: string };
  if (action.type === 'claims/seatClaimed') {
    if (state.seats[p.seat] !== null) return { key: 'seatTaken' };
    if (state.seats.includes(p.by)) return { key: 'alreadySeated' };
  }
  if (action.type === 'claims/seatLeft' && state.seats[p.seat] !== p.by) return { key: 'notYourSeat' };
  return null;
}

/** The claims game as the bridge sees it. */
export const claimsGame: SyncedGame<ClaimsState> = {
  name: 'claims',
  snapshotPath: ['claims-state', 'game-state'],
  initialState,
  apply(state, action) {
    const reason = validateClaims(state, action);
    return reason === null ? { ok: true, state: claimsSlice.reducer(state, action) } : { ok: false, reason };
  },
};

/** The room's log names for tests: the claims game plus one untouched game. */
export const TEST_GAME_NAMES = ['claims', 'other'] as const;
