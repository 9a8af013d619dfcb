import { memo, useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import { Droppable } from '@hello-pangea/dnd';
import ConfirmDialog from '../../shared/components/ConfirmDialog';
import { TURN_SECONDS } from '../rules/turn';
import type { GameState, TableTile, Tile } from '../rules/types';
import { setSoundOn, useSoundOn } from './soundSetting';
import DraggableTile from './DraggableTile';
import TileView from './TileView';
import type { TileSize } from './boardSizes';
import { DRAW_PILE, DRAW_PILE_TOP } from './dropTargets';
import { isFaceUp } from './tileFace';
import { HIDDEN, pileLooks, type PileFrameStyle } from './pileFrame';
import type { Reason } from '../../../i18n/reasons';
import { useReasonText, useTranslation } from '../../../i18n/roomTexts';
import type { TFunction } from '../../../i18n/i18n';

/** What the table's own controls do: start, reset or renew the game, show the indicator, set the turn timer. */
export type TableControls = {
  onStart: () => void;
  onReset: () => void;
  onNewGame: () => void;
  /** Shows the indicator's twin, while the viewer may (their first turn, holding it); absent otherwise. */
  onShowIndicator?: () => void;
  onTimerSet: (seconds: number) => void;
};

type CentrePanelProps = TableControls & {
  gameState: GameState;
  drawPileTop: TableTile | null;
  drawPileCount: number;
  indicator: Tile | null;
  message: Reason | null;
  size: TileSize;
  font: number;
  canDrag: boolean;
  /** False until the room has given this tab its client id. */
  ready: boolean;
  /** The match's points, shown under the buttons. */
  scores: ReactNode;
  /** The viewer holds 15 tiles on their turn: the draw pile is where they may declare a finish. */
  canFinish: boolean;
  /** The room's turn timer in seconds (0: off); anyone changes it with onTimerSet. */
  turnSeconds: number;
  /** Start Game was pressed and the round's masked deck is being dealt. */
  dealing: boolean;
  /** The round is over and its deck still being checked: the table cannot move on yet (Reset and New Game wait). */
  checking: boolean;
  /** Who the masked deck waits for now, by name, joined ('' for nobody): said once it has waited a moment. */
  waitingFor: string;
};

/** How long the deck may wait for someone before the table says who: a seal or a shuffle takes a moment. */
const WAIT_SHOWN_AFTER_MS = 1_500;

/** `text` once it has stayed the same for `ms`; '' before, and whenever it is ''. */
function useShownAfter(text: string, ms: number): string {
  const [shown, setShown] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setShown(text), text ? ms : 0);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return text && shown === text ? text : '';
}

/** The two ways to end a round: Reset Game (every seat empties, the points start again) and New Game. */
type Ending = 'reset' | 'newGame';

/** Each ending's button, and what it asks first in the middle of a round (its confirm button says the same). */
const ENDINGS = {
  reset: {
    label: 'resetGame',
    color: 'inherit',
    sx: { color: '#1f2d27' },
    title: 'resetTitle',
    text: 'resetText',
  },
  newGame: {
    label: 'newGame',
    color: 'secondary',
    sx: undefined,
    title: 'newGameTitle',
    text: 'newGameText',
  },
} as const;

