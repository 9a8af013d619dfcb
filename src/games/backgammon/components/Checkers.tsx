import { SIDES } from '../rules/board';
import type { From, Position, Side } from '../rules/types';
import CheckerView from './CheckerView';
import {
  barY,
  BAR_X,
  BAR_W,
  MAX_SHOWN,
  MID_Y,
  pointSlot,
  SLAB,
  slabY,
  stackY,
  TRAY_W,
  TRAY_X,
} from './geometry';

type CheckersProps = {
  board: Position;
  view: Side;
  /** The place a checker is being dragged from: drawn one checker short. */
  lifted: From | null;
  /** Places holding a checker the viewer may move now. */
  pickable: readonly From[];
  selected: From | null;
};

const POINTS = Array.from({ length: 24 }, (_, i) => i + 1);
const BAR_SHOWN = 4;

type StackProps = {
  side: Side;
  count: number;
  x: number;
  y: (i: number) => number;
  shown: number;
  mark: 'pickable' | 'selected' | null;
};

/** A stack of one side's checkers; past `shown` the outermost one carries the count. */
function Stack({ side, count, x, y, shown, mark }: StackProps) {
  const drawn = Math.min(count, shown);
  return (
    <>
      {Array.from({ length: drawn }, (_, i) => (
        <CheckerView
          key={i}
          side={side}
          cx={x}
          cy={y(i)}
          count={i === drawn - 1 && count > shown ? count : undefined}
          mark={i === drawn - 1 ? mark : null}
        />
      ))}
    </>
  );
}

/** Every checker on the board: stacks on the points, both sides' checkers on the bar, borne-off ones in the trays. */
export default function Checkers({ board, view, lifted, pickable, selected }: CheckersProps) {
  const markOf = (place: From) =>
    place === selected ? 'selected' : pickable.includes(place) ? 'pickable' : null;
  const less = (place: From) => (place === lifted ? 1 : 0);
  return (
    <g>
      {POINTS.map((point) => {
        const value = board.points[point - 1];
        if (value === 0) return null;
        const { x, top } = pointSlot(view, point);
        return (
          <Stack
            key={point}
            side={value > 0 ? 'white' : 'black'}
            count={Math.abs(value) - less(point)}
            x={x}
            y={(i) => stackY(top, i)}
            shown={MAX_SHOWN}
            mark={markOf(point)}
          />
        );
      })}
      {SIDES.map((side) => (
        <Stack
          key={side}
          side={side}
          count={board.bar[side] - (side === view ? less('bar') : 0)}
          x={BAR_X + BAR_W / 2}
          y={(i) => barY(side === view, i)}
          shown={BAR_SHOWN}
          mark={side === view ? markOf('bar') : null}
        />
      ))}
      {SIDES.map((side) =>
        Array.from({ length: board.off[side] }, (_, i) => (
          <rect
            key={`${side}-${i}`}
            x={TRAY_X + 0.1}
            y={slabY(side === view, i) + 0.02}
            width={TRAY_W - 0.2}
            height={SLAB - 0.04}
            rx={0.06}
            fill={`url(#bg-${side})`}
            stroke={side === 'white' ? '#9d9176' : '#000'}
            strokeWidth={0.025}
            pointerEvents="none"
          />
        )),
      )}
      {SIDES.map((side) =>
        board.off[side] > 0 ? (
          <text
            key={side}
            x={TRAY_X + TRAY_W / 2}
            y={side === view ? MID_Y + 0.62 : MID_Y - 0.42}
            fontSize={0.3}
            fontWeight={700}
            textAnchor="middle"
            fill="#f1e2c0"
            aria-hidden
          >
            {board.off[side]}
          </text>
        ) : null,
      )}
    </g>
  );
}
