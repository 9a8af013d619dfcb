/** The exact texts of spec sections 4, 5 and 8, and the quiet reasons the spec leaves unnamed. */
export const MESSAGES = {
  notYourTurn: 'Not your turn',
  cantDrawMore: "Can't draw more tiles",
  cantDrawThis: "Can't draw this tile",
  cantMoveOthers: "Can't move other players tiles",
  discardBeforeDrawing: "Can't discard before drawing",
  invalidDiscardSource: 'Invalid discard source',
  duplicateTile: 'Duplicate tile detected',
  notEnoughPlayers: 'not enough players to start the game',
  noTilesLeft: 'No tiles left',
  cantShowIndicator: 'Only the first turn may show the indicator',
  onlyPlayersEndRound: 'Only the players can end a round in play',
} as const;

/** Reasons for refusals the spec gives no text for; the board shows no toast for them. */
export const QUIET_REASONS = {
  unknownAction: 'Unknown action',
  seatNotFree: 'Seat not free',
  alreadySeated: 'Already seated',
  notSeated: 'Not seated',
  noSeatForClient: 'No seat for this client',
  alreadyStarted: 'Game already started',
  invalidOrder: 'Invalid tile order',
  invalidSlot: 'Invalid slot',
  invalidTimer: 'Invalid turn timer',
  staleTimeout: 'Turn already over',
  notABot: 'Not a bot',
  notDealing: 'No deal is being drawn',
  dealBeingDrawn: 'A deal is being drawn',
  notAWitness: 'Only a player who revealed may call the deal off',
  notYourTimeout: "Only the player's own page times out their turn",
  seatKept: 'Seat kept for its player',
  notTheBotsMove: "Not the bot's move",
} as const;

/** 'Invalid sequence {prev}>{next}' with tile names. */
export const invalidSequence = (prev: string, next: string): string => `Invalid sequence ${prev}>${next}`;

/** 'Unfinished sequence {prev}>...' with the last tile name of the short group. */
export const unfinishedSequence = (prev: string): string => `Unfinished sequence ${prev}>...`;

/** '{player name} wins!', using 'Player' when no name is available. */
export const winsMessage = (name: string | null | undefined): string => `${name || 'Player'} wins!`;

/** '{player name} left', using 'Someone' when no name is available. */
export const leftMessage = (name: string | null | undefined): string => `${name || 'Someone'} left`;

/** '{player name} shows the indicator', using 'Someone' when no name is available. */
export const shownMessage = (name: string | null | undefined): string =>
  `${name || 'Someone'} shows the indicator`;

/** '{player name} did not reveal and loses the round', using 'Someone' when no name is available. */
export const withheldMessage = (name: string | null | undefined): string =>
  `${name || 'Someone'} did not reveal and loses the round`;

/** '{player name} asks for a new game', using 'Someone' when no name is available. */
export const asksNewGameMessage = (name: string | null | undefined): string =>
  `${name || 'Someone'} asks for a new game`;

/** '{player name} asks to reset the game', using 'Someone' when no name is available. */
export const asksResetMessage = (name: string | null | undefined): string =>
  `${name || 'Someone'} asks to reset the game`;
