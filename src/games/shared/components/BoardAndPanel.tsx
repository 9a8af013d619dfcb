import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

type BoardAndPanelProps = {
  /** The board's width on a wide screen, a CSS length that leaves the panel its room; a phone gives it all. */
  boardWidth: string;
  board: ReactNode;
  panel: ReactNode;
};

/** A game screen: the board with its panel beside it on a wide screen, below it on a phone. */
export default function BoardAndPanel({ boardWidth, board, panel }: BoardAndPanelProps) {
  return (
    <Box
      sx={{
        p: { xs: 1.5, md: 3 },
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        gap: { xs: 2, md: 3 },
        alignItems: { xs: 'stretch', md: 'flex-start' },
      }}
    >
      <Box sx={{ width: { xs: '100%', md: boardWidth }, flexShrink: 0 }}>{board}</Box>
      {panel}
    </Box>
  );
}
