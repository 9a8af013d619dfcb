import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Seat, Stone } from '../rules/types';
import { colourName } from './panelText';

type SeatCardProps = {
  stone: Stone;
  seat: Seat;
  captures: number;
  isTurn: boolean;
  isMine: boolean;
  /** Shown while marking dead stones: whether this seat has pressed Accept. */
  accepted: boolean | null;
  /** The viewer holds no seat and may take this free one. */
  canSit: boolean;
  ready: boolean;
  onSit: () => void;
  onStand: () => void;
};

/** One side of the game: its stone, who sits there, their captures, the turn marker and Sit / Stand. */
export default function SeatCard(props: SeatCardProps) {
  const { stone, seat, captures, isTurn, isMine, accepted, canSit, ready, onSit, onStand } = props;
  const colour = colourName(stone);
  return (
    <Box
      data-testid={`seat-${stone}`}
      aria-current={isTurn ? 'true' : undefined}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.25,
        p: 1.25,
        borderRadius: 2,
        border: '2px solid',
        borderColor: isTurn ? 'primary.main' : 'divider',
        bgcolor: isTurn ? 'rgba(31, 95, 74, 0.08)' : 'transparent',
        transition: 'border-color 150ms, background-color 150ms',
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 28,
          height: 28,
          flexShrink: 0,
          borderRadius: '50%',
          background:
            stone === 'b'
              ? 'radial-gradient(circle at 35% 30%, #6b6b6b, #111 60%)'
              : 'radial-gradient(circle at 35% 30%, #fff, #d6d3ca 80%)',
          boxShadow: '0 2px 3px rgba(0,0,0,0.35)',
        }}
      />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', lineHeight: 1.2 }}>
          {colour}
          {isTurn && ' · to play'}
          {accepted !== null && (accepted ? ' · accepted' : ' · to accept')}
        </Typography>
        <Typography
          data-testid={`seat-${stone}-name`}
          sx={{ fontWeight: 700, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {seat ? `${seat.user.name}${isMine ? ' (you)' : ''}` : 'Empty seat'}
        </Typography>
        <Typography variant="caption" data-testid={`captures-${stone}`} sx={{ color: 'text.secondary' }}>
          Captures: {captures}
        </Typography>
      </Box>
      {isMine && (
        <Button
          size="small"
          variant="outlined"
          disabled={!ready}
          onClick={onStand}
          aria-label={`Stand from ${colour}`}
        >
          Stand
        </Button>
      )}
      {canSit && (
        <Button
          size="small"
          variant="contained"
          disabled={!ready}
          onClick={onSit}
          aria-label={`Sit as ${colour}`}
        >
          Sit
        </Button>
      )}
    </Box>
  );
}
