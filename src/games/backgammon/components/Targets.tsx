import type { Position, Side, To } from '../rules/types';
import {
  FIELD_BOTTOM,
  FIELD_TOP,
  MAX_SHOWN,
  MID_Y,
  pointSlot,
  POINT_LENGTH,
  stackY,
  TRAY_W,
  TRAY_X,
} from './geometry';

/** A glow over a place the picked checker may move to: its triangle, or the viewer's bear-off tray. */
export function TargetGlow({ to, view }: { to: To; view: Side }) {
  if (to === 'off')
    return (
      <rect
        x={TRAY_X - 0.04}
        y={MID_Y + 0.26}
        width={TRAY_W + 0.08}
        height={FIELD_BOTTOM - MID_Y - 0.22}
        rx={0.14}
        fill="rgba(255, 213, 74, 0.18)"
        stroke="#ffd54a"
        strokeWidth={0.07}
        pointerEvents="none"
      />
    );
  const { x, top } = pointSlot(view, to);
  const base = top ? FIELD_TOP : FIELD_BOTTOM;
  const tip = top ? FIELD_TOP + POINT_LENGTH : FIELD_BOTTOM - POINT_LENGTH;
  return (
    <polygon
      data-testid={`target-${to}`}
      points={`${x - 0.48},${base} ${x + 0.48},${base} ${x},${tip}`}
      fill="rgba(255, 213, 74, 0.55)"
      pointerEvents="none"
    />
  );
}

/** A dashed ring, drawn over the checkers, where the picked checker would land on a target point. */
export function LandingRing({ to, view, board }: { to: To; view: Side; board: Position }) {
  if (to === 'off') return null;
  const { x, top } = pointSlot(view, to);
  // A lone opposing checker is hit and replaced, so the ring sits on it rather than beyond it.
  const standing = Math.abs(board.points[to - 1]);
  const mine = Math.sign(board.points[to - 1]) === (view === 'white' ? 1 : -1);
  const y = stackY(top, Math.min(mine ? standing : 0, MAX_SHOWN - 1));
  return (
    <circle
      cx={x}
      cy={y}
      r={0.42}
      fill="rgba(255, 213, 74, 0.2)"
      stroke="#ffd54a"
      strokeWidth={0.07}
      strokeDasharray="0.16 0.1"
      pointerEvents="none"
    />
  );
}
