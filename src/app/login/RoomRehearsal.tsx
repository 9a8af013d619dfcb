import { useCallback, useEffect, useMemo, useState, type ComponentType } from 'react';
import { createPortal } from 'react-dom';
import { gameAt } from '../games';
import { injectGame } from '../room/gameRegistry';
import GameWorldProvider from '../room/GameWorldProvider';
import RoomProvider from '../room/RoomProvider';
import { whenIdle } from '../../sync/idle';
import type { RequestedLocation } from './target';

type Parts = { Layout: ComponentType; Board: ComponentType | null };

/**
 * The room a room link's login leads to, rendered once while the name is typed, into an element outside the document,
 * then dropped. Nobody is logged in yet, so nothing joins or shows; but the room's first render after Go then runs
 * code V8 has compiled, with the styles emotion has already made, and so holds the page's WebRTC handshake back for
 * less of its time (docs/architecture.md, "One room").
 */
export default function RoomRehearsal({ at }: { at: RequestedLocation }) {
  const [parts, setParts] = useState<Parts | null>(null);
  // Never attached: no layout, no paint, nothing for assistive technology or the page's tests to find.
  const offPage = useMemo(() => document.createElement('div'), []);
  // Rendered and committed once, it is dropped at once, while the name is still typed, not as Go leaves the login page.
  const drop = useCallback(() => setParts(null), []);
  useEffect(() => {
    let live = true;
    const entry = gameAt(at.pathname);
    void whenIdle(1000)
      .then(() =>
        Promise.all([
          import('../layout/RoomLayout'),
          entry && entry.renderAhead !== false ? entry.load() : null,
        ]),
      )
      .then(([layout, game]) => {
        if (!live) return;
        if (game) injectGame(game.rules);
        setParts({ Layout: layout.default, Board: game?.Board ?? null });
      })
      // A rehearsal only: should the code not load, the route loads it again after Go and shows what went wrong.
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [at.pathname]);
  if (!parts) return null;
  const { Layout, Board } = parts;
  return createPortal(
    <>
      <Layout />
      {Board && (
        <RoomProvider roomId="" password={null}>
          <GameWorldProvider>
            <Board />
          </GameWorldProvider>
        </RoomProvider>
      )}
      <Committed onCommit={drop} />
    </>,
    offPage,
  );
}

/** Tells its parent once the tree it closes has committed. */
function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}
