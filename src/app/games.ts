import type { GameModule } from '../games/GameModule';
import type { GameSeating } from '../games/shared/seating';

/**
 * One game of the room: its route path, its name as the spec gives it in English (the sidebar shows it in the
 * interface's language, from src/i18n), its lazily loaded module and, for a game with seats, its seating (rules and
 * seat actions alone, no board), which every page of the room loads to free departed seats.
 */
export type GameEntry = {
  path: string;
  label: string;
  load: () => Promise<GameModule>;
  seating?: () => Promise<GameSeating>;
  /** False for a board a room link's login must not render ahead, unseen (Minecraft's WebGL): its room starts after Go. */
  renderAhead?: false;
};

/** The only registry of games: a new game is one folder and one line here. Order is the sidebar's. */
export const GAMES: readonly GameEntry[] = [
  {
    path: 'tictactoe',
    label: 'TicTacToe',
    load: () => import('../games/tictactoe/module').then((m) => m.default),
    seating: () => import('../games/tictactoe/seating').then((m) => m.default),
  },
  {
    path: 'backgammon',
    label: 'Backgammon',
    load: () => import('../games/backgammon/module').then((m) => m.default),
    seating: () => import('../games/backgammon/seating').then((m) => m.default),
  },
  {
    path: 'minecraft',
    label: 'Minecraft',
    load: () => import('../games/minecraft/module').then((m) => m.default),
    renderAhead: false,
  },
  {
    path: 'okey',
    label: 'Okey',
    load: () => import('../games/okey/module').then((m) => m.default),
    seating: () => import('../games/okey/seating').then((m) => m.default),
  },
  {
    path: 'go',
    label: 'Go',
    load: () => import('../games/go/module').then((m) => m.default),
    seating: () => import('../games/go/seating').then((m) => m.default),
  },
];

/** The game whose route an address shows (/:roomId/:game), or undefined. */
export const gameAt = (pathname: string): GameEntry | undefined =>
  GAMES.find((game) => pathname.split('/')[2] === game.path);

/** The game a person lands on after login. */
export const DEFAULT_GAME = 'okey';

/** The names of every game's log in the room document; every peer must agree on them. */
export const GAME_NAMES = GAMES.map((g) => g.path);
