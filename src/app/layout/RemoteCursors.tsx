import { useRemoteCursors } from '../room/presenceView';

/** A remote pointer: where it is, whose it is, and the presence colour to draw it in. */
export type RemoteCursor = { clientId: number; x: number; y: number; name: string; color: string };

/** Cursor drawing constants. */
export const CURSOR = { radius: 5, labelOffset: 7, fontSize: 10 } as const;

/** Where the board area starts in the window: right of the sidebar, or under the phone's app bar. */
export type CursorArea = { left: number; top: number };

// Under MUI's app bar (1100), drawers (1200) and dialogs (1300): a pointer never covers the room's own controls.
const CURSOR_Z_INDEX = 1050;

/**
 * Draws the other participants' pointers over the board area: a small circle in their colour, their name beside it.
 * A pointer stays at its window position (spec: x, y in the window) and is clipped to the area, so one that points at
 * its own sidebar is not drawn over this page's. It reads them itself: a pointer moving re-renders these circles, not
 * the room around them.
 */
export default function RemoteCursors({ area }: { area: CursorArea }) {
  const cursors = useRemoteCursors();
  return (
    <svg
      aria-hidden
      data-testid="remote-cursors"
      style={{
        position: 'fixed',
        left: area.left,
        top: area.top,
        width: `calc(100% - ${area.left}px)`,
        height: `calc(100% - ${area.top}px)`,
        overflow: 'hidden',
        pointerEvents: 'none',
        zIndex: CURSOR_Z_INDEX,
      }}
    >
      <g transform={`translate(${-area.left} ${-area.top})`}>
        {cursors.map((c) => (
          <g key={c.clientId} data-testid="remote-cursor" transform={`translate(${c.x} ${c.y})`}>
            <circle r={CURSOR.radius} fill={c.color} stroke="#fff" strokeWidth={1} />
            <text
              x={CURSOR.labelOffset}
              y={CURSOR.fontSize / 2 - 1}
              fontSize={CURSOR.fontSize}
              fill={c.color}
              stroke="#fff"
              strokeWidth={2.5}
              paintOrder="stroke"
            >
              {c.name}
            </text>
          </g>
        ))}
      </g>
    </svg>
  );
}
