import { defineSeating } from '../shared/seating';
import { okeyGame } from './index';
import { QUIET_REASONS } from './rules/messages';
import { botMove } from './rules/bot';
import { isBot } from './rules/seats';
import {
  botTakenOver,
  finishDeclared,
  okeySlice,
  playerDeparted,
  rackArranged,
  seatRebound,
  tileDiscarded,
  tileDrawn,
} from './slice';

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
  botAction: (state, driver) => {
    const seat = state.players.find((s) => s.id === state.currentPlayer && isBot(s.user));
    const move = seat?.user ? botMove(state, seat.id) : null;
    if (!seat?.user || !move) return null;
    // The bot's seat is bound to the key of the page that added it or drove it last: this page takes it over first.
    const held = state.seatKeys?.[String(seat.id)];
    if (driver.key !== null && held && held.key !== '' && held.key !== driver.key)
      return botTakenOver({ by: driver.by, clientId: driver.clientId, seatId: seat.id });
    const who = { by: seat.user, clientId: driver.clientId };
    switch (move.event) {
      case 'tileDrawn':
        return tileDrawn({ ...who, ...move.payload });
      case 'rackArranged':
        return rackArranged({ ...who, ...move.payload });
      case 'finishDeclared':
        return finishDeclared({ ...who, ...move.payload });
      case 'tileDiscarded':
        return tileDiscarded({ ...who, ...move.payload });
    }
  },
});
