import { memo } from 'react';
import GradientDefs, { DIAGONAL, type Gradient } from '../../shared/components/GradientDefs';
import { COLUMNS, starPoints } from './coordinates';

/** How far the wood reaches past the outer lines, in grid cells; the coordinates sit in this margin. */
export const MARGIN = 1.15;

const LABEL = {
  fill: '#4a3212',
  fontWeight: 600,
  textAnchor: 'middle',
  dominantBaseline: 'central',
} as const;

const GRADIENTS: readonly Gradient[] = [
  {
    id: 'go-black',
    radial: { cx: '35%', cy: '30%', r: '70%' },
    stops: { '0%': '#6b6b6b', '45%': '#222', '100%': '#050505' },
  },
  {
    id: 'go-white',
    radial: { cx: '35%', cy: '30%', r: '75%' },
    stops: { '0%': '#ffffff', '70%': '#ecebe6', '100%': '#c9c6bd' },
  },
  {
    id: 'go-wood',
    linear: DIAGONAL,
    stops: { '0%': '#e8c17a', '50%': '#dcae62', '100%': '#cf9c4e' },
  },
];

/** The gradients every stone uses; defined once per board. */
export function StoneDefs() {
  return <GradientDefs gradients={GRADIENTS} />;
}

/** The wooden board: grain, grid lines, star points and the A-T / 1-19 coordinates on all four sides. */
export const BoardGrid = memo(function BoardGrid({ size }: { size: number }) {
  const last = size - 1;
  const extent = last + 2 * MARGIN;
  const cells = Array.from({ length: size }, (_, i) => i);
  // Labels shrink on small boards, whose cells are large on screen.
  const label = { ...LABEL, fontSize: size >= 19 ? 0.42 : size >= 13 ? 0.38 : 0.3 };
  return (
    <g>
      <rect x={-MARGIN} y={-MARGIN} width={extent} height={extent} rx={0.25} fill="url(#go-wood)" />
      {/* Faint wavy grain lines so the wood does not read as a flat fill. */}
      {Array.from({ length: 14 }, (_, i) => {
        const y = -MARGIN + ((i + 0.5) * extent) / 14;
        return (
          <path
            key={i}
            d={`M ${-MARGIN} ${y} q ${extent / 4} ${0.35 * ((i % 3) - 1)} ${extent / 2} 0 t ${extent / 2} 0`}
            stroke="#b5813a"
            strokeOpacity={0.18}
            strokeWidth={0.06}
            fill="none"
          />
        );
      })}
      <g stroke="#3b2710" strokeWidth={0.035} strokeLinecap="square">
        {cells.map((i) => (
          <g key={i}>
            <line x1={0} y1={i} x2={last} y2={i} />
            <line x1={i} y1={0} x2={i} y2={last} />
          </g>
        ))}
        <rect x={0} y={0} width={last} height={last} fill="none" strokeWidth={0.07} />
      </g>
      {starPoints(size).map((p) => (
        <circle key={p} cx={p % size} cy={Math.floor(p / size)} r={0.11} fill="#3b2710" />
      ))}
      <g aria-hidden style={{ userSelect: 'none' }}>
        {cells.map((i) => (
          <g key={i}>
            <text x={i} y={-0.68} {...label}>
              {COLUMNS[i]}
            </text>
            <text x={i} y={last + 0.68} {...label}>
              {COLUMNS[i]}
            </text>
            <text x={-0.68} y={i} {...label}>
              {size - i}
            </text>
            <text x={last + 0.68} y={i} {...label}>
              {size - i}
            </text>
          </g>
        ))}
      </g>
    </g>
  );
});
