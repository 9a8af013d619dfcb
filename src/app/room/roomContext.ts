import { createContext } from 'react';
import type { RoomConnection } from './connectRoom';

/**
 * The live room connection below a RoomProvider: undefined with no provider above, null while it connects.
 * Its own module so the typed hooks can read it without pulling the room's code (Automerge) into every page.
 */
export const RoomContext = createContext<RoomConnection | null | undefined>(undefined);
