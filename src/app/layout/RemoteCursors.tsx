import { useRemoteCursors } from '../room/presenceView';

/** A remote pointer: where it is, whose it is, and the presence colour to draw it in. */
export type RemoteCursor = { clientId: number; x: number; y: number; name: string; color: string };

/** Cursor drawing constants (spec section 9). */
export const CURSOR = { radius: 5, labelOffset: 7, fontSize: 10 } as const;

/**
 * Draws the other participants' pointers over the page: a small circle in their colour, their name beside it. It reads
 * them itself: a pointer moving re-renders these circles, not the room around them.
 */
export default function RemoteCursors() {
  const cursors = useRemoteCursors();
  return (
    <svg
      aria-hidden
      data-testid="remote-cursors"
      style={{
        position: 'fixed',
        inset: 0,
        width: '100%',
        height: '100%',
        pointerEvents: 'none',
        zIndex: 1500,
      }}
    >
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
    </svg>
  );
}
