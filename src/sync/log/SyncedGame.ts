/**
 * The contract between the room's shared log and one game. src/sync knows games only through it:
 * a game hands the bridge its one apply (the next state, or why not) and where its snapshot lives in the room document.
 */

/** One entry of a game's log: a plain, JSON-serialisable Redux action. */
export type LoggedAction = { type: string; payload?: unknown; meta?: Record<string, unknown> };

/** The game an action type belongs to: what comes before its first slash (`okey/tileDrawn`: okey); null if none. */
export function gameOfAction(type: string): string | null {
  const slash = type.indexOf('/');
  return slash > 0 ? type.slice(0, slash) : null;
}

/**
 * Why an action is refused, as plain JSON: a key of the game's texts and the values of its variables (which may be
 * refusals in turn, e.g. a side's name). The interface translates it; src/sync only passes it on.
 */
export type Refusal = { readonly key: string; readonly values?: Readonly<Record<string, unknown>> };

/** What a game's apply answers: the next state, or the reason the action was refused. */
export type Result<S> = { ok: true; state: S } | { ok: false; reason: Refusal };

/** What a game gives the sync bridge. S is the game's plain-JSON state. */
export interface SyncedGame<S> {
  /** The slice name; every action whose type starts with `${name}/` belongs to this game. */
  readonly name: string;
  /** Where the game's snapshot lives in the room document, e.g. ['okey-state', 'game-state']. */
  readonly snapshotPath: readonly [string, string];
  /**
   * Optional: what the snapshot keeps of a state, when not all of it (Okey leaves out its masked deck's proofs, which
   * only the log's entries need and which would be written again with every entry). The whole state when absent.
   */
  snapshotOf?(state: S): unknown;
  /** The state before the first logged action. */
  readonly initialState: S;
  /**
   * Pure and deterministic, so the same log folds to the same state on every peer: the state after action, or the
   * reason the player is shown for why it is refused (the state then stays as it was). Never throws on a peer's entry.
   */
  apply(state: S, action: LoggedAction): Result<S>;
  /**
   * Optional, for a game with costly checks that read only the state before an action (a bot's move, played again):
   * `apply` without them. It answers as `apply` does wherever they pass. Only for a board a page shows before it has
   * judged the log itself (a late joiner's first sight of a peer's log, trustingChecks); never for the room's state.
   */
  applyTrusting?(state: S, action: LoggedAction): Result<S>;
  /**
   * Optional: what must always hold of the game's state (every Okey tile exactly once, 15 checkers a side), in plain
   * words, empty when it holds. A step that would break it is refused by every fold, whatever the rules said.
   */
  invariants?(state: S): readonly string[];
  /**
   * Optional: whether an action commutes with other seats' concurrent actions (its effect and theirs do not depend on
   * which comes first: a masked deck's seals). Sent ahead, such an entry is shown after an entry the page shows even
   * when others came between, judged on what the page shows; the log's order still decides, as for every entry.
   */
  commutes?(action: LoggedAction): boolean;
  /**
   * Optional, for a game whose seated players sign their moves (signatures.ts): the seat this action acts for and the
   * sequence number its signature must carry, or null when the action needs no signature.
   */
  signerOf?(state: S, action: LoggedAction): { seat: string; seq: number } | null;
}

/** The game judged without its costly checks (applyTrusting), where it has them: see applyTrusting for where. */
export function trustingChecks<S>(game: SyncedGame<S>): SyncedGame<S> {
  const { applyTrusting } = game;
  return applyTrusting
    ? { ...game, apply: (state, action) => applyTrusting.call(game, state, action) }
    : game;
}

/** One step of a fold: the state after action, or the same state when the game refuses it. */
export const foldStep =
  <S>(game: SyncedGame<S>) =>
  (state: S, action: LoggedAction): S => {
    const result = game.apply(state, action);
    return result.ok ? result.state : state;
  };

/** Why the game refuses action in state, or null when it applies. */
export function refusalOf<S>(game: SyncedGame<S>, state: S, action: LoggedAction): Refusal | null {
  const result = game.apply(state, action);
  return result.ok ? null : result.reason;
}

/** The room's own refusals, whatever the game: its texts carry these keys too. */
export const ROOM_REFUSALS = {
  internalError: { key: 'internalError' },
  unreadableEntry: { key: 'unreadableEntry' },
  duplicateEntry: { key: 'duplicateEntry' },
  brokenInvariant: (detail: string): Refusal => ({ key: 'brokenInvariant', values: { detail } }),
} as const;

/**
 * One step as every peer judges it: the game's apply, then its invariants on the state that would follow; a step that
 * breaks them is refused as 'Broken invariant: ...' (brokenInvariant, with the first one broken).
 */
export function judge<S>(game: SyncedGame<S>, state: S, action: LoggedAction): Result<S> {
  const result = game.apply(state, action);
  if (!result.ok || !game.invariants) return result;
  const broken = game.invariants(result.state);
  return broken.length === 0 ? result : { ok: false, reason: ROOM_REFUSALS.brokenInvariant(broken[0]) };
}
