import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { sideName } from '../rules/reasons';
import type { Seat, Side } from '../rules/types';

type SeatCardProps = {
  side: Side;
  seat: Seat;
  pips: number;
  off: number;
  isTurn: boolean;
  isMine: boolean;
  /** The viewer holds no seat and may take this free one. */
  canSit: boolean;
  ready: boolean;
  onSit: () => void;
  onStand: () => void;
};

/** One side of the game: its checker colour, who sits there, the pip count and borne-off checkers, Sit / Stand. */
export default function SeatCard(props: SeatCardProps) {
  const { side, seat, pips, off, isTurn, isMine, canSit, ready, onSit, onStand } = props;
  const name = sideName(side);
  return (
    <Box
      data-testid={`seat-${side}`}
      aria-current={isTurn ? 'true' : undefined}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.25,
        px: 1.25,
        py: 0.75,
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
          width: 26,
          height: 26,
          flexShrink: 0,
          borderRadius: '50%',
          background:
            side === 'black'
              ? 'radial-gradient(circle at 38% 32%, #6a5246, #2f231d 55%, #140e0b)'
              : 'radial-gradient(circle at 38% 32%, #fffdf6, #ece5d3 70%, #cbbf9f)',
          boxShadow: 'inset 0 0 0 2px rgba(0,0,0,0.18), 0 2px 3px rgba(0,0,0,0.35)',
        }}
      />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography
          data-testid={`seat-${side}-name`}
          sx={{ fontWeight: 700, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {seat ? `${seat.user.name}${isMine ? ' (you)' : ''}` : 'Empty seat'}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', lineHeight: 1.3 }}>
          {name}
          {isTurn && ' · to play'} · <span data-testid={`pips-${side}`}>Pips {pips}</span>
          {off > 0 && ` · Off ${off}`}
        </Typography>
      </Box>
      {isMine && (
        <Button size="small" variant="outlined" disabled={!ready} onClick={onStand}>
          Stand
        </Button>
      )}
      {canSit && (
        <Button
          size="small"
          variant="contained"
          disabled={!ready}
          onClick={onSit}
          aria-label={`Sit as ${name}`}
        >
          Sit
        </Button>
      )}
    </Box>
  );
}
