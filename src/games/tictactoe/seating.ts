import { defineSeating, heldSeats } from '../shared/seating';
import { playerDeparted, QUIET_REASONS, tictactoeGame, tictactoeSlice } from './index';

/** TicTacToe's seats for the room's departures; it has no rebind: a reloaded player's next move takes the seat along. */
export default defineSeating({
  game: tictactoeGame,
  reducer: tictactoeSlice.reducer,
  quietReasons: QUIET_REASONS,
  heldSeats: (state) => heldSeats([state.seats.X, state.seats.O]),
  departed: playerDeparted,
});
