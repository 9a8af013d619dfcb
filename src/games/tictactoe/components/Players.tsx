import Chip from '@mui/material/Chip';
import type { Mark as MarkKind, TicTacToeState } from '../rules/types';
import Mark, { MARK_COLOURS } from './Mark';
import { useTranslation } from '../../../i18n/roomTexts';

type PlayersProps = {
  seats: TicTacToeState['seats'];
  /** The mark to play next, highlighted; null once the game is decided. */
  toMove: MarkKind | null;
  myUserId: string | null;
};

/** Who plays X and who plays O; a free seat says who will take it. */
export default function Players({ seats, toMove, myUserId }: PlayersProps) {
  const { t } = useTranslation(['tictactoe', 'shared']);
  return (
    <div className="ttt-players" data-testid="ttt-players">
      {(['X', 'O'] as const).map((mark) => {
        const seat = seats[mark];
        const name = !seat
          ? t('free')
          : seat.user.id === myUserId
            ? t('shared:you', { name: seat.user.name })
            : seat.user.name;
        return (
          <Chip
            key={mark}
            data-testid={`seat-${mark}`}
            aria-current={toMove === mark ? 'true' : undefined}
            icon={
              <span className="ttt-chip-icon">
                <Mark mark={mark} size="100%" />
              </span>
            }
            label={name}
            variant={toMove === mark ? 'filled' : 'outlined'}
            className="ttt-chip"
            style={{
              fontStyle: seat ? 'normal' : 'italic',
              borderColor: MARK_COLOURS[mark],
              backgroundColor: toMove === mark ? `${MARK_COLOURS[mark]}1f` : undefined,
            }}
          />
        );
      })}
    </div>
  );
}
