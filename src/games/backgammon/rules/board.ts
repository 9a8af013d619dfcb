import type { From, Position, Side, Sides, Step, To } from './types';

/** Checkers each side owns. */
export const CHECKERS = 15;

/** Both sides, White first. */
export const SIDES: readonly Side[] = ['white', 'black'];

/** The side that is not this one. */
export const opponent = (side: Side): Side => (side === 'white' ? 'black' : 'white');

/** The same value for both sides. */
export const bothSides = <T>(value: T): Sides<T> => ({ white: value, black: value });

// One number line for both sides: White's bar is 25 and it bears off to 0; Black enters from 0 and bears off to 25.
const BAR_SPOT: Sides<number> = { white: 25, black: 0 };
const OFF_SPOT: Sides<number> = { white: 0, black: 25 };
const SIGN: Sides<number> = { white: 1, black: -1 };

/** The standard start: 2 on each side's 24-point, 5 on its 13, 3 on its 8 and 5 on its 6. */
export function startPosition(): Position {
  const points = new Array<number>(24).fill(0);
  for (const [point, count] of [
    [24, 2],
    [13, 5],
    [8, 3],
    [6, 5],
  ]) {
    points[point - 1] = count;
    points[25 - point - 1] = -count;
  }
  return { points, bar: bothSides(0), off: bothSides(0) };
}

/** How many of side's checkers stand on point (1..24). */
export const countAt = (position: Position, side: Side, point: number): number =>
  Math.max(0, SIGN[side] * position.points[point - 1]);

/** The point as the side itself counts it: White's numbers stay, Black's 1-point is White's 24. */
export const ownNumber = (side: Side, point: number): number => (side === 'white' ? point : 25 - point);

/** True when point lies in side's home board (White 1..6, Black 19..24). */
export const isHomePoint = (side: Side, point: number): boolean => ownNumber(side, point) <= 6;

/** True when every checker of side not yet borne off stands in its home board. */
export function allHome(position: Position, side: Side): boolean {
  if (position.bar[side] > 0) return false;
  for (let point = 1; point <= 24; point++)
    if (!isHomePoint(side, point) && countAt(position, side, point) > 0) return false;
  return true;
}

/** Checkers of side on the board, on the bar and borne off: always 15 in a sound position. */
export function checkerTotal(position: Position, side: Side): number {
  let total = position.bar[side] + position.off[side];
  for (let point = 1; point <= 24; point++) total += countAt(position, side, point);
  return total;
}

/** Pips side still has to travel to bear everything off; a checker on the bar counts 25. */
export function pipCountOf(position: Position, side: Side): number {
  let pips = position.bar[side] * 25;
  for (let point = 1; point <= 24; point++) pips += countAt(position, side, point) * ownNumber(side, point);
  return pips;
}

/** The number-line spot of a move's start or end (bar and off are each side's own ends). */
export function spotOf(side: Side, place: From | To): number {
  if (place === 'bar') return BAR_SPOT[side];
  if (place === 'off') return OFF_SPOT[side];
  return place;
}

/** Pips a checker travels from one place to another, negative when it would run backwards. */
export const distance = (side: Side, from: From, to: To): number =>
  SIGN[side] * (spotOf(side, from) - spotOf(side, to));

/** True when point holds two or more of the opponent's checkers, so side may not land there. */
export const isClosed = (position: Position, side: Side, point: number): boolean =>
  countAt(position, opponent(side), point) >= 2;

/** True when some checker of side stands further from home than point (bearing off by a higher die needs none). */
function hasCheckerBehind(position: Position, side: Side, point: number): boolean {
  for (let p = 1; p <= 24; p++)
    if (ownNumber(side, p) > ownNumber(side, point) && countAt(position, side, p) > 0) return true;
  return false;
}

/** Where one checker of side moving die pips from `from` would land by the rules, or null when it may not move. */
export function landing(position: Position, side: Side, from: From, die: number): To | null {
  const target = spotOf(side, from) - SIGN[side] * die;
  if (target >= 1 && target <= 24) return isClosed(position, side, target) ? null : target;
  if (from === 'bar' || !allHome(position, side)) return null;
  const exact = target === OFF_SPOT[side];
  return exact || !hasCheckerBehind(position, side, from) ? 'off' : null;
}

/** Every single move side could make with one die, bar entries only while a checker waits there. */
export function singleMoves(position: Position, side: Side, die: number): Step[] {
  const starts: From[] = [];
  if (position.bar[side] > 0) starts.push('bar');
  else for (let point = 1; point <= 24; point++) if (countAt(position, side, point) > 0) starts.push(point);
  const steps: Step[] = [];
  for (const from of starts) {
    const to = landing(position, side, from, die);
    if (to === null) continue;
    const hit = to !== 'off' && countAt(position, opponent(side), to) === 1;
    steps.push({ from, to, die, hit });
  }
  return steps;
}

/** The position after step, a hit checker on its owner's bar; the input is left untouched. */
export function applyStep(position: Position, side: Side, step: Step): Position {
  const points = [...position.points];
  const bar = { ...position.bar };
  const off = { ...position.off };
  const sign = SIGN[side];
  if (step.from === 'bar') bar[side] -= 1;
  else points[step.from - 1] -= sign;
  if (step.to === 'off') off[side] += 1;
  else {
    if (step.hit) {
      points[step.to - 1] = 0;
      bar[opponent(side)] += 1;
    }
    points[step.to - 1] += sign;
  }
  return { points, bar, off };
}

/** What must always hold of a Backgammon position, in plain words: 15 checkers a side. Empty when it holds. */
export function positionProblems(position: Position): string[] {
  return (['white', 'black'] as const)
    .filter((side) => checkerTotal(position, side) !== CHECKERS)
    .map((side) => `${side} has ${checkerTotal(position, side)} checkers, expected ${CHECKERS}`);
}
