import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import type { Side } from '../rules/types';

const tumble = keyframes`
  0% { transform: translate(-0.6px, -0.5px) rotate(-260deg) scale(0.35); opacity: 0; }
  55% { transform: translate(0.08px, 0.05px) rotate(18deg) scale(1.12); opacity: 1; }
  80% { transform: rotate(-6deg) scale(0.97); }
  100% { transform: none; }
`;

// Pip centres on a unit die face, by value.
const PIPS: Record<number, readonly (readonly [number, number])[]> = {
  1: [[0.5, 0.5]],
  2: [
    [0.27, 0.27],
    [0.73, 0.73],
  ],
  3: [
    [0.27, 0.27],
    [0.5, 0.5],
    [0.73, 0.73],
  ],
  4: [
    [0.27, 0.27],
    [0.73, 0.27],
    [0.27, 0.73],
    [0.73, 0.73],
  ],
  5: [
    [0.27, 0.27],
    [0.73, 0.27],
    [0.5, 0.5],
    [0.27, 0.73],
    [0.73, 0.73],
  ],
  6: [
    [0.27, 0.25],
    [0.73, 0.25],
    [0.27, 0.5],
    [0.73, 0.5],
    [0.27, 0.75],
    [0.73, 0.75],
  ],
};

type DieProps = {
  value: number;
  side: Side;
  x: number;
  y: number;
  size: number;
  used: boolean;
  delay: number;
};

/** One die face with its pips, tumbling in when it first appears; a used die is drawn faded. */
function Die({ value, side, x, y, size, used, delay }: DieProps) {
  const white = side === 'white';
  return (
    <Box
      component="g"
      sx={{
        transformBox: 'fill-box',
        transformOrigin: 'center',
        animation: `${tumble} 520ms cubic-bezier(0.2, 0.8, 0.3, 1) ${delay}ms both`,
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        opacity: used ? 0.35 : 1,
        transition: 'opacity 150ms',
      }}
    >
      <rect x={x + 0.04} y={y + 0.06} width={size} height={size} rx={size * 0.18} fill="#000" opacity={0.3} />
      <rect
        x={x}
        y={y}
        width={size}
        height={size}
        rx={size * 0.18}
        fill={white ? '#fbf7ec' : '#2b1f19'}
        stroke={white ? '#9d9176' : '#000'}
        strokeWidth={0.03}
      />
      {(PIPS[value] ?? []).map(([px, py], i) => (
        <circle
          key={i}
          cx={x + px * size}
          cy={y + py * size}
          r={size * 0.085}
          fill={white ? '#2b1f19' : '#f6eedc'}
        />
      ))}
    </Box>
  );
}

type DiceProps = {
  /** The dice faces to draw, left to right. */
  values: readonly number[];
  /** Which of them are used up this turn. */
  used: readonly boolean[];
  side: Side;
  /** The centre of the row, in board units. */
  cx: number;
  cy: number;
  label: string;
};

/** A row of dice centred on a point of the board; four smaller dice for doubles. Remount it to roll again. */
export default function Dice({ values, used, side, cx, cy, label }: DiceProps) {
  const size = values.length > 2 ? 0.62 : 0.78;
  const gap = size * 1.25;
  const left = cx - (gap * (values.length - 1)) / 2 - size / 2;
  return (
    <g role="img" aria-label={label} data-testid={`dice-${side}`} pointerEvents="none">
      {values.map((value, i) => (
        <Die
          key={i}
          value={value}
          side={side}
          x={left + i * gap}
          y={cy - size / 2}
          size={size}
          used={used[i] ?? false}
          delay={i * 60}
        />
      ))}
    </g>
  );
}
