import { useCallback, useContext, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ownActionRejected } from './ownRejections';
import { useAppDispatch, useAppSelector } from '../hooks';
import { selectCurrentUser } from '../session/sessionSlice';
import { useWaitingAhead } from '../roomAhead';
import { useToasts } from '../toasts';
import {
  clientIdMade,
  presenceChanged,
  roomJoined,
  roomLeft,
  statusChanged,
  unreachedPeersChanged,
  type RoomParticipant,
} from './roomSlice';
import { isQuietRejection } from './quietRejections';
import { RoomContext, RoomPointerContext, type RoomConnection, type SharePointer } from './roomContext';
import { takeRoom } from './roomNetwork';
import { onGameLoaded } from './gameRegistry';
import { setActiveBridge } from './activeBridge';
import { roomGenesis } from './roomGenesis';
import { GAME_NAMES } from '../games';
import { i18n } from '../../i18n/i18n';
import { reasonText } from '../../i18n/roomTexts';
import type { PresenceState } from '../../sync/presence/presenceMessage';
import type { RoomPresence } from '../../sync/presence/RoomPresence';
import { pageSigner } from '../session/pageSigner';
import { CHAT_LIST } from '../chat/chatMessage';

/** What benchmarks and browser tests can read in the test-hooks build: the live room connection. */
export type RoomToolsHandle = { connection: RoomConnection | null };

declare global {
  interface Window {
    __gameRoom?: RoomToolsHandle;
    /**
     * Test hook: this page's seated actions go unsigned (the test-hooks build only), as from code that sends no signer:
     * the benchmark weighs what signing costs (BENCH_UNSIGNED).
     */
    __unsignedSeats?: boolean;
  }
}

// In the test-hooks build only (src/testHooks.d.ts): players' pages expose no connection.
const exposeForTools = (connection: RoomConnection | null) => {
  if (__TEST_HOOKS__) window.__gameRoom = { connection };
};

/** The room connection of the surrounding RoomProvider (null while it connects); throws outside one. */
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
  // Rendered ahead behind a room link's login page, the room joins only once Go has shown it (RoomAheadGate).
  const waitingAhead = useWaitingAhead();
  const dispatch = useAppDispatch();
  const toasts = useToasts();
  const [connection, setConnection] = useState<RoomConnection | null>(null);
  // The pointer goes to the room's presence from the first frame on, before the room's document is open.
  const presenceRef = useRef<RoomPresence | null>(null);
  const sharePointer = useCallback<SharePointer>(
    (position) => presenceRef.current?.setLocal(position ?? { x: null, y: null }),
    [],
  );

  // Bumped when Automerge failed on this page: the room is left and joined anew, from storage and the peers.
  const [generation, setGeneration] = useState(0);

  // A layout effect: joining starts as the room's first frame commits, not after it is painted (under load that was
  // 50 ms and more later), and presence the early network already holds shows in that first frame.
  useLayoutEffect(() => {
    if (!user || waitingAhead) return;
    let connected: RoomConnection | null = null;
    // Presence runs on the room's network, without Automerge: "Connected:" lists a peer as soon as its link opens.
    const room = takeRoom(roomId, password, user);
    const { presence } = room;
    presenceRef.current = presence;
    let clientId = presence.clientId;
    dispatch(roomJoined({ roomId, clientId }));
    // The client id is made from the page's key, a millisecond or so after the page starts (WebCrypto).
    const publish = () => {
      if (clientId === null && presence.clientId !== null)
        dispatch(clientIdMade((clientId = presence.clientId)));
      dispatch(presenceChanged(toParticipants(presence.getStates())));
    };
    const stopPresence = presence.subscribe(publish);
    publish();
    // Peers the server introduced but no link reaches yet show as connecting, then as not reachable.
    const { unreached } = room.mesh;
    const stopUnreached = unreached.subscribe((peers) => dispatch(unreachedPeersChanged(peers)));
    dispatch(unreachedPeersChanged(unreached.unreached));
    // A closing tab says goodbye at once so others drop it from "Connected:" without waiting 30 s, stores what it
    // received last, and posts its last moves through the server for peers its links may not have reached.
    const sayGoodbye = () => {
      presence.dispose();
      room.flush().catch((error: unknown) => console.error('Could not store the room on leaving', error));
      room.sayLastWords();
    };
    window.addEventListener('pagehide', sayGoodbye);
    // A late joiner's board shows the logs peers send while Automerge still loads; then the document opens.
    const signer = () => pageSigner(user.id);
    // From now on the page's game actions go to the room: to its bridge once the document is open, waiting until then.
    setActiveBridge(room.localActions);
    room
      .start({
        signer: __TEST_HOOKS__ && window.__unsignedSeats ? undefined : signer,
        games: onGameLoaded,
        gameNames: GAME_NAMES,
        genesis: roomGenesis(),
        lists: [CHAT_LIST],
        dispatch,
        onRejected: (reason, action) => {
          if (!isQuietRejection(action.type, reason)) toasts.error(reasonText(reason));
          ownActionRejected(action);
        },
        onFailure: (error) => {
          console.error('Automerge failed on this page; reopening the room', error);
          // The page never goes on with a document it cannot change: it says so and reopens the room.
          toasts.error(i18n.t('roomReopened'));
          setGeneration((g) => g + 1);
        },
      })
      .then((opened) => {
        // Left already: the room closed what it opened.
        if (opened === null) return;
        // The signing key loads (or is made) as the room opens, after its links: a seated player's first move waits
        // for nothing, and a new user's key is not made while the page meets its peers.
        void signer();
        connected = { ...opened, mesh: room.mesh, presence, peerId: room.peerId };
        dispatch(statusChanged('online'));
        setConnection(connected);
        exposeForTools(connected);
      })
      .catch((error: unknown) => {
        if (room.disposed) return;
        console.error('Could not join the room', error);
        dispatch(statusChanged('error'));
      });
    return () => {
      window.removeEventListener('pagehide', sayGoodbye);
      stopPresence();
      stopUnreached();
      setActiveBridge(null);
      room.dispose();
      exposeForTools(null);
      setConnection(null);
      presenceRef.current = null;
      dispatch(roomLeft());
    };
    // The room is joined once per room, user, password and generation, once not waiting ahead; toasts and dispatch
    // are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [roomId, user?.id, password, generation, waitingAhead]);

  return (
    <RoomPointerContext.Provider value={sharePointer}>
      <RoomContext.Provider value={connection}>{children}</RoomContext.Provider>
    </RoomPointerContext.Provider>
  );
}
