import type { Side } from '../rules/types';
import { R } from './geometry';

type CheckerViewProps = {
  side: Side;
  cx: number;
  cy: number;
  /** A number written on the checker: how many stand on the point when not all are drawn. */
  count?: number;
  /** 'pickable': the viewer may move it now; 'selected': it is picked up. */
  mark?: 'pickable' | 'selected' | null;
  /** Drawn under the pointer while dragged: a little larger, with a deeper shadow. */
  floating?: boolean;
};

/** One checker: a soft shadow, a shaded face with a rim and an inner ring, an optional count and marker ring. */
export default function CheckerView({
  side,
  cx,
  cy,
  count,
  mark = null,
  floating = false,
}: CheckerViewProps) {
  const white = side === 'white';
  const r = floating ? R * 1.08 : R;
  return (
    <g pointerEvents="none">
      <circle
        cx={cx + (floating ? 0.09 : 0.04)}
        cy={cy + (floating ? 0.13 : 0.06)}
        r={r}
        fill="#000"
        opacity={floating ? 0.35 : 0.3}
      />
      <circle
        cx={cx}
        cy={cy}
        r={r}
        fill={`url(#bg-${side})`}
        stroke={white ? '#9d9176' : '#050302'}
        strokeWidth={0.035}
      />
      <circle
        cx={cx}
        cy={cy}
        r={r * 0.68}
        fill="none"
        stroke={white ? 'rgba(120,105,75,0.45)' : 'rgba(255,235,215,0.16)'}
        strokeWidth={0.03}
      />
      {count !== undefined && (
        <text
          x={cx}
          y={cy + 0.12}
          fontSize={0.36}
          fontWeight={700}
          textAnchor="middle"
          fill={white ? '#3b2a17' : '#f4e9d4'}
          style={{ userSelect: 'none' }}
        >
          {count}
        </text>
      )}
      {mark && (
        <circle
          cx={cx}
          cy={cy}
          r={r + 0.03}
          fill="none"
          stroke={mark === 'selected' ? '#ffd54a' : 'rgba(255, 213, 74, 0.75)'}
          strokeWidth={mark === 'selected' ? 0.09 : 0.045}
        />
      )}
    </g>
  );
}
