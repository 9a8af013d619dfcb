import { defineSeating, heldSeats } from '../shared/seating';
import { goGame, goSlice, playerDeparted, QUIET_REASONS, seatRebound } from './index';

/** Go's seats for the room's departures. */
export default defineSeating({
  game: goGame,
  reducer: goSlice.reducer,
  quietReasons: QUIET_REASONS,
  heldSeats: (state) => heldSeats([state.seats.b, state.seats.w]),
  departed: playerDeparted,
  rebound: seatRebound,
});
