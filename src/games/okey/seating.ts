import { defineSeating, type BotDriver, type PageKey } from '../shared/seating';
import type { OkeyState } from './rules/types';
import { okeyGame } from './index';
import { QUIET_REASONS } from './rules/messages';
import { botMove } from './rules/bot';
import { isBot, seatOfUser } from './rules/seats';
import { awaitedSeats } from './rules/deckOwed';
import { deckPhase, type DeckTable } from '../shared/maskedDeck/table';
import { dealBeingDrawn, deckSeat, maskedSeat } from './rules/deck';
import { deckEntry, foreseenDrawEntry, partsOf, type DeckEntry } from './maskedSeat';
import { asSent, pageSecretsOf, secretsOf, tilesRead, withOpenings, withRackRead } from './pageSecrets';
import { isMasked } from './rules/tiles';
import { roundSecretKey } from '../shared/roundSecrets';
import {
  botTakenOver,
  dealTimedOut,
  deckKeyed,
  deckShuffled,
  indicatorShared,
  seedRevealed,
  sealDisputed,
  tilesSealed,
  finishDeclared,
  okeySlice,
  playerDeparted,
  rackArranged,
  seatRebound,
  seatTaken,
  tileDiscarded,
  tileDrawn,
} from './slice';

/** Whether this page drives the bot in seatId: the seat is bound to its key (or to none yet). */
function drives(state: OkeyState, seatId: number, driver: BotDriver): boolean {
  const held = state.seatKeys?.[String(seatId)];
  return driver.key === null || !held || held.key === '' || held.key === driver.key;
}

/** Whether the bot in seatId is bound to this very page's key (not merely to none). */
function ownBot(state: OkeyState, seatId: number, driver: PageKey): boolean {
  return driver.key !== null && state.seatKeys?.[String(seatId)]?.key === driver.key;
}

/**
 * Whether this page may move the bot in seatId: the chosen page any bot; another page only a masked bot bound to its
 * own key. A masked bot's rack only its own page reads, so that page drives it, chosen or not: a page with a smaller
 * client id coming to watch would otherwise stall the round.
 */
export function mayDrive(state: OkeyState, seatId: number, driver: BotDriver): boolean {
  return driver.chosen || (maskedSeat(state, seatId) && ownBot(state, seatId, driver));
}

/** How far the deck has come: every message it took counts, so a wait starts over whenever it moves on. */
function deckProgress(deck: DeckTable): number {
  let count = Object.keys(deck.keys).length + deck.shuffles.length + Object.keys(deck.seeds).length;
  for (const opening of Object.values(deck.openings))
    count += opening
      ? opening.receiver === null
        ? Object.keys(opening.shares).length
        : Object.keys(opening.sealed).length + (opening.opened ? 1 : 0)
      : 0;
  return count;
}

/** The seats this page acts for at the round's deck: its player's, and each bot whose seat is bound to its key. */
function deckSeatsOf(state: OkeyState, driver: PageKey): number[] {
  const deck = state.deck;
  if (!deck) return [];
  return state.players
    .filter((seat) => deck.seats.includes(deckSeat(seat.id)))
    .filter((seat) => (isBot(seat.user) ? ownBot(state, seat.id, driver) : seat.user?.id === driver.by.id))
    .map((seat) => seat.id);
}

/** A deck entry as the action its seat sends: in its user's name (a bot's, by its driver), from this page's tab. */
function deckAction(entry: DeckEntry, who: { by: { id: string; name: string }; clientId: number }) {
  switch (entry.event) {
    case 'deckKeyed':
      return deckKeyed({ ...who, ...entry.payload });
    case 'deckShuffled':
      return deckShuffled({ ...who, ...entry.payload });
    case 'tilesSealed':
      return tilesSealed({ ...who, ...entry.payload });
    case 'indicatorShared':
      return indicatorShared({ ...who, ...entry.payload });
    case 'seedRevealed':
      return seedRevealed({ ...who, ...entry.payload });
    case 'sealDisputed':
      return sealDisputed({ ...who, ...entry.payload });
  }
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
  hiddenDeck: {
    seats: deckSeatsOf,
    secretKey: ({ deck }, seatId) =>
      deck
        ? // A secret is made only while the deck awaits keys: made later, it could only send what the deck refuses.
          { key: roundSecretKey(deck.room, deck.round, deckSeat(seatId)), make: deckPhase(deck) === 'keys' }
        : null,
    stalled: (state, page) => {
      const late = awaitedSeats(state);
      const mine = state.players.find((s) => s.user?.id === page.by.id);
      if (!state.deck || late.length === 0 || !mine || late.includes(mine)) return '';
      if (!state.deck.seats.includes(deckSeat(mine.id))) return '';
      return `${late.map((s) => s.id).join(',')}/${deckProgress(state.deck)}`;
    },
    timedOut: (page) => dealTimedOut({ by: page.by, clientId: page.clientId }),
    entry: (state, seatId, secret, page, sent) => {
      const user = state.players.find((s) => s.id === seatId)?.user;
      const secrets = secretsOf(seatId, secret);
      const made = user ? deckEntry(state, seatId, secrets, { read: tilesRead(state), sent }) : null;
      const entry = made && asSent(made);
      return entry && user
        ? { action: deckAction(entry, { by: user, clientId: page.clientId }), parts: partsOf(entry, state) }
        : null;
    },
    foreseen: (state, seatId, secret, page) => {
      const user = state.players.find((s) => s.id === seatId)?.user;
      const entry = user
        ? foreseenDrawEntry(state, seatId, secretsOf(seatId, secret), { read: tilesRead(state) })
        : null;
      return entry && user ? deckAction(entry, { by: user, clientId: page.clientId }) : null;
    },
  },
  botAction: (state, driver) => {
    // A bot is driven by the page that added it or took it over last: its key signs the bot's moves, and its secrets
    // are the bot's share of each deal. The chosen page takes over every bot it does not drive yet, between rounds.
    const orphan =
      !driver.chosen || dealBeingDrawn(state)
        ? undefined
        : state.players.find(
            (s) => isBot(s.user) && !maskedSeat(state, s.id) && !drives(state, s.id, driver),
          );
    if (orphan) return botTakenOver({ by: driver.by, clientId: driver.clientId, seatId: orphan.id });
    const seat = state.players.find((s) => s.id === state.currentPlayer && isBot(s.user));
    if (seat && !mayDrive(state, seat.id, driver)) return null;
    // A bot whose rack this page cannot read (its secret left with the page that drove it) makes no move: the deck
    // waits for its seals, and the round ends as a withheld one does.
    const masked = seat?.hand.some((t) => t !== null && isMasked(t));
    if (seat && masked && pageSecretsOf(state, seat.id) === null) return null;
    // A bot decides on its rack as its driver reads it, and its moves carry their tiles' openings (docs/hidden-tiles.md).
    const move = seat?.user ? botMove(withRackRead(state, seat.id), seat.id) : null;
    if (!seat?.user || !move) return null;
    const who = { by: seat.user, clientId: driver.clientId };
    const opened = <A extends { type: string; payload?: unknown }>(action: A) =>
      withOpenings(action, state, seat.id);
    switch (move.event) {
      case 'tileDrawn':
        return tileDrawn({ ...who, ...move.payload });
      case 'rackArranged':
        return rackArranged({ ...who, ...move.payload });
      case 'finishDeclared':
        return opened(finishDeclared({ ...who, ...move.payload }));
      case 'tileDiscarded':
        return opened(tileDiscarded({ ...who, ...move.payload }));
    }
  },
});