/** The middle of the table: the draw pile (also where a finish is declared), the indicator, the message, the buttons. */
function CentrePanel(props: CentrePanelProps) {
  const { gameState, drawPileTop, drawPileCount, indicator, message, size, font, canDrag, ready, canFinish } =
    props;
  // Ending a round in the middle ends it for everyone at the table: ask first.
  const [asked, setAsked] = useState<Asked>({ kind: 'newGame', open: false });
  const { t } = useTranslation('okey');
  const reasonText = useReasonText();
  const radius = useTheme().shape.borderRadius;
  const looks = useMemo(() => pileLooks(size, radius, DRAW_PILE_FRAME), [size, radius]);
  // Plain elements with the table's classes: the centre renders on every move, and sx would be serialised each time.
  const caption = { fontSize: font * 0.85 };
  const waiting = useShownAfter(props.waitingFor, WAIT_SHOWN_AFTER_MS);
  return (
    <div className="okey-centre-panel">
      <div className="okey-centre-piles">
        <div className="okey-centre-pile">
          <DrawPile
            top={drawPileTop}
            count={drawPileCount}
            faceUp={drawPileTop !== null && isFaceUp(drawPileTop, null, gameState)}
            size={size}
            canDrag={canDrag}
            looks={looks}
            t={t}
          />
          <p
            className="okey-text okey-caption"
            data-testid="draw-pile-count"
            aria-label={t('tilesLeft', { n: drawPileCount })}
            style={caption}
          >
            {t('left', { n: drawPileCount })}
          </p>
          {canFinish && (
            <p
              data-testid="finish-hint"
              className="okey-text okey-caption okey-finish-hint"
              style={{ fontSize: font * 0.75 }}
            >
              {t('finishHint')}
            </p>
          )}
        </div>
        <div className="okey-centre-pile okey-centre-indicator">
          <div data-testid="indicator" style={{ width: size.w, height: size.h }}>
            {indicator && <TileView t={t} tile={indicator} faceUp width={size.w} height={size.h} />}
          </div>
          <p className="okey-text okey-caption" style={{ ...caption, marginTop: 6 }}>
            {t('indicator')}
          </p>
        </div>
      </div>
      {message && (
        <p
          role="status"
          data-testid="okey-message"
          className="okey-text okey-message"
          style={{ fontSize: font * 1.15 }}
        >
          {reasonText(message)}
        </p>
      )}
      {waiting && (
        <p role="status" data-testid="deck-waiting" className="okey-text okey-caption" style={caption}>
          {t('waitingFor', { names: waiting })}
        </p>
      )}
      <RoundButtons
        gameState={gameState}
        dealing={props.dealing}
        checking={props.checking}
        ready={ready}
        onStart={props.onStart}
        onReset={props.onReset}
        onNewGame={props.onNewGame}
        onShowIndicator={props.onShowIndicator}
        setAsked={setAsked}
      />
      {props.scores}
      <TableSettings
        font={font}
        ready={ready}
        turnSeconds={props.turnSeconds}
        onTimerSet={props.onTimerSet}
      />
      <EndingDialog asked={asked} setAsked={setAsked} onReset={props.onReset} onNewGame={props.onNewGame} />
    </div>
  );
}

/**
 * The draw pile: a drop target (and where a finish is declared) with its top tile to pick up. A memo of its own: the
 * centre renders on every move (its message), the pile only when its top, its count or the table's size changes.
 */
const DrawPile = memo(function DrawPile({
  top,
  count,
  faceUp,
  size,
  canDrag,
  looks,
  t,
}: {
  top: TableTile | null;
  count: number;
  faceUp: boolean;
  size: TileSize;
  canDrag: boolean;
  looks: ReturnType<typeof pileLooks>;
  t: TFunction<'okey'>;
}) {
  return (
    <Droppable droppableId={DRAW_PILE} isDropDisabled={!canDrag}>
      {(provided, snapshot) => (
        // Plain elements with fixed style objects: the library re-renders every drop target as a drag starts and ends.
        <div
          ref={provided.innerRef}
          {...provided.droppableProps}
          data-testid="draw-pile"
          role="group"
          aria-label={t('drawPile')}
          style={snapshot.isDraggingOver ? looks.over : looks.idle}
        >
          {count > 1 && top && (
            // A second tile offset behind the top one makes the pile look stacked.
            <div aria-hidden style={UNDER}>
              <TileView t={t} tile={top} faceUp={false} width={size.w} height={size.h} />
            </div>
          )}
          {top && (
            <DraggableTile
              t={t}
              draggableId={DRAW_PILE_TOP}
              tile={top}
              faceUp={faceUp}
              width={size.w}
              height={size.h}
              disabled={!canDrag}
              where={t('where.drawPileTop')}
            />
          )}
          <div style={HIDDEN}>{provided.placeholder}</div>
        </div>
      )}
    </Droppable>
  );
});

