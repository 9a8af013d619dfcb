import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

type GamePanelProps = {
  /** The game's name: the page's heading. */
  title: string;
  /** The status line, a live region (role status): whose turn it is, or how the game ended. */
  status: string;
  /** Shows the status line in the secondary colour once the game is over. */
  finished: boolean;
  statusTestId: string;
  /** The status line's type: each game's own size and weight. */
  statusVariant: 'subtitle1' | 'h6';
  statusWeight?: number;
  /** A line under the status, when the game has one to show. */
  note?: ReactNode;
  /** The panel's own width and spacing beside the board. */
  sx: SxProps<Theme>;
  /** The game's parts under the heading: seats, settings, buttons, moves. */
  children: ReactNode;
};

const COLUMN = { p: 2, display: 'flex', flexDirection: 'column', boxSizing: 'border-box' } as const;

/** A game's side panel: a column headed by the game's name and its status line, then the game's own parts. */
export default function GamePanel(props: GamePanelProps) {
  const { title, status, finished, statusTestId, statusVariant, statusWeight, note, sx, children } = props;
  return (
    <Paper variant="outlined" sx={[COLUMN, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography
          variant={statusVariant}
          component="p"
          role="status"
          data-testid={statusTestId}
          sx={{
            color: finished ? 'secondary.main' : 'text.primary',
            fontWeight: statusWeight,
            lineHeight: 1.3,
          }}
        >
          {status}
        </Typography>
        {note}
      </Box>
      {children}
    </Paper>
  );
}
