import { memo } from 'react';
import Button from '@mui/material/Button';
import type { ReadiedAct } from '../../world';
import type { ArrangeMode } from '../rules/arrange';
import { useTranslation } from '../../../i18n/roomTexts';
import SeatReactionBubble from '../../shared/components/SeatReactionBubble';

type SeatLabelProps = {
  seatId: number;
  /** The seated player's name; null for an empty seat. */
  playerName: string | null;
  /** The seated player's user id (their quick reactions show over the plate); null for an empty seat. */
  userId: string | null;
  /** The plate is at the top of the table: a reaction shows under it. */
  atTop?: boolean;
  isTurn: boolean;
  /** The turn's seconds left, shown beside the name while the turn timer runs. */
  secondsLeft: number | null;
  isMine: boolean;
  /** Whether the viewer may sit here: the seat is empty and the viewer holds no seat. */
  canSit: boolean;
  /** False until the room has given this tab its client id. */
  ready: boolean;
  font: number;
  /** Sits the viewer in a seat, or stands them up from theirs (by seat id). */
  sit: ReadiedAct<number>;
  stand: ReadiedAct<number>;
  /** The seat holds a bot: anyone may remove it. */
  isBot: boolean;
  /** Puts a bot in this empty seat, or takes the bot out of it; absent where no bot may come or go now. */
  onBot?: (seatId: number, add: boolean) => void;
  /** Lays the viewer's own rack out (runs and sets, or pairs); absent where there is no rack of theirs to arrange. */
  onArrange?: (mode: ArrangeMode) => void;
};

/**
 * A seat's name plate: highlighted on that seat's turn, with Stand (and the arrange buttons, while the rack holds tiles)
 * on the viewer's own seat and Sit on a free one.
 */
function SeatLabel({
  seatId,
  playerName,
  userId,
  atTop = false,
  isTurn,
  secondsLeft,
  font,
  ...buttons
}: SeatLabelProps) {
  const { t } = useTranslation('okey');
  const name = playerName ?? t('player', { n: seatId });
  // The looks are classes of okeyTable.css: the turn's highlight and glow go with okey-turn.
  const plate = `okey-text okey-name${isTurn ? ' okey-turn' : playerName !== null ? ' okey-seated' : ''}`;
  return (
    <div className="okey-label" style={{ minHeight: font * 2 }}>
      {/* The reaction's anchor is the name plate alone: a positioned plate row would cover the discard piles' touches. */}
      <span style={{ position: 'relative', display: 'inline-flex', maxWidth: '100%', minWidth: 0 }}>
        <SeatReactionBubble userId={userId} below={atTop} />
        <span
          data-testid={`seat-${seatId}-name`}
          aria-current={isTurn ? 'true' : undefined}
          className={plate}
          style={{ fontSize: font }}
        >
          <span className="okey-name-text">
            {isTurn && <span aria-hidden>▶ </span>}
            {name}
            {secondsLeft !== null && (
              <span data-testid="turn-countdown" className="okey-countdown">
                {' '}
                {t('countdown', { n: secondsLeft })}
              </span>
            )}
          </span>
        </span>
      </span>
      <SeatButtons seatId={seatId} font={font} empty={playerName === null} {...buttons} />
    </div>
  );
}

type SeatButtonsProps = Omit<SeatLabelProps, 'playerName' | 'userId' | 'atTop' | 'isTurn' | 'secondsLeft'> & {
  empty: boolean;
};

/** The plate's buttons, a memo of their own: the turn moves on every move, the buttons change far less often. */
const SeatButtons = memo(function SeatButtons({
  seatId,
  empty,
  isMine,
  canSit,
  ready,
  font,
  sit,
  stand,
  isBot,
  onBot,
  onArrange,
}: SeatButtonsProps) {
  const { t } = useTranslation('okey');
  const button = {
    size: 'small' as const,
    disabled: !ready,
    sx: { fontSize: font * 0.9, py: 0, minWidth: 0, lineHeight: 1.6 },
  };
  // Sit and the arrange buttons are filled; Stand and the bot's button are outlined in the felt's light ink.
  const filled = { ...button, variant: 'contained' as const, color: 'secondary' as const };
  const outlined = {
    ...button,
    variant: 'outlined' as const,
    color: 'inherit' as const,
    sx: { ...button.sx, color: '#f5f0e1' },
  };
  return (
    <>
      {isMine && (
        <Button {...outlined} onClick={() => stand.act(seatId)} {...stand.approach(seatId)}>
          {t('stand')}
        </Button>
      )}
      {onArrange && (
        <>
          <Button {...filled} onClick={() => onArrange('runs')}>
            {t('arrangeRuns')}
          </Button>
          <Button {...filled} onClick={() => onArrange('pairs')}>
            {t('arrangePairs')}
          </Button>
        </>
      )}
      {(empty || isBot) && onBot && (
        <Button {...outlined} onClick={() => onBot(seatId, !isBot)}>
          {isBot ? t('removeBot') : t('addBot')}
        </Button>
      )}
      {canSit && (
        <Button {...filled} onClick={() => sit.act(seatId)} {...sit.approach(seatId)}>
          {t('sit')}
        </Button>
      )}
    </>
  );
});

export default memo(SeatLabel);
