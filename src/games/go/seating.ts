import { defineSeating, heldSeats } from '../shared/seating';
import { goGame, playerDeparted, QUIET_REASONS, seatRebound } from './index';

/** Go's seats for the room's departures. */
export default defineSeating({
  game: goGame,
  quietReasons: QUIET_REASONS,
  heldSeats: (state) => heldSeats([state.seats.b, state.seats.w]),
  departed: playerDeparted,
  rebound: seatRebound,
});
