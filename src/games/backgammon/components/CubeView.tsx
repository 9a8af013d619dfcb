import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { useTranslation } from '../../../i18n/roomTexts';
import type { Cube, Side } from '../rules/types';
import { FIELD_BOTTOM, FIELD_TOP, MID_Y } from './geometry';

const pulse = keyframes`
  0%, 100% { stroke-opacity: 1; }
  50% { stroke-opacity: 0.25; }
`;

const SIZE = 0.8;
const X = 0.6 - SIZE / 2;

/** Where the cube rests: in the middle while nobody owns it, else on its owner's side of the board. */
function cubeY(cube: Cube, view: Side): number {
  if (cube.owner === null) return MID_Y;
  return cube.owner === view ? FIELD_BOTTOM - 0.7 : FIELD_TOP + 0.7;
}

/** The doubling cube on the left rail: its value on its face, its place showing its owner, a pulsing ring while a
 * double waits for an answer. */
export default function CubeView({ cube, view }: { cube: Cube; view: Side }) {
  const y = cubeY(cube, view) - SIZE / 2;
  const { t } = useTranslation('backgammon');
  const owner = cube.owner ? t('cubeOwner', { side: t(`sides.${cube.owner}`) }) : t('cubeCentred');
  const label = cube.offeredBy
    ? t('cubeOffered', {
        value: cube.value,
        owner,
        side: t(`sides.${cube.offeredBy}`),
        offer: cube.value * 2,
      })
    : t('cube', { value: cube.value, owner });
  return (
    <g role="img" aria-label={label} data-testid="cube">
      <rect x={X + 0.04} y={y + 0.06} width={SIZE} height={SIZE} rx={0.12} fill="#000" opacity={0.3} />
      <rect
        x={X}
        y={y}
        width={SIZE}
        height={SIZE}
        rx={0.12}
        fill="#f7f1e1"
        stroke="#6d5b3b"
        strokeWidth={0.03}
      />
      <text
        x={X + SIZE / 2}
        y={y + SIZE / 2 + 0.13}
        fontSize={cube.value >= 10 ? 0.34 : 0.42}
        fontWeight={800}
        textAnchor="middle"
        fill="#2b1f19"
        style={{ userSelect: 'none' }}
      >
        {cube.value}
      </text>
      {cube.offeredBy && (
        <Box
          component="rect"
          x={X - 0.08}
          y={y - 0.08}
          width={SIZE + 0.16}
          height={SIZE + 0.16}
          rx={0.16}
          fill="none"
          stroke="#ffd54a"
          strokeWidth={0.06}
          sx={{ animation: `${pulse} 1.1s ease-in-out infinite` }}
        />
      )}
    </g>
  );
}