/** Start Game, or Reset Game and New Game (asking first in the middle of a round), and Show indicator; a memo of its own. */
const RoundButtons = memo(function RoundButtons({
  gameState,
  dealing,
  checking,
  ready,
  onStart,
  onReset,
  onNewGame,
  onShowIndicator,
  setAsked,
}: Pick<TableControls, 'onStart' | 'onReset' | 'onNewGame' | 'onShowIndicator'> & {
  gameState: GameState;
  dealing: boolean;
  checking: boolean;
  ready: boolean;
  setAsked: (asked: Asked) => void;
}) {
  const { t } = useTranslation('okey');
  const end: Record<Ending, () => void> = { reset: onReset, newGame: onNewGame };
  const inRound = gameState === 'play';
  return (
    <div className="okey-centre-buttons">
      {gameState === 'start' ? (
        <Button variant="contained" color="secondary" disabled={!ready || dealing} onClick={onStart}>
          {t(dealing ? 'dealing' : 'startGame')}
        </Button>
      ) : (
        (['reset', 'newGame'] as const).map((kind) => (
          <Button
            key={kind}
            variant="contained"
            color={ENDINGS[kind].color}
            disabled={!ready || checking}
            onClick={() => (inRound ? setAsked({ kind, open: true }) : end[kind]())}
            sx={ENDINGS[kind].sx}
          >
            {t(ENDINGS[kind].label)}
          </Button>
        ))
      )}
      {onShowIndicator && (
        <Button variant="contained" color="secondary" disabled={!ready} onClick={onShowIndicator}>
          {t('showIndicator')}
        </Button>
      )}
    </div>
  );
});

export default memo(CentrePanel);

type Asked = { kind: Ending; open: boolean };

// Its own memo: the centre renders on every move (the pile's count, the message), the settings only when they change.
/** The table's settings under the points: the turn timer (the room's) and the sound switch (this browser's). */
const TableSettings = memo(function TableSettings({
  font,
  ready,
  turnSeconds,
  onTimerSet,
}: {
  font: number;
  ready: boolean;
  turnSeconds: number;
  onTimerSet: (seconds: number) => void;
}) {
  const { t } = useTranslation('okey');
  const sound = useSoundOn();
  return (
    <>
      <label className="okey-text okey-timer-setting" style={{ fontSize: font * 0.85 }}>
        {t('turnTimer')}
        <select
          value={turnSeconds}
          disabled={!ready}
          onChange={(event) => onTimerSet(Number(event.target.value))}
        >
          {TURN_SECONDS.map((seconds) => (
            <option key={seconds} value={seconds}>
              {seconds === 0 ? t('timerOff') : t('timerSeconds', { n: seconds })}
            </option>
          ))}
        </select>
      </label>
      <FormControlLabel
        control={
          <Switch size="small" checked={sound} onChange={(_, on) => setSoundOn(on)} color="secondary" />
        }
        label={t('sound')}
        sx={{ color: '#f5f0e1', '& .MuiFormControlLabel-label': { fontSize: font * 0.85 } }}
      />
    </>
  );
});

/** What ending a round in its middle asks first; its own memo, like the settings. */
const EndingDialog = memo(function EndingDialog({
  asked,
  setAsked,
  onReset,
  onNewGame,
}: {
  asked: Asked;
  setAsked: (asked: Asked) => void;
  onReset: () => void;
  onNewGame: () => void;
}) {
  const { t } = useTranslation('okey');
  return (
    <ConfirmDialog
      open={asked.open}
      title={t(ENDINGS[asked.kind].title)}
      text={t(ENDINGS[asked.kind].text)}
      keepLabel={t('keepPlaying')}
      confirmLabel={t(ENDINGS[asked.kind].label)}
      onClose={() => setAsked({ ...asked, open: false })}
      onConfirm={asked.kind === 'reset' ? onReset : onNewGame}
    />
  );
});

const UNDER: CSSProperties = { position: 'absolute', left: 9, top: 9 };

const DRAW_PILE_FRAME: PileFrameStyle = { inset: 12, line: 'solid', rest: 'rgba(255,255,255,0.25)' };
