import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import Box from '@mui/material/Box';
import { useRoomConnection } from '../room/RoomProvider';
import { useAppSelector, useAppStore } from '../hooks';
import { selectCurrentUser } from '../session/sessionSlice';
import { pageSigner } from '../session/pageSigner';
import { SeatReactionsContext, type SeatReaction } from '../../games/world';
import { BELL, play } from '../../games/okey/components/useTurnSounds';
import { soundOn } from '../../games/okey/components/soundSetting';
import { ChatFeed, type ChatView } from './ChatFeed';
import { CHAT_LIST, messageId, type ChatMessage, type ReactionId } from './chatMessage';
import { useChatShown, useMutedUsers } from './chatSettings';
import { reactionText, useChatTexts, type ChatT } from './chatTexts';
import { exposeChatTools } from './chatTools';

/** What a post came to: written, held back (past the sender's rate), or not possible (room not connected). */
export type PostResult = 'sent' | 'slow' | 'offline';

/** The chat as the panel, the phone's button and the seats read it. */
export type Chat = {
  /** The conversation this page shows: what the feed shows, without muted people's messages. */
  messages: readonly ChatMessage[];
  /** Messages from others not seen yet (arrived since the page opened, while no chat panel showed). */
  unread: number;
  /** This user's id (their own messages are told apart), or null before login. */
  myId: string | null;
  /** Whether the room is connected, so posting reaches it. */
  ready: boolean;
  post(kind: ChatMessage['kind'], text: string): Promise<PostResult>;
  /** A shown chat panel calls it: every message shown now counts as seen. */
  markSeen(): void;
};

const EMPTY_VIEW: ChatView = { messages: [], reactions: [] };
const ChatContext = createContext<Chat | null>(null);

/** The chat of the surrounding ChatProvider; null outside one or while the chat is switched off. */
export const useChat = (): Chat | null => useContext(ChatContext);

const noFeed = () => () => {};

/**
 * The room's chat for the page: reads and writes the room's chat list once the room is connected, tells apart what
 * is new, announces it to screen readers, rings the bell for it on a hidden page with the table's sound on, and hands
 * the seats the quick reactions live now. Nothing of it while the person switched the chat off.
 */
export default function ChatProvider({ children }: { children: ReactNode }) {
  const shown = useChatShown();
  const connection = useRoomConnection();
  // The id only: the name is read as a message is posted, so naming the user (Go) re-renders none of the chat.
  const myId = useAppSelector((s) => selectCurrentUser(s)?.id ?? null);
  const store = useAppStore();
  const roomName = connection?.document.roomName ?? null;
  const list = connection?.lists.get(CHAT_LIST) ?? null;
  const ephemeral = connection?.ephemeral ?? null;
  // One feed per connected room while the chat shows (the room is never under StrictMode, which would run the
  // cleanup of a memo's effect with the memo kept).
  const feed = useMemo(
    () => (shown && list && ephemeral && roomName ? new ChatFeed({ roomName, list, ephemeral }) : null),
    [shown, list, ephemeral, roomName],
  );
  useEffect(() => () => feed?.dispose(), [feed]);
  const view = useSyncExternalStore(feed?.subscribe ?? noFeed, feed?.view ?? (() => EMPTY_VIEW));
  const muted = useMutedUsers();
  const messages = useMemo(
    () => view.messages.filter((m) => !muted.includes(m.userId)),
    [view.messages, muted],
  );
  const { unread, markSeen } = useUnread(messages, myId);

  const post = useCallback(
    async (kind: ChatMessage['kind'], text: string): Promise<PostResult> => {
      const user = selectCurrentUser(store.getState());
      if (!feed || !user) return 'offline';
      if (!feed.mayPost(user.id)) return 'slow';
      const message = await feed.post(
        { userId: user.id, name: user.name },
        await pageSigner(user.id),
        kind,
        text,
      );
      return message ? 'sent' : 'offline';
    },
    [feed, store],
  );
  useEffect(() => exposeChatTools(feed, selectCurrentUser(store.getState())), [feed, myId, store]);

  const chat = useMemo<Chat | null>(
    () => (shown ? { messages, unread, myId, ready: feed !== null, post, markSeen } : null),
    [shown, messages, unread, myId, feed, post, markSeen],
  );
  const t = useChatTexts();
  const reactions = useMemo(() => seatReactions(view, muted, t), [view, muted, t]);
  return (
    <ChatContext.Provider value={chat}>
      <SeatReactionsContext.Provider value={reactions}>
        {children}
        {chat && <Announcer messages={messages} myId={myId} />}
      </SeatReactionsContext.Provider>
    </ChatContext.Provider>
  );
}

function seatReactions(view: ChatView, muted: readonly string[], t: ChatT): Map<string, SeatReaction> {
  const byUser = new Map<string, SeatReaction>();
  // The latest reaction of each sender shows; a muted person's do not.
  for (const { id, userId, reaction } of view.reactions)
    if (!muted.includes(userId)) byUser.set(userId, { id, text: reactionText(t, reaction as ReactionId) });
  return byUser;
}

/** Counts others' messages that arrived after the page opened and were not shown in a chat panel yet. */
function useUnread(messages: readonly ChatMessage[], myId: string | null) {
  // The conversation held before this page opened is history, not news.
  const [openedAt] = useState(() => Date.now());
  const [seen, setSeen] = useState<ReadonlySet<string>>(() => new Set());
  const unread = messages.filter(
    (m) => m.userId !== myId && m.time >= openedAt && !seen.has(messageId(m)),
  ).length;
  const markSeen = useCallback(() => {
    const ids = messages.map(messageId);
    setSeen((before) => (ids.every((id) => before.has(id)) ? before : new Set(ids)));
  }, [messages]);
  return { unread, markSeen };
}

/**
 * A polite live region that reads out others' new messages to screen readers; on a hidden page it also rings the
 * table's bell for them, while the table's sound is on.
 */
function Announcer({ messages, myId }: { messages: readonly ChatMessage[]; myId: string | null }) {
  const t = useChatTexts();
  const [said, setSaid] = useState('');
  const known = useRef<ReadonlySet<string> | null>(null);
  useEffect(() => {
    const before = known.current;
    known.current = new Set(messages.map(messageId));
    if (!before) return;
    const fresh = messages.filter((m) => m.userId !== myId && !before.has(messageId(m)));
    const last = fresh.at(-1);
    if (last && document.hidden && soundOn()) play(BELL);
    if (last)
      setSaid(
        t('announce', {
          name: last.name,
          text: last.kind === 'reaction' ? reactionText(t, last.text as ReactionId) : last.text,
        }),
      );
  }, [messages, myId, t]);
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="chat-announcer"
      // One pixel, pinned to the viewport: in sx a width or height of 1 means 100%, and a region in the page's flow
      // below the room made the page scroll, which moved the table under a finger dragging a tile near the bottom.
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        width: '1px',
        height: '1px',
        overflow: 'hidden',
        clip: 'rect(0 0 0 0)',
        whiteSpace: 'nowrap',
      }}
    >
      {said}
    </Box>
  );
}
