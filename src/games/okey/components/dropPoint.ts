import { useCallback, useEffect, useRef } from 'react';
import type { DragStart, DropResult } from '@hello-pangea/dnd';
import type { Drop } from './dropTargets';

type Point = { x: number; y: number };

/** The drop targets on the page: every droppable slot and pile. */
export const TARGET_SELECTOR = '[data-rfd-droppable-id]';

const centreOf = (el: Element): Point => {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
};

/** The target resolved when the tile was let go (target null: it fell between); null when nothing was noted. */
let noted: { target: string | null } | null = null;

/**
 * Remembers which target the dragged tile's centre is over as it is let go; call it just before the drop. The
 * keyboard passes the point it moved the tile to, which holds even before the library has painted the move. The
 * target is resolved now, while the page's layout is still clean: once the library starts its drop it rewrites its
 * style sheet, and reading positions in onDragEnd would force a restyle of the whole page before the move is sent.
 */
export function noteDropPoint(draggableId: string, at?: Point): void {
  if (at) {
    noted = { target: targetAt(at) };
    return;
  }
  const el = document.querySelector(`[data-rfd-draggable-id="${CSS.escape(draggableId)}"]`);
  noted = el ? { target: targetAt(centreOf(el)) } : null;
}

/** The droppable id under the point, or the nearest one within half its size; null when the tile fell between. */
function targetAt(point: Point): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const el of document.querySelectorAll(TARGET_SELECTOR)) {
    const r = el.getBoundingClientRect();
    const dx = Math.max(r.left - point.x, 0, point.x - r.right);
    const dy = Math.max(r.top - point.y, 0, point.y - r.bottom);
    const distance = Math.hypot(dx, dy);
    if (distance <= Math.min(r.width, r.height) / 2 && distance < bestDistance) {
      best = el.getAttribute('data-rfd-droppable-id');
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Which slot a tile was really dropped on. The library's list model grows a one-tile slot it has passed over by a
 * tile's height, so a diagonal drag can land on the slot above the one under the tile; the board reads the
 * tile's own position at the moment it is let go instead (mouse and touch here, the keyboard in its sensor).
 * Each finished drag goes to drop once (true: it made a move): a mouse or touch drag as it is let go, a keyboard
 * drag (and one whose release made no move) when the library ends it.
 */
export function useDropTarget(drop: (drop: Drop) => boolean) {
  const dragging = useRef<{ draggableId: string; from: string } | null>(null);
  // The drag whose move went at its release (mouse and touch), so its end does not make it again.
  const released = useRef<string | null>(null);
  const dropRef = useRef(drop);
  useEffect(() => {
    dropRef.current = drop;
  }, [drop]);
  useEffect(() => {
    // The move goes as the tile is let go: the library first animates and completes its drop, re-rendering every
    // slot twice, and only then ends the drag (about 1 ms here, on the way from the release to the move being sent).
    const release = () => {
      const drag = dragging.current;
      if (!drag) return;
      noteDropPoint(drag.draggableId);
      if (noted && dropRef.current({ ...drag, to: noted.target })) released.current = drag.draggableId;
    };
    // Capture on window runs before the library's own release handlers, while the tile is still under the pointer.
    window.addEventListener('mouseup', release, true);
    window.addEventListener('touchend', release, true);
    return () => {
      window.removeEventListener('mouseup', release, true);
      window.removeEventListener('touchend', release, true);
    };
  }, []);
  // onBeforeDragStart, not onDragStart: the library calls onDragStart from a timer, which on a busy page can run
  // after the drop has been noted (fast key presses) and would wipe it.
  const onBeforeDragStart = useCallback((start: DragStart) => {
    dragging.current = { draggableId: start.draggableId, from: start.source.droppableId };
    released.current = null;
    noted = null;
  }, []);
  const onDragEnd = useCallback((result: DropResult) => {
    dragging.current = null;
    const at = noted;
    noted = null;
    if (released.current === result.draggableId) return;
    const to = result.reason === 'CANCEL' ? null : at ? at.target : (result.destination?.droppableId ?? null);
    dropRef.current({ draggableId: result.draggableId, from: result.source.droppableId, to });
  }, []);
  return { onBeforeDragStart, onDragEnd };
}
