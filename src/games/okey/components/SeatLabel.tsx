import { memo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';

// Only opacity changes, on a layer of its own: the compositor runs it, so the page's main thread (which handles the
// other players' moves) never repaints for it. A box-shadow animation cost a quarter of the main thread while it ran.
const glow = keyframes`
  0%, 100% { opacity: 0; }
  50% { opacity: 1; }
`;

type SeatLabelProps = {
  seatId: number;
  /** The seated player's name; null for an empty seat. */
  playerName: string | null;
  isTurn: boolean;
  isMine: boolean;
  /** Whether the viewer may sit here: the seat is empty and the viewer holds no seat. */
  canSit: boolean;
  /** False until the room has given this tab its client id. */
  ready: boolean;
  font: number;
  onSit: (seatId: number) => void;
  onStand: () => void;
};

/** A seat's name plate: highlighted on that seat's turn, with Stand on the viewer's own seat and Sit on a free one. */
function SeatLabel({
  seatId,
  playerName,
  isTurn,
  isMine,
  canSit,
  ready,
  font,
  onSit,
  onStand,
}: SeatLabelProps) {
  const name = playerName ?? `Player ${seatId}`;
  const button = {
    size: 'small' as const,
    disabled: !ready,
    sx: { fontSize: font * 0.9, py: 0, minWidth: 0, lineHeight: 1.6 },
  };
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.75,
        flexWrap: 'wrap',
        justifyContent: 'center',
        minHeight: font * 2,
        maxWidth: '100%',
      }}
    >
      <Typography
        component="span"
        data-testid={`seat-${seatId}-name`}
        aria-current={isTurn ? 'true' : undefined}
        sx={{
          position: 'relative',
          display: 'inline-block',
          fontSize: font,
          fontWeight: 700,
          px: 1,
          py: 0.25,
          borderRadius: 5,
          maxWidth: '100%',
          minWidth: 0,
          color: isTurn ? '#3b2a00' : playerName !== null ? '#f5f0e1' : 'rgba(245,240,225,0.7)',
          bgcolor: isTurn ? '#ffd54f' : 'rgba(0,0,0,0.3)',
          // A few pulses of a wider glow when the turn arrives, then the steady one.
          boxShadow: isTurn ? '0 0 0 2px #ffd54f, 0 0 8px 2px rgba(255, 213, 79, 0.7)' : 'none',
          '&::after': isTurn
            ? {
                content: '""',
                position: 'absolute',
                inset: 0,
                borderRadius: 'inherit',
                pointerEvents: 'none',
                boxShadow: '0 0 16px 6px rgba(255, 213, 79, 0.9)',
                opacity: 0,
                willChange: 'opacity',
                animation: `${glow} 1.6s ease-in-out 3`,
              }
            : undefined,
        }}
      >
        <Box
          component="span"
          sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {isTurn && <span aria-hidden>▶ </span>}
          {name}
        </Box>
      </Typography>
      {isMine && (
        <Button
          variant="outlined"
          color="inherit"
          onClick={onStand}
          {...button}
          sx={{ ...button.sx, color: '#f5f0e1' }}
        >
          Stand
        </Button>
      )}
      {canSit && (
        <Button variant="contained" color="secondary" onClick={() => onSit(seatId)} {...button}>
          Sit
        </Button>
      )}
    </Box>
  );
}

export default memo(SeatLabel);
