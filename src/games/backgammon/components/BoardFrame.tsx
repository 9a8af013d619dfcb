import { memo } from 'react';
import GradientDefs, { DIAGONAL, type Gradient } from '../../shared/components/GradientDefs';
import {
  BAR_W,
  BAR_X,
  FIELD_BOTTOM,
  FIELD_TOP,
  HEIGHT,
  LEFT_X,
  MID_Y,
  ownSlot,
  POINT_LENGTH,
  RIGHT_X,
  TRAY_W,
  TRAY_X,
  WIDTH,
} from './geometry';

const OWN_POINTS = Array.from({ length: 24 }, (_, i) => i + 1);
const LABEL = { fill: '#f1e2c0', fontSize: 0.26, fontWeight: 600, textAnchor: 'middle' } as const;

// A checker's light comes from the upper left, as on the seat cards' discs.
const CHECKER_LIGHT = { cx: '38%', cy: '32%', r: '75%' } as const;

/** The gradients the frame and the checkers use; defined once per board. */
const GRADIENTS: readonly Gradient[] = [
  {
    id: 'bg-wood',
    linear: DIAGONAL,
    stops: { '0%': '#7a4c27', '55%': '#5e3819', '100%': '#4a2a12' },
  },
  {
    id: 'bg-felt',
    radial: { cx: '50%', cy: '50%', r: '75%' },
    stops: { '0%': '#2a7a5f', '100%': '#175040' },
  },
  {
    id: 'bg-white',
    radial: CHECKER_LIGHT,
    stops: { '0%': '#fffdf6', '70%': '#ece5d3', '100%': '#cbbf9f' },
  },
  {
    id: 'bg-black',
    radial: CHECKER_LIGHT,
    stops: { '0%': '#6a5246', '55%': '#2f231d', '100%': '#140e0b' },
  },
];

/** One point's triangle, light and dark alternating, pointing into the board from the top or bottom rail. */
function Triangle({ own }: { own: number }) {
  const { x, top } = ownSlot(own);
  const base = top ? FIELD_TOP : FIELD_BOTTOM;
  const tip = top ? FIELD_TOP + POINT_LENGTH : FIELD_BOTTOM - POINT_LENGTH;
  const fill = own % 2 === 0 ? '#e6d3a8' : '#a23d2a';
  return (
    <polygon
      points={`${x - 0.48},${base} ${x + 0.48},${base} ${x},${tip}`}
      fill={fill}
      stroke="rgba(0,0,0,0.25)"
      strokeWidth={0.02}
    />
  );
}

/** The static board: wooden frame, felt fields, 24 triangles, the bar, two bear-off trays and the point numbers
 * as the viewer counts them (1 bottom right, 24 top right). */
export const BoardFrame = memo(function BoardFrame() {
  const fieldHeight = FIELD_BOTTOM - FIELD_TOP;
  return (
    <g>
      <GradientDefs gradients={GRADIENTS} />
      <rect x={0} y={0} width={WIDTH} height={HEIGHT} rx={0.3} fill="url(#bg-wood)" />
      {[LEFT_X, RIGHT_X].map((x) => (
        <rect key={x} x={x} y={FIELD_TOP} width={6} height={fieldHeight} fill="url(#bg-felt)" />
      ))}
      {OWN_POINTS.map((own) => (
        <Triangle key={own} own={own} />
      ))}
      <rect
        x={BAR_X + 0.08}
        y={FIELD_TOP}
        width={BAR_W - 0.16}
        height={fieldHeight}
        fill="#3f2410"
        stroke="rgba(0,0,0,0.35)"
        strokeWidth={0.04}
      />
      {[FIELD_TOP, MID_Y + 0.3].map((y) => (
        <rect
          key={y}
          x={TRAY_X}
          y={y}
          width={TRAY_W}
          height={MID_Y - 0.3 - FIELD_TOP}
          rx={0.12}
          fill="#173d31"
          stroke="rgba(0,0,0,0.45)"
          strokeWidth={0.05}
        />
      ))}
      <rect x={0.25} y={MID_Y - 2} width={0.7} height={4} rx={0.1} fill="rgba(0,0,0,0.18)" />
      <g aria-hidden style={{ userSelect: 'none' }}>
        {OWN_POINTS.map((own) => {
          const { x, top } = ownSlot(own);
          return (
            <text key={own} x={x} y={top ? 0.29 : HEIGHT - 0.11} {...LABEL}>
              {own}
            </text>
          );
        })}
      </g>
    </g>
  );
});
