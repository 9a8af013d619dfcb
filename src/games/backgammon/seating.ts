import { defineSeating, heldSeats } from '../shared/seating';
import { awaitedSides } from './rules/luck';
import {
  backgammonGame,
  backgammonSlice,
  diceRevealed,
  playerDeparted,
  QUIET_REASONS,
  seatRebound,
} from './index';

/** Backgammon's seats for the room's departures, and the dice drawn from both sides' secrets. */
export default defineSeating({
  game: backgammonGame,
  reducer: backgammonSlice.reducer,
  quietReasons: QUIET_REASONS,
  heldSeats: (state) => heldSeats([state.seats.white, state.seats.black]),
  departed: playerDeparted,
  rebound: seatRebound,
  luckAwaited: (state) => awaitedSides(state).map(({ side, commitment }) => ({ seat: side, commitment })),
  revealed: (state, { seat, reveal, commitment }, page) => {
    const user = seat === 'white' || seat === 'black' ? state.seats[seat]?.user : undefined;
    return user ? diceRevealed({ by: user, clientId: page.clientId, reveal, commitment }) : null;
  },
});
