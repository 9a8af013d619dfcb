import { createContext } from 'react';
import type { Room } from '../../sync/Room';
import type { OpenedRoom } from '../../sync/document/openRoomDocument';

/** A joined room whose document is open: the room (its mesh and presence) and the document's parts. */
export type RoomConnection = OpenedRoom & Pick<Room, 'mesh' | 'presence' | 'peerId'>;

/**
 * The live room connection below a RoomProvider: undefined with no provider above, null while it connects.
 * Its own module so the typed hooks can read it without pulling the room's code (Automerge) into every page.
 */
export const RoomContext = createContext<RoomConnection | null | undefined>(undefined);

/** Where a pointer position (null: none) goes: this tab's presence, from the room's first frame (it needs no document). */
export type SharePointer = (position: { x: number; y: number } | null) => void;

/** Shares this tab's pointer with the room below a RoomProvider; elsewhere it goes nowhere. */
export const RoomPointerContext = createContext<SharePointer>(() => {});
