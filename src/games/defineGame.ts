import type { Reason } from '../i18n/reasons';
import {
  createSlice,
  type ActionCreatorWithPayload,
  type ActionCreatorWithPreparedPayload,
  type Reducer,
  type Slice,
} from '@reduxjs/toolkit';
import type { LoggedAction, Result, SyncedGame } from '../sync/log/SyncedGame';
import { applyOf, UNKNOWN_ACTION, type PayloadOf, type PayloadsOf } from './shared/actionTable';
import { moveReducerOf } from './shared/moveReducer';
import { withSeatSignatures, type BindsSeat, type SeatOf } from './shared/seatSignatures';
import { roomOf } from '../sync/signing/signatures';
import { stateOf } from './world';

/**
 * A move of a game's definition: its payload's shape (a peer's entry is checked before the rule reads it), its rule,
 * and, for a move that needs luck, `prepare`, which builds the payload from the action creator's arguments (it draws
 * the dice, the shuffle), so the log carries the outcome and every fold replays it. The `never` parameters accept
 * every rule and prepare function; PayloadOf reads each move's own payload type.
 */
type AnyMove<S> = {
  shape: (payload: unknown) => boolean;
  /** The room is the one the entry is judged in (a departure checks a goodbye signed for it). */
  rule: (state: S, payload: never, room: string) => Result<S>;
  /**
   * A costly part of judging the move that reads only the state before it (a bot's seat moves only as the bot would:
   * its choice, played again): the refusal, or null to go on to the rule. Run first by `apply`; left out by
   * `applyTrusting`, for a board a page shows before it has judged the log itself.
   */
  check?: (state: S, payload: never) => Result<S> | null;
  prepare?: (...args: never[]) => unknown;
  /** A move that binds a seat other than its actor's (adding a bot): the seat, read from the state after it. */
  binds?: BindsSeat<S>;
  /**
   * A move anyone in the room may make, seated or not, to the same effect (TicTacToe's history jump): no seat's
   * authority stands behind it, so it is not a seat action and is not signed (docs/fair-play.md).
   */
  open?: boolean;
  /**
   * A move whose effect does not depend on other seats' concurrent moves (a masked deck's seal of one position by one
   * seat): shown ahead as soon as it comes, whatever came between (SyncedGame.commutes).
   */
  commutes?: boolean;
};

export type { PayloadOf, PayloadsOf };

/** The action creator of a move: it takes the payload, or prepare's arguments for a move that has one. */
type CreatorOf<M> = M extends { prepare: (...args: infer A) => infer P }
  ? ActionCreatorWithPreparedPayload<A, P>
  : ActionCreatorWithPayload<PayloadOf<M>>;

/** What a game is made of: its name, its fresh state and its moves. */
export type GameDefinition<S, Moves> = {
  name: string;
  setup: () => S;
  moves: Moves;
  /** The refusal for an unknown move or a payload of the wrong shape (quiet: no toast). */
  unknownReason?: Reason;
  /** What must always hold of the state; every fold refuses a step that breaks it (SyncedGame.invariants). */
  invariants?: (state: S) => readonly string[];
  /**
   * For a game with seats: the seat a payload's actor holds. Its seated players then sign their moves with the key they
   * sat down with, and the state keeps the keys under `seatKeys` (shared/seatSignatures, docs/fair-play.md).
   */
  seatOf?: SeatOf<S>;
  /** What the room document's snapshot keeps of a state (SyncedGame.snapshotOf); the whole state when absent. */
  snapshotOf?: (state: S) => unknown;
};

/** A defined game: everything the store, the room and the board use, made from its one definition. */
export type DefinedGame<S, Moves> = {
  name: string;
  /** The one way any of its actions is applied: the next state, or the exact reason it is refused. */
  apply: (state: S, action: LoggedAction) => Result<S>;
  /** The Redux Toolkit slice: one case reducer per move, each through `apply`. */
  slice: Slice<S>;
  /** The store's reducer for the game: the slice's. */
  reducer: Reducer<S>;
  /** One action creator per move, named as the move. */
  actions: { [K in keyof Moves]: CreatorOf<Moves[K]> };
  /** The contract the room's bridge folds the game's log by. */
  synced: SyncedGame<S>;
  /** The game's state in the root state the app hands in (a fresh game until it is loaded). */
  selectState: (root: unknown) => S;
};

/**
 * How many judged entries a game remembers: more than the bridge dispatches one by one after a fold (200, past which it
 * restores the store instead), so every entry the store reduces right after its judgement finds it.
 */
const JUDGED_KEPT = 256;

/**
 * Makes a game from its one definition, as boardgame.io makes a game from its game object: adding a move is one entry
 * in `moves` (its shape, its rule, its prepare) plus the rule itself and its tests.
 */
