import { defineSeating, type BotDriver } from '../shared/seating';
import { secretFor } from '../shared/secrets';
import type { OkeyState } from './rules/types';
import { okeyGame } from './index';
import { QUIET_REASONS } from './rules/messages';
import { botMove } from './rules/bot';
import { isBot, seatOfUser } from './rules/seats';
import { awaitedSeats } from './rules/deal';
import {
  botTakenOver,
  dealRevealed,
  dealTimedOut,
  finishDeclared,
  okeySlice,
  playerDeparted,
  rackArranged,
  seatRebound,
  seatTaken,
  tileDiscarded,
  tileDrawn,
} from './slice';

/** Whether this page drives the bot in seatId: the seat is bound to its key, and it holds the bot's next secret. */
function drives(state: OkeyState, seatId: number, driver: BotDriver): boolean {
  const held = state.seatKeys?.[String(seatId)];
  const commitment = state.commitments?.[String(seatId)];
  const keyed = driver.key === null || !held || held.key === '' || held.key === driver.key;
  return keyed && commitment !== undefined && secretFor(commitment) !== null;
}

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
  // A page still here whose player's seat was freed by a departure (one page's word) sits back at once.
  keptSeat: (state, userId) => {
    const kept = Object.entries(state.departed ?? {}).find(([, id]) => id === userId);
    return kept && !seatOfUser(state, userId) ? Number(kept[0]) : null;
  },
  reclaimed: (holder, seatId) => seatTaken({ by: holder.by, clientId: holder.clientId, seatId }),
  luckAwaited: (state) =>
    awaitedSeats(state).map((seat) => ({
      seat: String(seat.id),
      commitment: state.commitments?.[String(seat.id)] ?? '',
    })),
  revealed: (state, { seat, reveal, commitment }, page) => {
    const user = state.players.find((s) => String(s.id) === seat)?.user;
    // A bot's secret is revealed in the bot's name by the page that committed for it.
    return user ? dealRevealed({ by: user, clientId: page.clientId, reveal, commitment }) : null;
  },
  luckTimedOut: (page) => dealTimedOut({ by: page.by, clientId: page.clientId }),
  botAction: (state, driver) => {
    // A bot is driven by the page that added it or took it over last: its key signs the bot's moves, and its secrets
    // are the bot's share of each deal. The page that drives the bots now takes over every bot it has not yet.
    const orphan = state.dealing
      ? undefined
      : state.players.find((s) => isBot(s.user) && !drives(state, s.id, driver));
    if (orphan) return botTakenOver({ by: driver.by, clientId: driver.clientId, seatId: orphan.id });
    const seat = state.players.find((s) => s.id === state.currentPlayer && isBot(s.user));
    const move = seat?.user ? botMove(state, seat.id) : null;
    if (!seat?.user || !move) return null;
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
