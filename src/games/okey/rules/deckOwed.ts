import { deckPhase, nextShuffler, type DeckTable } from '../../shared/maskedDeck/table';
import { deckSeat, maskedHolders } from './deck';
import { indicatorOf } from './maskedRound';
import { isBot } from './seats';
import type { OkeyState, Seat } from './types';

/** What a seat owes the deck now (docs/hidden-tiles.md): its page does each as soon as the state asks for it. */
export type DeckOwed = {
  key: boolean;
  shuffle: boolean;
  /** Positions to seal, each to its receiver. */
  seals: readonly { position: number; receiver: string }[];
  /** The position whose public share the indicator awaits from this seat, or null. */
  indicator: number | null;
  seed: boolean;
};

/** Whether a seat's public share of a position opened to all is in. */
function sharedBy(deck: DeckTable, position: number, seat: string): boolean {
  const opening = deck.openings[position];
  return opening?.receiver === null && Object.hasOwn(opening.shares, seat);
}

/** What a seat owes the round's deck now; nothing when there is no deck or the seat is not at it. */
export function deckOwed(state: OkeyState, seatId: number): DeckOwed {
  const none: DeckOwed = { key: false, shuffle: false, seals: [], indicator: null, seed: false };
  const deck = state.deck;
  const seat = deckSeat(seatId);
  if (!deck || !deck.seats.includes(seat)) return none;
  const phase = deckPhase(deck);
  // A round void before its deck was final owes nothing more.
  if (state.gameState === 'finish' && (phase === 'keys' || phase === 'shuffles')) return none;
  if (phase === 'keys') return { ...none, key: !Object.hasOwn(deck.keys, seat) };
  if (phase === 'shuffles') return { ...none, shuffle: nextShuffler(deck) === seat };
  const seals = [...maskedHolders(state)]
    .map(([position, receiver]) => ({ position, receiver }))
    .filter(({ position, receiver }) => {
      const opening = deck.openings[position];
      return receiver !== seat && !(opening?.receiver === receiver && Object.hasOwn(opening.sealed, seat));
    });
  const indicator = indicatorOf(deck);
  const awaited =
    indicator !== null && 'awaited' in indicator && !sharedBy(deck, indicator.awaited, seat)
      ? indicator.awaited
      : null;
  const over = state.gameState === 'finish';
  const seed = over && !Object.hasOwn(deck.seeds, seat);
  // A round over owes no seal: the seeds open what is still masked.
  return { ...none, seals: over ? [] : seals, indicator: over ? null : awaited, seed };
}

/**
 * The seats the round's deck waits for now: each owes its next part (deckOwed): its key, its shuffle, its seals of a
 * rack, its share of the indicator, and once the round is over its seed. A seat kept for its departed player in the
 * round in play is waited for too, and a bot on its turn: nobody else can open their racks.
 */
export function awaitedSeats(state: OkeyState): Seat[] {
  const deck = state.deck;
  if (!deck) return [];
  return state.players.filter((seat) => {
    if (!deck.seats.includes(deckSeat(seat.id))) return false;
    if (state.gameState === 'play' && state.departed?.[String(seat.id)] !== undefined) return true;
    // A bot on its turn moves within seconds, or its rack left with the page that drove it.
    if (state.gameState === 'play' && seat.id === state.currentPlayer && isBot(seat.user)) return true;
    const owed = deckOwed(state, seat.id);
    return owed.key || owed.shuffle || owed.seals.length > 0 || owed.indicator !== null || owed.seed;
  });
}
