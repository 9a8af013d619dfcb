import type { ComponentType } from 'react';
import type { SyncedGame } from '../sync/SyncedGame';

/** A credit line in the sidebar: a lead text and its links. */
export type GameCredits = { text: string; links: readonly { label: string; href: string }[] };

/** What a game's index.ts exposes to the app: its board, its sidebar credits, whether cursors show, and its synced rules. */
export type GameModule = {
  /** The game screen, rendered in the room's detail area. */
  Board: ComponentType;
  /** The credits block for this game, or null when none is shown. */
  credits: GameCredits | null;
  /** Whether remote cursors are drawn and the pointer is tracked on this page. */
  showsCursors: boolean;
  /** The game's rules as the sync bridge needs them; absent until the game is built. */
  // SyncedGame is invariant in its state; each game supplies its own, so the registry holds them as unknown states.
  synced?: SyncedGame<unknown>;
  /** Rejection texts the board handles itself: the room shows no error toast for them. */
  quietReasons?: readonly string[];
};
