import type { ReactNode, Ref, SVGProps } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/** Where a board's buttons are (the attribute each carries) and the ring a focused one draws, in board units. */
export type FocusRing = { on: `data-${string}`; stroke: string; width: number };

type BoardSvgProps = Omit<SVGProps<SVGSVGElement>, 'ref'> & {
  ref?: Ref<SVGSVGElement>;
  /** The board's accessible name. */
  label: string;
  /** The board's shadow on the page. */
  shadow: string;
  focusRing: FocusRing;
  /** The game's own additions to the board's style. */
  sx?: SxProps<Theme>;
  children: ReactNode;
};

/** A game board drawn as one SVG filling its column's width: a group of buttons that draw their own focus ring. */
export default function BoardSvg({ label, shadow, focusRing, sx = [], children, ...svg }: BoardSvgProps) {
  const buttons = `& [${focusRing.on}]`;
  return (
    <Box
      component="svg"
      {...svg}
      role="group"
      aria-label={label}
      sx={[
        {
          display: 'block',
          width: '100%',
          height: 'auto',
          borderRadius: 1.5,
          boxShadow: shadow,
          // The browser's own focus ring would be drawn in board units, i.e. scaled up by the cell size.
          [`${buttons}:focus`]: { outline: 'none' },
          [`${buttons}:focus-visible`]: { stroke: focusRing.stroke, strokeWidth: focusRing.width },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
