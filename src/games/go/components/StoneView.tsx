import type { Stone } from '../rules/types';

type StoneViewProps = {
  stone: Stone;
  x: number;
  y: number;
  /** Marked dead while scoring: drawn faded with a cross. */
  dead?: boolean;
  /** The hover preview of where the viewer would play. */
  ghost?: boolean;
};

/** One stone with its soft shadow and shaded gradient. */
export default function StoneView({ stone, x, y, dead = false, ghost = false }: StoneViewProps) {
  const opacity = ghost ? 0.45 : dead ? 0.5 : 1;
  return (
    <g opacity={opacity} pointerEvents="none">
      {!ghost && <circle cx={x + 0.05} cy={y + 0.07} r={0.47} fill="#000" opacity={0.28} />}
      <circle
        cx={x}
        cy={y}
        r={0.47}
        fill={`url(#go-${stone === 'b' ? 'black' : 'white'})`}
        stroke={stone === 'b' ? '#000' : '#9e9a8f'}
        strokeWidth={0.02}
      />
      {dead && (
        <g stroke={stone === 'b' ? '#fff' : '#222'} strokeWidth={0.08} strokeLinecap="round">
          <line x1={x - 0.2} y1={y - 0.2} x2={x + 0.2} y2={y + 0.2} />
          <line x1={x + 0.2} y1={y - 0.2} x2={x - 0.2} y2={y + 0.2} />
        </g>
      )}
    </g>
  );
}
