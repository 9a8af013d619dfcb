import { defineSeating } from '../shared/seating';
import { okeyGame } from './index';
import { QUIET_REASONS } from './rules/messages';
import { okeySlice, playerDeparted, seatRebound } from './slice';

/** Okey's seats for the room's departures: a seat is held while it has a user and the tab that took it. */
export default defineSeating({
  game: okeyGame,
  reducer: okeySlice.reducer,
  // Refusals the spec gives no text for (a seat taken a moment earlier, a stale departure) make no toast.
  quietReasons: Object.values(QUIET_REASONS),
  heldSeats: (state) =>
    state.players.flatMap((seat) =>
      seat.user && seat.userKey !== null ? [{ userId: seat.user.id, clientId: seat.userKey }] : [],
    ),
  departed: playerDeparted,
  rebound: seatRebound,
});