export function defineGame<S, Moves extends Record<string, AnyMove<S>>>(
  definition: GameDefinition<S, Moves>,
): DefinedGame<S, Moves> {
  const { name, setup, moves, unknownReason = UNKNOWN_ACTION, invariants, seatOf, snapshotOf } = definition;
  const prefix = `${name}/`;
  const withSignatures = (applyMoves: (state: S, action: LoggedAction) => Result<S>) =>
    seatOf
      ? withSeatSignatures(name, applyMoves, seatOf, (type) =>
          type.startsWith(prefix) ? moves[type.slice(prefix.length)] : undefined,
        )
      : null;
  const signing = withSignatures(applyOf(name, moves, unknownReason));
  const applyRules = signing?.apply ?? applyOf(name, moves, unknownReason);
  const hasChecks = Object.values(moves).some((move) => move.check);
  const commuting = new Set(
    Object.entries(moves).flatMap(([kind, move]) => (move.commutes ? [`${prefix}${kind}`] : [])),
  );
  const applyTrusting = hasChecks
    ? (withSignatures(applyOf(name, moves, unknownReason, true))?.apply ??
      applyOf(name, moves, unknownReason, true))
    : null;
  // What each recent entry was judged to, and from which state. The bridge judges an entry, then the store's case
  // reducer reduces the same entry (the same payload object) from the same state: it takes that result rather than
  // running the rules again. The rules are pure, so a result remembered for the same state and action is the one they
  // would give. Only the last JUDGED_KEPT: the log keeps every payload, and a memo of all of them kept two states per
  // entry alive for as long as the room was open.
  const judged = new Map<object, { type: string; room: string; from: S; result: Result<S> }>();
  const apply = (state: S, action: LoggedAction): Result<S> => {
    const payload = action.payload;
    if (typeof payload !== 'object' || payload === null) return applyRules(state, action);
    const known = judged.get(payload);
    const room = roomOf(action);
    if (known && known.from === state && known.type === action.type && known.room === room)
      return known.result;
    const result = applyRules(state, action);
    judged.delete(payload);
    judged.set(payload, { type: action.type, room, from: state, result });
    if (judged.size > JUDGED_KEPT) judged.delete(judged.keys().next().value as object);
    return result;
  };
  const reduce = moveReducerOf<S, Record<string, unknown>>(apply);
  const reducers = Object.fromEntries(
    Object.entries(moves).map(([kind, move]) => {
      const prepare = move.prepare as ((...args: unknown[]) => unknown) | undefined;
      return [
        kind,
        prepare
          ? { reducer: reduce, prepare: (...args: unknown[]) => ({ payload: prepare(...args) }) }
          : reduce,
      ];
    }),
  );
  const slice = createSlice({ name, initialState: setup, reducers });
  const synced: SyncedGame<S> = {
    name,
    // Every game keeps its snapshot in the room document at the same place under its own name.
    snapshotPath: [`${name}-state`, 'game-state'],
    initialState: setup(),
    apply,
    ...(applyTrusting ? { applyTrusting } : {}),
    ...(invariants ? { invariants } : {}),
    ...(snapshotOf ? { snapshotOf } : {}),
    ...(signing ? { signerOf: signing.signerOf } : {}),
    ...(commuting.size > 0 ? { commutes: (action: LoggedAction) => commuting.has(action.type) } : {}),
  };
  return {
    name,
    apply,
    slice: slice as unknown as Slice<S>,
    reducer: slice.reducer as Reducer<S>,
    // createSlice types creators from a literal reducer map; this map is built from `moves`, whose types CreatorOf reads.
    actions: slice.actions as unknown as DefinedGame<S, Moves>['actions'],
    synced,
    selectState: stateOf(name, synced.initialState),
  };
}

/**
 * Selectors over a game's state that read it from the root state the app hands in, as a slice's `selectors` do:
 * each takes the root and the selector's own further arguments.
 */
export function selectorsOf<S, Selectors extends Record<string, (state: S, ...args: never[]) => unknown>>(
  selectState: (root: unknown) => S,
  selectors: Selectors,
): RootSelectors<S, Selectors> {
  const wrapped = Object.entries(selectors).map(([key, select]) => [
    key,
    (root: unknown, ...args: never[]) => select(selectState(root), ...args),
  ]);
  // Each entry wraps the selector of the same key, which is what RootSelectors says of it.
  return Object.fromEntries(wrapped) as RootSelectors<S, Selectors>;
}

/** Selectors that take the root state in place of the game's state. */
type RootSelectors<S, Selectors> = {
  [K in keyof Selectors]: Selectors[K] extends (state: S, ...args: infer A) => infer R
    ? (root: unknown, ...args: A) => R
    : never;
};
