import { defineSeating, heldSeats } from '../shared/seating';
import { backgammonGame, backgammonSlice, playerDeparted, QUIET_REASONS, seatRebound } from './index';

/** Backgammon's seats for the room's departures. */
export default defineSeating({
  game: backgammonGame,
  reducer: backgammonSlice.reducer,
  quietReasons: QUIET_REASONS,
  heldSeats: (state) => heldSeats([state.seats.white, state.seats.black]),
  departed: playerDeparted,
  rebound: seatRebound,
});
