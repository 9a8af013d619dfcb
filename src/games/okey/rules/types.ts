import type { SaidGone } from '../../shared/departures';
import type { DeckTable } from '../../shared/maskedDeck/table';
import type { Reason } from '../../../i18n/reasons';
import type { Player, SeatKeys, UserKeys } from '../../shared/kinds';

export type { Actor, Player, Result } from '../../shared/kinds';

/** A tile colour by name; the tile itself carries the display hex. */
export type ColorName = 'red' | 'black' | 'blue' | 'yellow';

/** A tile's rank: 1 to 13, or the joker symbol. */
export type Rank = number | '👌';

/** One Okey tile, as the product describes it. */
export type Tile = {
  /** The display hex of the tile's colour. */
  color: string;
  rank: Rank;
  /** Colour name + rank + '-' + copy, unique among the 106 tiles. */
  id: string;
  /** Colour name + rank; two tiles share each name. */
  name: string;
  /** 'draw-pile', 'hand-{seatId}' or 'discard-{seatId}'. */
  source: string;
  hidden: boolean;
};

/**
 * A tile of the round's masked deck that the rules have not opened to every page (docs/hidden-tiles.md): its place in
 * the deck and where it lies, nothing of what it is. Its seat's page reads it; no other page can.
 */
export type MaskedTile = {
  /** 'deck-' + its position: unique among the tiles on the table. */
  id: string;
  masked: true;
  /** Its position in the round's final deck, which its seals and its opening name. */
  position: number;
  /** 'draw-pile' or 'hand-{seatId}'. */
  source: string;
  hidden: boolean;
};

/** What a rack slot or the draw pile holds: a tile every page knows, or a masked one. */
export type TableTile = Tile | MaskedTile;

/** One seat at the table; hand has 26 slots (0–12 top row, 13–25 bottom row), null when empty. */
export type Seat = {
  id: number;
  user: Player | null;
  userKey: number | null;
  hand: (TableTile | null)[];
  /** The last element is the top tile. */
  discardPile: Tile[];
};

/** The phase of a round. */
export type GameState = 'start' | 'play' | 'finish';

/** The whole Okey game as stored at okey-state / game-state; plain JSON. */
export type OkeyState = {
  /** Each seat's signing key and last sequence number, kept by the game's definition (docs/fair-play.md). */
  seatKeys?: SeatKeys;
  /** The key each user first sat down with: they sit again only with it. */
  userKeys?: UserKeys;
  gameState: GameState;
  /** The first element is the top tile. */
  drawPile: TableTile[];
  okeyTile: Tile | null;
  currentPlayer: number | null;
  players: Seat[];
  message: Reason | null;
  /** The match over rounds on the 20-point table; the spec is silent on scores, players expect them. */
  match: Match;
  /** How many seconds a turn may last before it is played for the player; 0: no timer (the default). */
  turnSeconds: number;
  /** The seats that owe the deck nothing and say it waited too long for the others (docs/fair-play.md); absent: none. */
  dealTimeouts?: number[];
  /**
   * Seats whose player departed in the round in play, by seat id, with that player's user id: the seat is kept for
   * them until the round ends (a bot may play it meanwhile), so a departure, whoever wrote it, never gives their rack
   * or their turn to anyone else (docs/fair-play.md). Absent: none.
   */
  departed?: Record<string, string>;
  /** Who of the other seated people has said each silent tab is gone, by client id (shared/departures); absent: none. */
  saidGone?: SaidGone;
  /** A round in play ends early only when every seated player asks for it (docs/okey-rules.md); absent: nobody asks. */
  restart?: Restart;
  /** The round's masked deck (docs/hidden-tiles.md), from Start Game of a masked round; absent: none. */
  deck?: DeckTable;
  /** How many masked deals this table has started: each round's proofs are bound to its number. Absent: none yet. */
  deckRounds?: number;
  /** Each seat's points as the masked round in play began, by seat id: a void round gives them back. */
  pointsBefore?: Record<string, number>;
  /** Moves bots made from a masked rack this round, each played again once its rack is open (maskedBots.ts). */
  botMoves?: BotMoveRecord[];
};

/** A move a bot made from a masked rack, with what the bot saw: its rack, the discard it was offered, the pile's top. */
export type BotMoveRecord = {
  seat: number;
  hand: (TableTile | null)[];
  offered: Tile | null;
  top: TableTile | null;
  event: string;
  /** What the move chose: its tile, slots or layout. */
  payload: Record<string, unknown>;
};

/** Which seats ask to end the round in play, and how: Reset Game or New Game. */
export type Restart = { kind: 'reset' | 'newGame'; seats: number[] };

/** A match: each seat's points (by seat id), who has ended a first turn and who showed the indicator this round. */
export type Match = {
  points: Record<string, number>;
  /** Seats that have discarded this round: their first turn is over. */
  played: number[];
  /** Seats that showed the indicator's twin this round. */
  shown: number[];
  /** The seat that won the match once someone reached 0 points, else null. */
  winner: number | null;
};
