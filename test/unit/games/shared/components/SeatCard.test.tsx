import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import BackgammonSeatCard from '../../../../../src/games/backgammon/components/SeatCard';
import GoSeatCard from '../../../../../src/games/go/components/SeatCard';
import SeatCard, { type SeatCardState } from '../../../../../src/games/shared/components/SeatCard';

const PIECE = { size: 20, background: 'black', shadow: 'none' };
const ann = { user: { id: 'u1', name: 'Ann' }, clientId: 1 };
const free: SeatCardState = {
  seat: null,
  isTurn: false,
  isMine: false,
  canSit: true,
  ready: true,
  onSit: () => {},
  onStand: () => {},
};
const mine: SeatCardState = { ...free, seat: ann, isMine: true, canSit: false };
const text = (html: string) => html.replace(/<style[^>]*>.*?<\/style>/g, '').replace(/<[^>]+>/g, '');

describe('SeatCard', () => {
  it('shows a free seat as "Empty seat" with a Sit button named after its colour', () => {
    const html = renderToStaticMarkup(<SeatCard {...free} id="x" colour="Red" piece={PIECE} />);
    expect(html).toContain('data-testid="seat-x"');
    expect(html).toMatch(/data-testid="seat-x-name"[^>]*>Empty seat</);
    expect(html).toContain('aria-label="Sit as Red"');
    expect(text(html)).not.toContain('Stand');
  });

  it("shows the viewer's own seat with (you) and a Stand button, and marks the side to play", () => {
    const html = renderToStaticMarkup(
      <SeatCard {...mine} isTurn id="x" colour="Red" piece={PIECE} standLabel="Stand from Red" />,
    );
    expect(html).toMatch(/data-testid="seat-x-name"[^>]*>Ann \(you\)</);
    expect(html).toContain('aria-current="true"');
    expect(html).toContain('aria-label="Stand from Red"');
    expect(text(html)).not.toContain('Sit');
  });

  it("shows someone else's seat with neither button", () => {
    const html = renderToStaticMarkup(
      <SeatCard {...free} seat={ann} canSit={false} id="x" colour="Red" piece={PIECE} />,
    );
    expect(text(html)).toBe('Ann');
  });

  it('keeps the Backgammon lines: name, then colour, turn, pips and borne-off checkers', () => {
    const html = renderToStaticMarkup(
      <BackgammonSeatCard {...mine} isTurn side="white" pips={167} off={2} />,
    );
    expect(text(html)).toBe('Ann (you)White · to play · Pips 167 · Off 2Stand');
    expect(html).toContain('data-testid="pips-white"');
    expect(html).not.toContain('aria-label="Stand');
  });

  it('keeps the Go lines: colour, turn and acceptance, then name, then captures', () => {
    const html = renderToStaticMarkup(<GoSeatCard {...free} stone="w" captures={3} accepted={false} />);
    expect(text(html)).toBe('White · to acceptEmpty seatCaptures: 3Sit');
    expect(html).toContain('data-testid="captures-w"');
    expect(html).toContain('aria-label="Sit as White"');
  });
});
