/**
 * The world the app hands every board, as boardgame.io hands a board its G, moves and playerID: who acts from this
 * tab, who else is in the room, the room's fleeting channel, and the store the game's state lives in. Boards read
 * all of it from here and never import the app, which provides it (src/app/room/GameWorldProvider.tsx).
 */
import { createContext, useCallback, useContext, useMemo } from 'react';
import type { Dispatch, Store, UnknownAction } from '@reduxjs/toolkit';
// eslint-disable-next-line no-restricted-imports -- this file is where the games' hooks onto the app's store are made
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { RoomEphemeral } from '../sync/presence/RoomEphemeral';
import { signAhead } from '../sync/log/syncMiddleware';
import type { Actor } from './shared/kinds';

/** Who acts from this tab, as game actions carry it: the app user and this tab's presence client id. */
export type Me = Actor;

/** Someone present in the room, as a board shows them. */
export type Person = { clientId: number; name: string; color: string };

/** The world a board acts in; `me` is null until the room's document is open (acting would reach nobody). */
export type GameWorld = {
  me: Me | null;
  /** The logged-in user's id, known before the room is connected. */
  userId: string | null;
  /** Fleeting messages to everyone present, never stored; null while the room connects. */
  ephemeral: RoomEphemeral | null;
  /** Whether this page is the one chosen for the room's chores (acting for players who are gone). */
  chosen: boolean;
};

/** The board's world; the app provides it around every game. */
export const GameWorldContext = createContext<GameWorld>({
  me: null,
  userId: null,
  ephemeral: null,
  chosen: false,
});

/** Everyone present in the room, this tab included; a list of its own so pointer moves elsewhere change nothing here. */
export const PeopleContext = createContext<readonly Person[]>([]);

/** A quick reaction showing now by a seat: its id (new for each reaction) and its text in the viewer's language. */
export type SeatReaction = { id: string; text: string };

/** The quick reactions showing now, by the user id of who sent them; the app's chat provides them. */
export const SeatReactionsContext = createContext<ReadonlyMap<string, SeatReaction>>(new Map());

/** The quick reaction a seated user sent just now, or null. */
export const useSeatReaction = (userId: string | null | undefined): SeatReaction | null => {
  const reactions = useContext(SeatReactionsContext);
  return (userId && reactions.get(userId)) || null;
};

/** The acting person of this tab, or null until the room is connected. */
export const useMe = (): Me | null => useContext(GameWorldContext).me;

/** The logged-in user's id, or null. */
export const useUserId = (): string | null => useContext(GameWorldContext).userId;

/** The room's fleeting channel while connected, else null; a reconnect gives a new one, so depend on the value. */
export const useRoomEphemeral = (): RoomEphemeral | null => useContext(GameWorldContext).ephemeral;

/** Whether this page acts for the room when a player is gone (one present page does, whatever game it shows). */
export const useChosenPage = (): boolean => useContext(GameWorldContext).chosen;

/** Everyone present in the room. */
export const usePeople = (): readonly Person[] => useContext(PeopleContext);

/** Dispatches a game's actions into the room. */
export const useGameDispatch = useDispatch.withTypes<Dispatch<UnknownAction>>();

/** Reads from the app's store; a game's selectors find its own state in the root (stateOf). */
export const useGameSelector = useSelector.withTypes<unknown>();

/** The app's store, for reading the state once at an event rather than subscribing to it. */
export const useGameStore = useStore.withTypes<Store<unknown>>();

/** Reads a game's state from the app's root state: the app adds it under the game's name once the game loads. */
export const stateOf =
  <S,>(name: string, fresh: S) =>
  (root: unknown): S =>
    (root as Record<string, S | undefined>)[name] ?? fresh;

/** Who acts from this tab (null until the room is connected) and how: `act(make)` dispatches the action made for them. */
export type Acting = { me: Me | null; act: (make: (me: Me) => UnknownAction) => void };

/** The acting person and `act`, which does nothing until the room is connected; `act` changes only with them. */
export function useActing(): Acting {
  const dispatch = useGameDispatch();
  const me = useMe();
  const act = useCallback(
    (make: (me: Me) => UnknownAction) => {
      if (me) dispatch(make(me));
    },
    [me, dispatch],
  );
  return { me, act };
}

/** An act the player reaches for before they make it: a Sit button under the pointer, a square pressed. */
export type ReadiedAct<K> = {
  /** Dispatches the action readied for key, or one made now. */
  act: (key: K) => void;
  /**
   * The approach events of a control that acts for key (the pointer on it, pressed on it, or focus on it): each makes
   * the action for key, once until it is used, and has it signed ahead.
   */
  approach: (key: K) => Approach;
};

/** The events of a control the player reaches for, as a readied act handles them. */
export type Approach = { onPointerEnter: () => void; onPointerDown: () => void; onFocus: () => void };

/**
 * Acts that are made and signed while the player reaches for them, so the click sends them at once instead of
 * waiting for WebCrypto (a seated player's actions are signed, docs/fair-play.md). The action made early is the one
 * sent, so what it draws as it is made (a Sit's commitment) is drawn once. `make` must keep its identity (a module
 * function or a callback): a new one, or a new acting person, forgets what was readied.
 */
export function useReadiedAct<K>(make: (me: Me, key: K) => UnknownAction): ReadiedAct<K> {
  const dispatch = useGameDispatch();
  const me = useMe();
  return useMemo(() => readiedActs(me, make, dispatch), [me, make, dispatch]);
}

/** useReadiedAct's acts for one acting person (none while `me` is null). */
export function readiedActs<K>(
  me: Me | null,
  make: (me: Me, key: K) => UnknownAction,
  dispatch: (action: UnknownAction) => unknown,
): ReadiedAct<K> {
  // At most one action per key: a page has a few controls, and each keeps its action until it is used.
  const readied = new Map<K, UnknownAction>();
  const ready = (key: K) => {
    if (!me) return;
    const action = readied.get(key) ?? make(me, key);
    readied.set(key, action);
    // Asked again at each approach: the bridge signs each text once, and again only once the seat's number moved on.
    dispatch(signAhead(action));
  };
  return {
    act: (key) => {
      if (!me) return;
      const action = readied.get(key) ?? make(me, key);
      readied.delete(key);
      dispatch(action);
    },
    approach: (key) => {
      const onApproach = () => ready(key);
      return { onPointerEnter: onApproach, onPointerDown: onApproach, onFocus: onApproach };
    },
  };
}
