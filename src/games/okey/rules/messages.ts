import { reasonsOf, type Reason } from '../../../i18n/reasons';
import { colorNameOf, isJoker } from './tiles';
import type { Tile } from './types';

/** The reasons players see (en/room.ts words them), and the quiet reasons nobody sees. */
export const MESSAGES = {
  ...reasonsOf('notYourTurn', 'cantDrawMore', 'cantDrawThis', 'noTilesLeft', 'discardBeforeDrawing'),
  ...reasonsOf('invalidDiscardSource', 'cantMoveOthers', 'duplicateTile', 'cantShowIndicator'),
  ...reasonsOf('notEnoughPlayers', 'onlyPlayersEndRound'),
} as const satisfies Record<string, Reason>;

/** Reasons for refusals the spec gives no text for; the board shows no toast for them. */
export const QUIET_REASONS = {
  // An unknown move, or values that do not hold.
  ...reasonsOf('unknownAction', 'invalidOrder', 'invalidSlot', 'invalidTimer'),
  // Seats and bots.
  ...reasonsOf('seatNotFree', 'alreadySeated', 'notSeated', 'noSeatForClient', 'seatKept'),
  ...reasonsOf('notABot', 'notTheBotsMove', 'departureUnproven'),
  alreadyStarted: { key: 'gameAlreadyStarted' },
  // Deals and turns timing out.
  ...reasonsOf('notDealing', 'dealBeingDrawn', 'notAWitness', 'staleTimeout', 'notYourTimeout'),
  // The masked deck's messages (docs/hidden-tiles.md): an honest page sends none of these.
  ...reasonsOf('deckOutOfTurn', 'deckMalformed', 'deckProofFails', 'sealsHold', 'deckBeingChecked'),
} as const satisfies Record<string, Reason>;

/** A tile as the finish check names it: 'red5', 'yellow👌' for a joker. */
export const tileName = (tile: Tile): Reason =>
  isJoker(tile) ? { key: 'jokerTile' } : { key: `${colorNameOf(tile)}Tile`, values: { rank: tile.rank } };

/** 'Invalid sequence {prev}>{next}' with tile names. */
export const invalidSequence = (prev: Reason, next: Reason): Reason => ({
  key: 'invalidSequence',
  values: { prev, next },
});

/** 'Unfinished sequence {prev}>...' with the last tile name of the short group. */
export const unfinishedSequence = (prev: Reason): Reason => ({ key: 'unfinishedSequence', values: { prev } });

/** '{player name} wins!', using 'Player' when no name is available. */
export const winsMessage = (name: string | null | undefined): Reason =>
  name ? { key: 'wins', values: { name } } : { key: 'playerWins' };

/** '{player name} left', using 'Someone' when no name is available. */
export const leftMessage = (name: string | null | undefined): Reason =>
  name ? { key: 'left', values: { name } } : { key: 'someoneLeft' };

/** '{player name} shows the indicator', using 'Someone' when no name is available. */
export const shownMessage = (name: string | null | undefined): Reason =>
  name ? { key: 'showsIndicator', values: { name } } : { key: 'someoneShowsIndicator' };

// The next three have no text of their own for a missing name: the name reads 'Someone' in every language.

/** '{player name} held up the deck and loses the round', using 'Someone' when no name is available. */
export const withheldMessage = (name: string | null | undefined): Reason => ({
  key: 'withheld',
  values: { name: name || 'Someone' },
});

/** "{player name} broke the deck's rules: the round is void", using 'Someone' when no name is available. */
export const roundVoidMessage = (name: string | null | undefined): Reason => ({
  key: 'roundVoid',
  values: { name: name || 'Someone' },
});

/** '{player name} asks for a new game', using 'Someone' when no name is available. */
export const asksNewGameMessage = (name: string | null | undefined): Reason => ({
  key: 'asksNewGame',
  values: { name: name || 'Someone' },
});

/** '{player name} asks to reset the game', using 'Someone' when no name is available. */
export const asksResetMessage = (name: string | null | undefined): Reason => ({
  key: 'asksReset',
  values: { name: name || 'Someone' },
});
