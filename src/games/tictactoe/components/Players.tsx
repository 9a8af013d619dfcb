import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { Mark as MarkKind, TicTacToeState } from '../rules/types';
import Mark, { MARK_COLOURS } from './Mark';

type PlayersProps = {
  seats: TicTacToeState['seats'];
  /** The mark to play next, highlighted; null once the game is decided. */
  toMove: MarkKind | null;
  myUserId: string | null;
};

/** Who plays X and who plays O; a free seat says who will take it. */
export default function Players({ seats, toMove, myUserId }: PlayersProps) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="ttt-players">
      {(['X', 'O'] as const).map((mark) => {
        const seat = seats[mark];
        const name = seat ? `${seat.user.name}${seat.user.id === myUserId ? ' (you)' : ''}` : 'free';
        return (
          <Chip
            key={mark}
            data-testid={`seat-${mark}`}
            aria-current={toMove === mark ? 'true' : undefined}
            icon={
              <Box sx={{ width: 18, height: 18, display: 'grid', placeItems: 'center' }}>
                <Mark mark={mark} size="100%" />
              </Box>
            }
            label={name}
            variant={toMove === mark ? 'filled' : 'outlined'}
            sx={{
              fontWeight: 600,
              fontStyle: seat ? 'normal' : 'italic',
              borderColor: MARK_COLOURS[mark],
              bgcolor: toMove === mark ? `${MARK_COLOURS[mark]}1f` : undefined,
              maxWidth: 220,
            }}
          />
        );
      })}
    </Box>
  );
}
