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
    <Box
      role="group"
      aria-label="TicTacToe board"
      sx={{
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
      }}
    >
      {board.map((square, i) => {
        const winning = line?.includes(i) ?? false;
        return (
          <ButtonBase
            key={i}
            aria-label={`Square ${i + 1}`}
            data-winning={winning || undefined}
            data-mark={square ?? ''}
            disabled={!ready}
            onClick={() => onClaim(i)}
            focusRipple
            sx={{
              borderRadius: 2,
              bgcolor: winning ? '#fde68a' : '#fffdf7',
              animation: winning ? `${pulse} 1.4s ease-in-out 3` : 'none',
              transition: 'background-color 120ms',
              '&:hover': { bgcolor: winning ? '#fcd34d' : square ? '#fffdf7' : '#f1ede0' },
              '&.Mui-focusVisible': { outline: '3px solid #60a5fa', outlineOffset: 2 },
            }}
          >
            {square && <Mark mark={square} />}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
