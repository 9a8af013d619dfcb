import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

type SidePanelProps = {
  status: string;
  finished: boolean;
  /** The latest notice from the rules ("No legal moves: ..."), when there is one that the status does not say. */
  notice: string | null;
  /** The opponent's seat first, the viewer's last: the same order as the board, top to bottom. */
  seats: ReactNode;
  actions: ReactNode;
  moves: ReactNode;
};

/** The side panel: title and status, both seats with pip counts, the game's buttons and the move list. */
export default function SidePanel({ status, finished, notice, seats, actions, moves }: SidePanelProps) {
  return (
    <Paper
      variant="outlined"
      sx={{
        p: 2,
        display: 'flex',
        flexDirection: 'column',
        gap: 1.25,
        width: { xs: '100%', md: 290 },
        maxHeight: { md: 'calc(100vh - 48px)' },
        boxSizing: 'border-box',
        flexShrink: 0,
      }}
    >
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          Backgammon
        </Typography>
        <Typography
          variant="subtitle1"
          component="p"
          role="status"
          data-testid="bg-status"
          sx={{ color: finished ? 'secondary.main' : 'text.primary', fontWeight: 600, lineHeight: 1.3 }}
        >
          {status}
        </Typography>
        {notice && (
          <Typography variant="body2" data-testid="bg-notice" sx={{ color: 'text.secondary', mt: 0.25 }}>
            {notice}
          </Typography>
        )}
      </Box>
      {seats}
      <Divider />
      {actions}
      {moves}
    </Paper>
  );
}
