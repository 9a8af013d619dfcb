/**
 * An SVG gradient as data: its id, its direction (linear) or its centre and reach (radial), and its colour at each
 * offset, in order (`{ '0%': '#fff', '100%': '#ccc' }`).
 */
export type Gradient = { id: string; stops: Readonly<Record<string, string>> } & (
  | { linear: { x1: string; y1: string; x2: string; y2: string } }
  | { radial: { cx: string; cy: string; r: string } }
);

/** From the top left corner to the bottom right one. */
export const DIAGONAL = { x1: '0', y1: '0', x2: '1', y2: '1' } as const;

/** The gradients a picture draws with, as one <defs>; rendered once per board, each fill refers to `url(#id)`. */
export default function GradientDefs({ gradients }: { gradients: readonly Gradient[] }) {
  return (
    <defs>
      {gradients.map((gradient) => {
        const stops = Object.entries(gradient.stops).map(([offset, color]) => (
          <stop key={offset} offset={offset} stopColor={color} />
        ));
        return 'linear' in gradient ? (
          <linearGradient key={gradient.id} id={gradient.id} {...gradient.linear}>
            {stops}
          </linearGradient>
        ) : (
          <radialGradient key={gradient.id} id={gradient.id} {...gradient.radial}>
            {stops}
          </radialGradient>
        );
      })}
    </defs>
  );
}
