import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import type { GameRules } from '../GameModule';
import type { SyncedGame } from '../../sync/log/SyncedGame';
import type { Departure } from './departures';

/** A held seat as departures see it: whose it is and which tab holds it. */
export type HeldSeat = { userId: string; clientId: number };

/** Who acts from a tab: the app user and the tab's presence client id. */
type SeatHolder = { by: { id: string; name: string }; clientId: number };

/** A page: who acts from it and the key its moves are signed with (null while it loads). */
export type PageKey = SeatHolder & { key: string | null };

/**
 * A page that may drive bots, and whether it is the room's chosen page (the present page with the smallest client
 * id), which drives every bot it can.
 */
export type BotDriver = PageKey & { chosen: boolean };

/**
 * What the room needs of a game with seats to free them when their players leave (spec "Departure"), on whichever
 * page is chosen to do it and whatever game that page shows: the game's rules, its held seats and the two actions.
 */
export type GameSeating = GameRules & {
  heldSeats(state: unknown): readonly HeldSeat[];
  /** A departure on the evidence this page has (shared/departures): the tab's goodbye, or this page's player's word. */
  departed(departure: Departure): UnknownAction;
  /** Moves a seat to its user's new tab after a reload; absent where a game rebinds on the player's next move. */
  rebound?(holder: SeatHolder): UnknownAction;
  /** The seat the game kept for this user after their departure (Okey), or null; pure, as selectors read it. */
  keptSeat?(state: unknown, userId: string): number | null;
  /** Takes back the seat kept for this user (it makes their next commitment: only in an effect, never a selector). */
  reclaimed?(holder: SeatHolder, seatId: number): UnknownAction;
  /**
   * The move a bot seat makes now, driven by this page (its person, tab and signing key); null when no bot is to move.
   * The chosen page that finds a bot's seat bound to another page's key takes over driving it first; a game may let a
   * page that is not chosen drive a bot only it can (Okey: a bot whose masked rack only its page reads).
   */
  botAction?(state: unknown, driver: BotDriver): UnknownAction | null;
  /** Shared luck being drawn (docs/fair-play.md): the seats whose secret is awaited, with the commitment each made. */
  luckAwaited?(state: unknown): readonly AwaitedSecret[];
  /** A seat's reveal of its secret, with the commitment to its next one, made from this page. */
  revealed?(state: unknown, reveal: SecretReveal, page: SeatHolder): UnknownAction | null;
  /** This page's player says the draw waited too long for the secrets (the rules say whose word counts). */
  luckTimedOut?(page: SeatHolder): UnknownAction;
  /** A masked deck (docs/hidden-tiles.md): what this page's seats owe it. */
  hiddenDeck?: HiddenDeckSeating;
};

/** What the room asks of a game with a masked deck: its page's seats, their secrets' keys, and what each owes. */
export type HiddenDeckSeating<S = unknown> = {
  /** The seats this page acts for at the deck: its player's, and the bots it drives. */
  seats(state: S, page: PageKey): readonly number[];
  /**
   * Where a seat's round secret is kept (roundSecretKey) and whether one may be made now (`make`: only before the deck
   * is keyed), or null when no deck asks for one.
   */
  secretKey(state: S, seatId: number): { key: string; make: boolean } | null;
  /**
   * The entry the seat owes now, made from its round secret and sent from this page, with the parts of the deck it
   * sends; or null. `sent`: whether this page sent a part a moment ago (the state may not show it yet).
   */
  entry(
    state: S,
    seatId: number,
    secret: Uint8Array,
    page: SeatHolder,
    sent: (part: string) => boolean,
  ): { action: UnknownAction; parts: readonly string[] } | null;
  /**
   * The entry the seat will owe after the move most likely next (another player's draw from a masked pile), made
   * now so that the page can sign it ahead; when the move comes, `entry` makes the same action. Null when none is
   * foreseen. It may also work out ahead what the seat itself will need then (the drawer's own share of the tile).
   */
  foreseen?(state: S, seatId: number, secret: Uint8Array, page: SeatHolder): UnknownAction | null;
  /**
   * What the deck waits for now, as text that changes whenever it moves on, when this page's player may say it waited
   * too long; '' when it waits for nothing or this player's word does not count.
   */
  stalled(state: S, page: SeatHolder): string;
  /** This page's player says the deck waited too long (the rules say whose word counts). */
  timedOut(page: SeatHolder): UnknownAction;
};

/** A seat whose secret shared luck waits for, and the commitment it made to it. */
export type AwaitedSecret = { seat: string; commitment: string };

/** A seat's revealed secret and its commitment to the next one. */
export type SecretReveal = { seat: string; reveal: string; commitment: string };

/** A game's seating with its own state type; defineSeating erases it for the room's list. */
type TypedSeating<S> = Omit<
  GameSeating,
  'game' | 'heldSeats' | 'reducer' | 'botAction' | 'luckAwaited' | 'revealed' | 'keptSeat' | 'hiddenDeck'
> & {
  hiddenDeck?: HiddenDeckSeating<S>;
  keptSeat?(state: S, userId: string): number | null;
  game: SyncedGame<S>;
  reducer: Reducer<S>;
  botAction?(state: S, driver: BotDriver): UnknownAction | null;
  luckAwaited?(state: S): readonly AwaitedSecret[];
  revealed?(state: S, reveal: SecretReveal, page: SeatHolder): UnknownAction | null;
  heldSeats(state: S): readonly HeldSeat[];
};

/** One game's seating as the room holds it. */
export function defineSeating<S>(seating: TypedSeating<S>): GameSeating {
  // SyncedGame and Reducer are invariant in their state; the room hands each seating only its own game's state.
  return seating as unknown as GameSeating;
}

/** The held seats of a game whose seats are `{ user, clientId } | null`. */
export const heldSeats = (
  seats: readonly ({ user: { id: string }; clientId: number } | null)[],
): HeldSeat[] => seats.flatMap((seat) => (seat ? [{ userId: seat.user.id, clientId: seat.clientId }] : []));
