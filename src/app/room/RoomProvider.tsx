import { useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../hooks';
import { selectCurrentUser } from '../session/sessionSlice';
import { useToasts } from '../toasts';
import { connectRoom, type RoomConnection } from './connectRoom';
import { presenceChanged, roomJoined, roomLeft, statusChanged, type RoomParticipant } from './roomSlice';
import { isQuietRejection } from './quietRejections';
import { RoomContext } from './roomContext';
import type { PresenceState } from '../../sync/presenceMessage';
import type { RoomPresence } from '../../sync/RoomPresence';

/** What benchmarks, browser tests and a curious developer's console can read: the live room connection. */
export type RoomToolsHandle = { connection: RoomConnection | null };

declare global {
  interface Window {
    __gameRoom?: RoomToolsHandle;
  }
}

const exposeForTools = (connection: RoomConnection | null) => {
  window.__gameRoom = { connection };
};

/** The room connection of the surrounding RoomProvider (null while it connects); throws outside one, as spec section 8 says. */
export function useRoomConnection(): RoomConnection | null {
  const connection = useContext(RoomContext);
  if (connection === undefined)
    throw new Error(
      'Could not retrieve a document. Please place this component inside a <RoomProvider> (the room document context).',
    );
  return connection;
}

const toParticipants = (states: ReadonlyMap<number, PresenceState>): RoomParticipant[] =>
  [...states].map(([clientId, s]) => ({ clientId, user: s.user, color: s.color, x: s.x, y: s.y }));

/** Joins the room for as long as it is mounted: the document, presence and the game bridge, released on unmount. */
export default function RoomProvider({
  roomId,
  password,
  children,
}: {
  roomId: string;
  password: string | null;
  children: ReactNode;
}) {
  const user = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const toasts = useToasts();
  const [connection, setConnection] = useState<RoomConnection | null>(null);

  // A layout effect: joining starts as the room's first frame commits, not after it is painted (under load that was
  // 50 ms and more later), and presence the early network already holds shows in that first frame.
  useLayoutEffect(() => {
    if (!user) return;
    let connected: RoomConnection | null = null;
    let presence: RoomPresence | null = null;
    let stopPresence = () => {};
    let disposed = false;
    // A closing tab says goodbye at once so others drop it from "Connected:" without waiting 30 s, and stores what
    // it received last.
    const sayGoodbye = () => {
      presence?.dispose();
      connected
        ?.flush()
        .catch((error: unknown) => console.error('Could not store the room on leaving', error));
    };
    window.addEventListener('pagehide', sayGoodbye);
    connectRoom({
      roomId,
      user,
      password,
      dispatch,
      onRejected: (reason, action) => {
        if (!isQuietRejection(action.type, reason)) toasts.error(reason);
      },
      // Presence runs before the document is open: "Connected:" lists a peer as soon as its link opens.
      onPresence: (p) => {
        presence = p;
        dispatch(roomJoined({ roomId, clientId: p.clientId }));
        const publish = () => dispatch(presenceChanged(toParticipants(p.getStates())));
        stopPresence = p.subscribe(publish);
        publish();
      },
    })
      .then((c) => {
        if (disposed) return c.dispose();
        connected = c;
        dispatch(statusChanged('online'));
        setConnection(c);
        exposeForTools(c);
      })
      .catch((error: unknown) => {
        console.error('Could not join the room', error);
        dispatch(statusChanged('error'));
      });
    return () => {
      disposed = true;
      window.removeEventListener('pagehide', sayGoodbye);
      stopPresence();
      connected?.dispose();
      exposeForTools(null);
      setConnection(null);
      dispatch(roomLeft());
    };
    // The room is joined once per room, user and password; toasts and dispatch are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [roomId, user?.id, password]);

  return <RoomContext.Provider value={connection}>{children}</RoomContext.Provider>;
}
