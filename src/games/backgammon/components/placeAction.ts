import type { From, Position, Step, To } from '../rules/types';

/** What a click on a place of the board asks for. */
export type PlaceIntent =
  | { kind: 'move'; from: From; to: To }
  | { kind: 'select'; from: From }
  | { kind: 'clear' }
  /** A move the board cannot offer: it goes to the rules anyway, so the player learns why (e.g. "Not your turn"). */
  | { kind: 'probe'; from: From; to: To };

/** What the board knows when a place is clicked. */
export type PlaceContext = {
  /** The checker picked up, or null. */
  selected: From | null;
  /** The moves the viewer may make now: movesAvailable when they are the player to move, else none. */
  moves: readonly Step[];
  /** True while a game is being played (the rules have something to say about a move). */
  playing: boolean;
  /** True when the viewer is the player to move. */
  isMover: boolean;
  /** True when the clicked place holds any checker. */
  occupied: boolean;
};

/** Where a checker picked at `from` may go now. */
export const targetsOf = (moves: readonly Step[], from: From | null): To[] =>
  from === null ? [] : [...new Set(moves.filter((m) => m.from === from).map((m) => m.to))];

/** The places holding a checker the viewer may move now. */
export const pickablePlaces = (moves: readonly Step[]): From[] => [...new Set(moves.map((m) => m.from))];

/** Click, then click a target: a legal target moves the picked checker, a movable checker is picked up instead. */
export function placeIntent(place: From | To, ctx: PlaceContext): PlaceIntent {
  const { selected, moves } = ctx;
  if (selected !== null && place !== 'bar' && targetsOf(moves, selected).includes(place))
    return { kind: 'move', from: selected, to: place };
  if (place === selected) return { kind: 'clear' };
  if (place !== 'off' && pickablePlaces(moves).includes(place)) return { kind: 'select', from: place };
  if (!ctx.playing) return { kind: 'clear' };
  if (selected !== null && place !== 'bar') return { kind: 'probe', from: selected, to: place };
  if (place === 'off' || !ctx.occupied) return { kind: 'clear' };
  // A bar checker's own reason for not moving has no target to name; only the "not you" answers fit it.
  if (place === 'bar') return ctx.isMover ? { kind: 'clear' } : { kind: 'probe', from: 'bar', to: 'off' };
  return { kind: 'probe', from: place, to: place };
}

/** True when a place holds any checker: a point with checkers, or a bar with someone's checker on it. */
export function isOccupied(board: Position, place: From | To): boolean {
  if (place === 'off') return false;
  if (place === 'bar') return board.bar.white + board.bar.black > 0;
  return board.points[place - 1] !== 0;
}
