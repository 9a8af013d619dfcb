import { memo } from 'react';
import ButtonBase from '@mui/material/ButtonBase';
import type { ReadiedAct } from '../../world';
import type { Board } from '../rules/types';
import Mark from './Mark';
import { useTranslation } from '../../../i18n/roomTexts';

type GridProps = {
  board: Board;
  /** The three squares of the winning line, or null. */
  line: readonly number[] | null;
  /** False until the room has given this tab its client id. */
  ready: boolean;
  /** Claims a square by its index. */
  claim: ReadiedAct<number>;
};

/** The 3x3 board: nine big square buttons named "Square 1".."Square 9", the winning line highlighted. */
export default function Grid({ board, line, ready, claim }: GridProps) {
  const { t } = useTranslation('tictactoe');
  return (
    <div role="group" aria-label={t('board')} className="ttt-grid">
      {board.map((square, i) => (
        <Square
          key={i}
          index={i}
          mark={square}
          winning={line?.includes(i) ?? false}
          ready={ready}
          claim={claim}
        />
      ))}
    </div>
  );
}

type SquareProps = {
  index: number;
  mark: Board[number];
  winning: boolean;
  ready: boolean;
  claim: ReadiedAct<number>;
};

// Memoised: a move re-renders the one square it filled, not all nine.
const Square = memo(function Square({ index, mark, winning, ready, claim }: SquareProps) {
  const { t } = useTranslation('tictactoe');
  return (
    <ButtonBase
      aria-label={t('square', { n: index + 1 })}
      data-winning={winning || undefined}
      data-mark={mark ?? ''}
      disabled={!ready}
      onClick={() => claim.act(index)}
      // An empty square is readied as the pointer reaches it; a filled one has nothing to claim.
      {...(mark === null ? claim.approach(index) : {})}
      focusRipple
      className="ttt-square"
    >
      {mark && <Mark mark={mark} />}
    </ButtonBase>
  );
});
