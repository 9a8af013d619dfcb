import { useRef, useState, type PointerEvent, type RefObject } from 'react';
import type { From, Side, To } from '../rules/types';
import { placeAt } from './geometry';

/** A checker being dragged: where it came from and where the pointer is, in board units. */
export type Drag = { from: From; x: number; y: number };

type Pending = Drag & { x0: number; y0: number; moved: boolean };

// A press becomes a drag only past this distance (board units), so a plain click stays a click.
const THRESHOLD = 0.25;

/**
 * Dragging a checker with mouse, pen or finger: a press on a movable checker, a move past a small threshold, and a
 * release over a place. The press alone is a click, handled by the board; a finished drag swallows the click that
 * the browser may fire after it.
 */
export function useCheckerDrag(
  svg: RefObject<SVGSVGElement | null>,
  view: Side,
  onDrop: (from: From, place: From | To | null) => void,
  onPick: (from: From) => void,
) {
  const [pending, setPending] = useState<Pending | null>(null);
  const swallowClick = useRef(false);

  const toBoard = (event: PointerEvent) => {
    const matrix = svg.current?.getScreenCTM();
    if (!matrix) return null;
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return { x: p.x, y: p.y };
  };

  /** Starts a possible drag of the checker at `from` (call from a press on a movable checker). */
  const press = (from: From, event: PointerEvent) => {
    const p = event.button === 0 ? toBoard(event) : null;
    if (p) setPending({ from, x0: p.x, y0: p.y, ...p, moved: false });
  };

  const handlers = {
    onPointerDownCapture: () => {
      swallowClick.current = false;
    },
    onPointerMove: (event: PointerEvent) => {
      if (!pending) return;
      const p = toBoard(event);
      if (!p) return;
      const moved = pending.moved || Math.hypot(p.x - pending.x0, p.y - pending.y0) > THRESHOLD;
      if (moved && !pending.moved) onPick(pending.from);
      setPending({ ...pending, ...p, moved });
    },
    onPointerUp: (event: PointerEvent) => {
      if (!pending) return;
      setPending(null);
      if (!pending.moved) return;
      swallowClick.current = true;
      const p = toBoard(event);
      onDrop(pending.from, p ? placeAt(view, p.x, p.y) : null);
    },
    onPointerLeave: () => setPending(null),
    onPointerCancel: () => setPending(null),
  };

  /** True once for the click that ends a drag: the board ignores it. */
  const clickWasDrag = () => {
    const was = swallowClick.current;
    swallowClick.current = false;
    return was;
  };

  const drag: Drag | null = pending?.moved ? { from: pending.from, x: pending.x, y: pending.y } : null;
  return { drag, press, handlers, clickWasDrag };
}
