import { useEffect } from 'react';
import type { FluidDragActions, SensorAPI } from '@hello-pangea/dnd';
import { noteDropPoint, TARGET_SELECTOR } from './dropPoint';

type Point = { x: number; y: number };
type Direction = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';

const centreOf = (el: Element): Point => {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
};

/**
 * The drop target nearest to `from` in the arrow's direction: distance along the arrow counts once, sideways
 * distance twice, so the arrows walk the rack like a grid and still reach the piles.
 */
export function nextTarget(from: Point, direction: Direction, targets: readonly Point[]): Point | null {
  let best: Point | null = null;
  let bestScore = Infinity;
  for (const t of targets) {
    const dx = t.x - from.x;
    const dy = t.y - from.y;
    const along = { ArrowUp: -dy, ArrowDown: dy, ArrowLeft: -dx, ArrowRight: dx }[direction];
    const across = direction === 'ArrowUp' || direction === 'ArrowDown' ? Math.abs(dx) : Math.abs(dy);
    if (along < 4) continue;
    const score = along + 2 * across;
    if (score < bestScore) [best, bestScore] = [t, score];
  }
  return best;
}

const isArrow = (key: string): key is Direction => key.startsWith('Arrow');

/**
 * Keyboard dragging for the table, through the library's sensor API: space lifts the focused tile, the arrows
 * carry it to the neighbouring slot or pile in any direction, space or enter drops it, escape puts it back. The
 * library's own keyboard sensor only moves between lists lying side by side, which cannot cross a two-row rack.
 */
export function useGridKeyboardSensor(api: SensorAPI): void {
  useEffect(() => {
    let drag: FluidDragActions | null = null;
    let draggableId = '';
    let at: Point = { x: 0, y: 0 };
    const stop = () => {
      drag = null;
    };

    function lift(event: KeyboardEvent) {
      const id = api.findClosestDraggableId(event);
      const handle =
        event.target instanceof Element ? event.target.closest('[data-rfd-drag-handle-draggable-id]') : null;
      if (!id || !handle) return;
      const preDrag = api.tryGetLock(id, stop, { sourceEvent: event });
      if (!preDrag) return;
      event.preventDefault();
      at = centreOf(handle);
      draggableId = id;
      drag = preDrag.fluidLift(at);
    }

    function onKeyDown(event: KeyboardEvent) {
      if (!drag) {
        if (event.key === ' ') lift(event);
        return;
      }
      if (!drag.isActive()) return stop();
      event.preventDefault();
      event.stopPropagation();
      if (event.key === ' ' || event.key === 'Enter') {
        noteDropPoint(draggableId, at);
        drag.drop();
        stop();
      } else if (event.key === 'Escape') {
        drag.cancel();
        stop();
      } else if (isArrow(event.key)) {
        const targets = [...document.querySelectorAll(TARGET_SELECTOR)].map(centreOf);
        const next = nextTarget(at, event.key, targets);
        if (next) drag.move((at = next));
      }
    }

    const cancel = () => {
      if (drag?.isActive()) drag.cancel();
      stop();
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    window.addEventListener('resize', cancel);
    return () => {
      window.removeEventListener('keydown', onKeyDown, { capture: true });
      window.removeEventListener('resize', cancel);
      cancel();
    };
  }, [api]);
}
