import { useEffect, useRef, useState } from 'react';
import { turnNumber } from '../rules/turn';
import type { OkeyState } from '../rules/types';
import { useChosenPage, type Me } from '../../world';

/**
 * The turn timer as this page sees it: the seconds left of the current turn (null with the timer off or no round in
 * play), counted from when this page saw the turn begin. When they run out, the move is made for the player, once:
 * by the player's own page, or, when nobody holds the seat any more (its player stood up), by the page chosen for the
 * room's chores; a seat kept for a departed player waits for them or a bot. The rules refuse any other page's
 * timeout of a held seat's turn.
 */
export function useTurnTimer(
  state: OkeyState,
  me: Me | null,
  viewerSeatId: number | null,
  onTimeout: (seatId: number, turn: number) => void,
): number | null {
  const { gameState, currentPlayer, turnSeconds } = state;
  const turn = turnNumber(state);
  const key =
    turnSeconds > 0 && gameState === 'play' && currentPlayer !== null ? `${currentPlayer}:${turn}` : null;
  const seat = state.players.find((s) => s.id === currentPlayer);
  const chosen = useChosenPage();
  const acts =
    me !== null &&
    ((viewerSeatId !== null && viewerSeatId === currentPlayer) ||
      (seat?.user === null && state.departed?.[String(seat.id)] === undefined && chosen));
  // What the ticking turn reads when it runs out: the latest, without restarting the count.
  const latest = useRef({ acts, onTimeout });
  useEffect(() => {
    latest.current = { acts, onTimeout };
  }, [acts, onTimeout]);
  const [shown, setShown] = useState<{ key: string | null; left: number }>({ key: null, left: 0 });

  useEffect(() => {
    if (key === null || currentPlayer === null) return;
    const startedAt = Date.now();
    let sent = false;
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil(turnSeconds - (Date.now() - startedAt) / 1000));
      // A new value only when the shown second changes: the table renders once a second, not every tick.
      setShown((shown) => (shown.key === key && shown.left === left ? shown : { key, left }));
      if (left > 0 || sent || !latest.current.acts) return;
      sent = true;
      latest.current.onTimeout(currentPlayer, turn);
    }, 250);
    return () => clearInterval(timer);
  }, [key, currentPlayer, turn, turnSeconds]);

  if (key === null) return null;
  return shown.key === key ? shown.left : turnSeconds;
}
