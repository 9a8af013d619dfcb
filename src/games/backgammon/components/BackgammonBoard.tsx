import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import BoardSvg, { type FocusRing } from '../../shared/components/BoardSvg';
import { ownNumber } from '../rules/board';
import type { Cube, From, Position, Side, To } from '../rules/types';
import { BoardFrame } from './BoardFrame';
import CheckerView from './CheckerView';
import Checkers from './Checkers';
import CubeView from './CubeView';
import {
  BAR_W,
  BAR_X,
  FIELD_BOTTOM,
  FIELD_TOP,
  HEIGHT,
  MID_Y,
  ownSlot,
  TRAY_W,
  TRAY_X,
  WIDTH,
} from './geometry';
import { LandingRing, TargetGlow } from './Targets';
import { useCheckerDrag } from './useCheckerDrag';
import { useTranslation } from '../../../i18n/roomTexts';

type BackgammonBoardProps = {
  board: Position;
  /** Whose side the viewer sees the board from: that side's home board is bottom right. */
  view: Side;
  cube: Cube;
  /** Places holding a checker the viewer may move now. */
  pickable: readonly From[];
  selected: From | null;
  /** Where the selected checker may go. */
  targets: readonly To[];
  /** The dice drawn on the board (the turn's or the opening roll's). */
  dice: ReactNode;
  /** A click (or Enter) on a place: a point, the bar or the viewer's bear-off tray. */
  onPlace: (place: From | To) => void;
  /** A dragged checker let go over a place (null: over no place). */
  onDrop: (from: From, place: From | To | null) => void;
  /** A drag began: the board shows the checker's targets while it moves. */
  onPick: (from: From) => void;
};

const OWN_POINTS = Array.from({ length: 24 }, (_, i) => i + 1);
const HALF = MID_Y - FIELD_TOP;
const FOCUS_RING: FocusRing = { on: 'data-place', stroke: '#ffd54a', width: 0.06 };

/** The SVG board: every point, the bar and the bear-off tray are buttons ("Point 13", "Bar", "Bear off"); a
 * movable checker can also be dragged to a highlighted target. */
export default function BackgammonBoard(props: BackgammonBoardProps) {
  const { board, view, cube, pickable, selected, targets, dice, onPlace, onDrop, onPick } = props;
  const svg = useRef<SVGSVGElement>(null);
  const { drag, press, handlers, clickWasDrag } = useCheckerDrag(svg, view, onDrop, onPick);
  const { t } = useTranslation('backgammon');

  const hit = (place: From | To, label: string, rect: { x: number; y: number; w: number; h: number }) => {
    const canPick = place !== 'off' && pickable.includes(place);
    const isTarget = place !== 'bar' && targets.includes(place);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      onPlace(place);
    };
    return (
      <rect
        key={String(place)}
        data-place={place}
        x={rect.x}
        y={rect.y}
        width={rect.w}
        height={rect.h}
        fill="transparent"
        role="button"
        aria-label={label}
        aria-pressed={place === selected || undefined}
        tabIndex={canPick || isTarget ? 0 : -1}
        style={{
          cursor: canPick ? 'grab' : isTarget ? 'pointer' : 'default',
          touchAction: canPick ? 'none' : 'auto',
        }}
        onPointerDown={(event) => {
          if (!canPick) return;
          press(place, event);
        }}
        onClick={() => {
          if (!clickWasDrag()) onPlace(place);
        }}
        onKeyDown={onKeyDown}
      />
    );
  };

  const lifted = drag?.from ?? null;

  return (
    <BoardSvg
      ref={svg}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      label={t('board', { side: t(`sides.${view}`) })}
      shadow="0 14px 36px rgba(40, 20, 5, 0.35)"
      focusRing={FOCUS_RING}
      sx={{ userSelect: 'none' }}
      {...handlers}
    >
      <BoardFrame />
      <CubeView cube={cube} view={view} />
      {targets.map((to) => (
        <TargetGlow key={String(to)} to={to} view={view} />
      ))}
      <Checkers board={board} view={view} lifted={lifted} pickable={pickable} selected={selected} />
      {targets.map((to) => (
        <LandingRing key={String(to)} to={to} view={view} board={board} />
      ))}
      {dice}
      {OWN_POINTS.map((own) => {
        const { x, top } = ownSlot(own);
        const rect = { x: x - 0.5, y: top ? FIELD_TOP : MID_Y, w: 1, h: HALF };
        return hit(ownNumber(view, own), t('point', { n: own }), rect);
      })}
      {hit('bar', t('bar'), { x: BAR_X, y: FIELD_TOP, w: BAR_W, h: FIELD_BOTTOM - FIELD_TOP })}
      {hit('off', t('bearOff'), {
        x: TRAY_X - 0.1,
        y: FIELD_TOP,
        w: TRAY_W + 0.2,
        h: FIELD_BOTTOM - FIELD_TOP,
      })}
      {drag && <CheckerView side={view} cx={drag.x} cy={drag.y} floating />}
    </BoardSvg>
  );
}
