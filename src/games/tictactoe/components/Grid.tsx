import { memo } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { keyframes } from '@mui/material/styles';
import type { Board } from '../rules/types';
import Mark from './Mark';

const pulse = keyframes`
  0%, 100% { background-color: #fde68a; }
  50% { background-color: #fcd34d; }
`;

type GridProps = {
  board: Board;
  /** The three squares of the winning line, or null. */
  line: readonly number[] | null;
  /** False until the room has given this tab its client id. */
  ready: boolean;
  onClaim: (square: number) => void;
};

/** The 3x3 board: nine big square buttons named "Square 1".."Square 9", the winning line highlighted. */
export default function Grid({ board, line, ready, onClaim }: GridProps) {
  return (
    <Box role="group" aria-label="TicTacToe board" sx={GRID_SX}>
      {board.map((square, i) => (
        <Square
          key={i}
          index={i}
          mark={square}
          winning={line?.includes(i) ?? false}
          ready={ready}
          onClaim={onClaim}
        />
      ))}
    </Box>
  );
}

const GRID_SX = {
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: { xs: 1, sm: 1.25 },
  p: { xs: 1, sm: 1.25 },
  width: 'min(100%, 520px, calc(100vh - 230px))',
  minWidth: 240,
  aspectRatio: '1',
  bgcolor: '#1f2937',
  borderRadius: 3,
  boxShadow: '0 10px 30px rgba(15, 23, 42, 0.25)',
} as const;

type SquareProps = {
  index: number;
  mark: Board[number];
  winning: boolean;
  ready: boolean;
  onClaim: (square: number) => void;
};

// Memoised: a move re-renders the one square it filled, not all nine.
const Square = memo(function Square({ index, mark, winning, ready, onClaim }: SquareProps) {
  return (
    <ButtonBase
      aria-label={`Square ${index + 1}`}
      data-winning={winning || undefined}
      data-mark={mark ?? ''}
      disabled={!ready}
      onClick={() => onClaim(index)}
      focusRipple
      sx={{
        borderRadius: 2,
        bgcolor: winning ? '#fde68a' : '#fffdf7',
        animation: winning ? `${pulse} 1.4s ease-in-out 3` : 'none',
        transition: 'background-color 120ms',
        '&:hover': { bgcolor: winning ? '#fcd34d' : mark ? '#fffdf7' : '#f1ede0' },
        '&.Mui-focusVisible': { outline: '3px solid #60a5fa', outlineOffset: 2 },
      }}
    >
      {mark && <Mark mark={mark} />}
    </ButtonBase>
  );
});
