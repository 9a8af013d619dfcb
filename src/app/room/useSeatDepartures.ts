import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { GAMES } from '../games';
import { useAppDispatch, useAppSelector, useAppStore, useMe, type Me } from '../hooks';
import type { RootState } from '../store';
import type { GameSeating } from '../../games/shared/seating';
import { injectGame } from './gameRegistry';
import { RoomContext } from './roomContext';

/** How long a seated player may be missing from the room before their seat frees; a reload comes back sooner. */
export const DEPARTURE_GRACE_MS = 8000;

let seatings: Promise<readonly GameSeating[]> | null = null;

/** Every seated game's seating, loaded once per page; each game's log joins the store and the room bridge. */
function loadSeatings(): Promise<readonly GameSeating[]> {
  seatings ??= Promise.all(GAMES.flatMap((entry) => (entry.seating ? [entry.seating()] : []))).then(
    (list) => {
      list.forEach(injectGame);
      return list;
    },
  );
  return seatings;
}

/** The seatings of every game with seats, once this page's room is connected (empty until they load). */
export function useSeatings(online: boolean): readonly GameSeating[] {
  const [games, setGames] = useState<readonly GameSeating[]>([]);
  useEffect(() => {
    if (!online) return;
    let live = true;
    void loadSeatings().then((list) => live && setGames(list));
    return () => {
      live = false;
    };
  }, [online]);
  return games;
}

/** Whether this page is the one chosen for the room's chores: the present page with the smallest client id. */
export function isChosenPage(state: RootState, me: Me | null): boolean {
  const tabs = state.room.participants.map((p) => p.clientId);
  return me !== null && tabs.includes(me.clientId) && me.clientId === Math.min(...tabs);
}

/**
 * What this page must do about seats, as three stable strings: the departed seats it says are gone ('game:clientId',
 * on the chosen page and on the pages of the others seated at that game, whose word is what frees a seat whose tab went
 * silent), the games whose seat it takes back after a reload ('game'), and the games that kept a seat for its user
 * after a departure while this page is still here ('game').
 */
export function seatChores(state: RootState, games: readonly GameSeating[], me: Me | null): string {
  const participants = state.room.participants;
  const presentTabs = new Set(participants.map((p) => p.clientId));
  const presentUsers = new Set(participants.map((p) => p.user.id));
  if (!me || !presentTabs.has(me.clientId)) return '||';
  // One page frees seats, whatever game it shows.
  const chosen = isChosenPage(state, me);
  const departed: string[] = [];
  const rebinds: string[] = [];
  const reclaims: string[] = [];
  for (const seating of games) {
    const { name } = seating.game;
    // Injected games sit beside the room's own slices; RootState types only the latter.
    const gameState = (state as unknown as Record<string, unknown>)[name];
    if (gameState === undefined) continue;
    const held = seating.heldSeats(gameState);
    if (chosen || held.some((seat) => seat.userId === me.by.id)) {
      for (const seat of held)
        if (!presentTabs.has(seat.clientId) && !presentUsers.has(seat.userId))
          departed.push(`${name}:${seat.clientId}`);
    }
    // Only a seat whose tab is gone is taken back: two open tabs of one user must not pull the seat to and fro.
    const mine = held.find((seat) => seat.userId === me.by.id);
    if (seating.rebound && mine && mine.clientId !== me.clientId && !presentTabs.has(mine.clientId))
      rebinds.push(name);
    if (seating.keptSeat?.(gameState, me.by.id) != null) reclaims.push(name);
  }
  return `${departed.join(',')}|${rebinds.join(',')}|${reclaims.join(',')}`;
}

/**
 * Spec "Departure", for the whole room rather than the game on show: every page loads the seating of every game with
 * seats once its room is connected; once a seat's tab and user have both been gone for the grace period, the chosen
 * page and the other players seated there say so, with the evidence they have (docs/fair-play.md, "Departures"): the
 * tab's signed goodbye when it came, and a seated player's own signed word. The rules free the seat on the goodbye, or
 * once most of the others seated have said it; a departure written after the seat is free is refused quietly. A
 * reloaded page takes its user's seats back.
 */
export function useSeatDepartures(): void {
  const dispatch = useAppDispatch();
  const me = useMe();
  const games = useSeatings(me !== null);

  // Read when a grace period ends: the goodbye heard by then, and who this page is then.
  const connection = useContext(RoomContext);
  const now = useRef({ connection, me });
  useEffect(() => {
    now.current = { connection, me };
  }, [connection, me]);
  const chores = useAppSelector(useCallback((state: RootState) => seatChores(state, games, me), [games, me]));
  const [departed, rebinds, reclaims] = chores.split('|');
  const store = useAppStore();

  useEffect(() => {
    if (!me || !rebinds) return;
    for (const name of rebinds.split(',')) {
      const rebound = games.find((seating) => seating.game.name === name)?.rebound;
      if (rebound) dispatch(rebound(me));
    }
  }, [rebinds, me, games, dispatch]);

  useEffect(() => {
    if (!me || !reclaims) return;
    for (const name of reclaims.split(',')) {
      const seating = games.find((s) => s.game.name === name);
      const gameState = (store.getState() as unknown as Record<string, unknown>)[name];
      const seatId = seating?.keptSeat?.(gameState, me.by.id);
      if (seating?.reclaimed && seatId != null) dispatch(seating.reclaimed(me, seatId));
    }
  }, [reclaims, me, games, dispatch, store]);

  // One timer per departed seat, kept while that seat stays departed: another seat freeing must not restart it.
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const due = new Set(departed ? departed.split(',') : []);
    for (const [key, timer] of timers.current) {
      if (due.has(key)) continue;
      clearTimeout(timer);
      timers.current.delete(key);
    }
    for (const key of due) {
      if (timers.current.has(key)) continue;
      const [name, clientId] = key.split(':');
      const seating = games.find((s) => s.game.name === name);
      const timer = setTimeout(() => {
        timers.current.delete(key);
        const { connection, me } = now.current;
        if (!seating || !me) return;
        const tab = Number(clientId);
        const goodbye = connection?.presence.goodbyeOf(tab);
        const gameState = (store.getState() as unknown as Record<string, unknown>)[seating.game.name];
        const seated = seating.heldSeats(gameState).some((seat) => seat.userId === me.by.id);
        dispatch(
          seating.departed({
            clientId: tab,
            ...(goodbye ? { goodbye } : {}),
            ...(seated ? { by: { id: me.by.id, name: me.by.name } } : {}),
          }),
        );
      }, DEPARTURE_GRACE_MS);
      timers.current.set(key, timer);
    }
    // departed names exactly the seats the timers are for; games only grows once, when the seatings load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [departed, dispatch]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      pending.forEach(clearTimeout);
      pending.clear();
    };
  }, []);
}
