/**
 * The contract between the room's shared log and one game. src/sync knows games only through it:
 * a game hands the bridge its reducer, its validation and where its snapshot lives in the room document.
 */

/** One entry of a game's log: a plain, JSON-serialisable Redux action. */
export type LoggedAction = { type: string; payload?: unknown; meta?: Record<string, unknown> };

/** What a game gives the sync bridge. S is the game's plain-JSON state. */
export interface SyncedGame<S> {
  /** The slice name; every action whose type starts with `${name}/` belongs to this game. */
  readonly name: string;
  /** Where the game's snapshot lives in the room document, e.g. ['okey-state', 'game-state']. */
  readonly snapshotPath: readonly [string, string];
  /** The state before the first logged action. */
  readonly initialState: S;
  /** Pure and deterministic: the same log folds to the same state on every peer. Invalid actions leave state unchanged. */
  reducer(state: S, action: LoggedAction): S;
  /** The exact error text the spec shows when action is not valid in state, else null. */
  validate(state: S, action: LoggedAction): string | null;
  /**
   * Optional: true when action starts a fresh log epoch (Reset, New Game). The bridge then stores the state before it
   * inside the entry and drops the earlier entries in the same change, so replay cost stays bounded.
   */
  startsEpoch?(action: LoggedAction): boolean;
}
