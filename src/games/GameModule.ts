import type { ComponentType } from 'react';
import type { Reducer } from '@reduxjs/toolkit';
import type { SyncedGame } from '../sync/log/SyncedGame';
import type { Reason } from '../i18n/reasons';
import type { TextKey } from '../i18n/i18n';

/** A credit line in the sidebar: a lead text and its links, each text by its key (src/i18n/en/). */
export type GameCredits = { text: TextKey; links: readonly { label: TextKey; href: string }[] };

/**
 * A game's rules as the app takes them: the contract the room's bridge folds the log by, the slice's reducer the
 * store runs, and the refusals the board handles itself (no toast repeats them).
 */
export type GameRules = {
  game: SyncedGame<unknown>;
  reducer: Reducer;
  quietReasons: readonly Reason[];
};

/** What a game's module exposes to the app: its board, its sidebar credits, whether cursors show, and its rules. */
export type GameModule = {
  /** The game screen, rendered in the room's detail area. */
  Board: ComponentType;
  /** The credits block for this game, or null when none is shown. */
  credits: GameCredits | null;
  /** Whether remote cursors are drawn and the pointer is tracked on this page. */
  showsCursors: boolean;
  rules: GameRules;
};
