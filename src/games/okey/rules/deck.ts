import type { TableFault } from '../../shared/maskedDeck/table';
import { QUIET_REASONS } from './messages';
import { createTileSet, isMasked } from './tiles';
import type { OkeyState, Tile } from './types';

// What the masked deck's rules share (docs/hidden-tiles.md): how a seat is named at the deck, which tile a deck index
// is, why a deck message is refused, and whether a deal is being drawn.

/** The deck's seats are the seated seats' ids as text, in seat order. */
export const deckSeat = (seatId: number): string => String(seatId);

/** The Okey tile a deck index stands for: the starting deck is the tile set in its fixed order. */
const TILE_SET = createTileSet();
export const tileOfIndex = (index: number): Tile | null => TILE_SET[index] ?? null;

/** Why the table refused a deck message, as the rules say it (quietly: an honest page never sends one). */
export const DECK_REASONS: Readonly<Record<TableFault, (typeof QUIET_REASONS)[keyof typeof QUIET_REASONS]>> =
  {
    order: QUIET_REASONS.deckOutOfTurn,
    malformed: QUIET_REASONS.deckMalformed,
    proof: QUIET_REASONS.deckProofFails,
  };

/** Whether a deal is being drawn: the round's masked deck is open and not yet in play. */
export const dealBeingDrawn = (state: OkeyState): boolean =>
  state.deck !== undefined && state.gameState === 'start';

/**
 * Whether a seat's rack is masked under the round in play: its tiles open only with the secret of the page that was
 * dealt them, so nobody else (person or bot) takes the seat until the round is over.
 */
export const maskedSeat = (state: OkeyState, seatId: number): boolean =>
  state.deck !== undefined && state.gameState === 'play' && state.deck.seats.includes(deckSeat(seatId));

/**
 * The seats a masked deal being drawn needs: every seat of its deck, until the indicator opens. Each keys, shuffles
 * and seals every other rack; a seat that leaves meanwhile withholds its part, as a secret withheld does.
 */
export const deckAwaited = (state: OkeyState): number[] =>
  state.deck && state.gameState === 'start' ? state.deck.seats.map(Number) : [];

/**
 * Whose each masked tile in a rack is, by deck position: the one seat it may be sealed to (the deal's racks and every
 * tile a draw moved), as the state says, never as a seal says.
 */
export function maskedHolders(state: OkeyState): Map<number, string> {
  const holders = new Map<number, string>();
  for (const seat of state.players)
    for (const tile of seat.hand)
      if (tile !== null && isMasked(tile)) holders.set(tile.position, deckSeat(seat.id));
  return holders;
}
