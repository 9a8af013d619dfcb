import type { Mark as MarkKind } from '../rules/types';

/** The colour each mark is drawn in, also used by the seat labels. */
export const MARK_COLOURS: Record<MarkKind, string> = { X: '#1d4ed8', O: '#c2410c' };

/** An X or an O drawn as SVG strokes, so it stays crisp at any square size. */
export default function Mark({ mark, size = '72%' }: { mark: MarkKind; size?: string }) {
  return (
    <svg viewBox="0 0 100 100" aria-hidden className="ttt-mark" style={{ width: size, height: size }}>
      {mark === 'X' ? (
        <g stroke={MARK_COLOURS.X} strokeWidth={13} strokeLinecap="round">
          <line x1={18} y1={18} x2={82} y2={82} />
          <line x1={82} y1={18} x2={18} y2={82} />
        </g>
      ) : (
        <circle cx={50} cy={50} r={33} fill="none" stroke={MARK_COLOURS.O} strokeWidth={12} />
      )}
    </svg>
  );
}
