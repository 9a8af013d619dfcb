import { useRef, useState, type KeyboardEvent } from 'react';
import BoardSvg, { type FocusRing } from '../../shared/components/BoardSvg';
import type { Stone } from '../rules/types';
import { BoardGrid, MARGIN, StoneDefs } from './BoardGrid';
import { pointLabel, stepPoint } from './coordinates';
import StoneView from './StoneView';
import { useTranslation } from '../../../i18n/roomTexts';

type GoBoardProps = {
  size: number;
  /** size*size characters: '.', 'b' or 'w'. */
  board: string;
  dead: readonly number[];
  /** The point of the last stone played, marked with a ring; null after a pass or before the first move. */
  last: number | null;
  /** The stone the viewer would place (their turn), shown as a shadow under the pointer; null otherwise. */
  hoverStone: Stone | null;
  /** False once the game is decided or before the room gave this tab its id. */
  interactive: boolean;
  onPoint: (point: number) => void;
};

const FOCUS_RING: FocusRing = { on: 'data-point', stroke: '#1d4ed8', width: 0.08 };

/** The SVG goban: every point is a button named by its coordinate ("D4"), arrow keys move between points. */
export default function GoBoard({ size, board, dead, last, hoverStone, interactive, onPoint }: GoBoardProps) {
  const [hover, setHover] = useState<number | null>(null);
  const [focus, setFocus] = useState(() => Math.floor((size * size) / 2));
  const svg = useRef<SVGSVGElement>(null);
  const { t } = useTranslation('go');
  const extent = size - 1 + 2 * MARGIN;
  const focusPoint = focus < size * size ? focus : 0;
  const xy = (p: number) => ({ x: p % size, y: Math.floor(p / size) });

  const onKeyDown = (event: KeyboardEvent<SVGRectElement>, point: number) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (interactive) onPoint(point);
      return;
    }
    const next = stepPoint(point, size, event.key);
    if (next === point) return;
    event.preventDefault();
    setFocus(next);
    setHover(next);
    svg.current?.querySelector<SVGRectElement>(`[data-point="${next}"]`)?.focus();
  };

  const showGhost = hover !== null && hoverStone !== null && board[hover] === '.' && interactive;
  return (
    <BoardSvg
      ref={svg}
      viewBox={`${-MARGIN} ${-MARGIN} ${extent} ${extent}`}
      label={t('board', { size })}
      shadow="0 14px 36px rgba(60, 35, 5, 0.35), inset 0 0 0 1px rgba(0,0,0,0.2)"
      focusRing={FOCUS_RING}
      sx={{ touchAction: 'manipulation' }}
      onPointerLeave={() => setHover(null)}
    >
      <StoneDefs />
      <BoardGrid size={size} />
      {[...board].map((cell, p) =>
        cell === 'b' || cell === 'w' ? (
          <StoneView key={p} stone={cell} {...xy(p)} dead={dead.includes(p)} />
        ) : null,
      )}
      {last !== null && board[last] !== '.' && (
        <circle
          {...{ cx: xy(last).x, cy: xy(last).y }}
          r={0.2}
          fill="none"
          stroke={board[last] === 'b' ? '#f5f5f5' : '#1a1a1a'}
          strokeWidth={0.07}
          pointerEvents="none"
          data-testid="last-move"
        />
      )}
      {showGhost && <StoneView stone={hoverStone} {...xy(hover)} ghost />}
      {Array.from({ length: size * size }, (_, p) => (
        <rect
          key={p}
          data-point={p}
          x={xy(p).x - 0.5}
          y={xy(p).y - 0.5}
          width={1}
          height={1}
          fill="transparent"
          role="button"
          aria-label={pointLabel(p, size)}
          aria-disabled={!interactive || undefined}
          tabIndex={p === focusPoint ? 0 : -1}
          style={{ cursor: interactive ? 'pointer' : 'default' }}
          onPointerEnter={() => setHover(p)}
          onFocus={() => setFocus(p)}
          onKeyDown={(e) => onKeyDown(e, p)}
          onClick={() => interactive && onPoint(p)}
        />
      ))}
    </BoardSvg>
  );
}
