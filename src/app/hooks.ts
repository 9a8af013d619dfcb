// eslint-disable-next-line no-restricted-imports -- this file is where the typed hooks are made
import { useDispatch, useSelector, useStore } from 'react-redux';
import { useContext } from 'react';
import { createSelector } from '@reduxjs/toolkit';
import type { AppDispatch, AppStore, RootState } from './store';
import type { RoomEphemeral } from '../sync/presence/RoomEphemeral';
import type { Me } from '../games/world';
import { RoomContext } from './room/roomContext';

/** useDispatch typed for this app. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
/** useSelector typed for this app. */
export const useAppSelector = useSelector.withTypes<RootState>();
/** useStore typed for this app. */
export const useAppStore = useStore.withTypes<AppStore>();

export type { Me } from '../games/world';

const selectMe = createSelector(
  [
    (s: RootState) => s.session.currentUser,
    (s: RootState) => s.room.clientId,
    (s: RootState) => s.room.status === 'online',
  ],
  // Presence gives the client id before the room's document is open; acting waits for the document, or the action
  // would apply to this page alone.
  (user, clientId, online): Me | null =>
    user && clientId !== null && online ? { by: { id: user.id, name: user.name }, clientId } : null,
);

/** The acting person of this tab, or null until the room is connected (its document open). */
export const useMe = (): Me | null => useAppSelector(selectMe);

/**
 * The room's ephemeral channel (fleeting messages to everyone present, never stored) while this tab's room is connected;
 * null while it connects, after it left, and outside a room. A reconnect gives a new channel, so depend on the value.
 */
export const useRoomEphemeral = (): RoomEphemeral | null => useContext(RoomContext)?.ephemeral ?? null;
