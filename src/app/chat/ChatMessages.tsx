import { memo, useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { currentLanguage } from '../../i18n/i18n';
import { messageId, type ChatMessage, type ReactionId } from './chatMessage';
import { setMuted } from './chatSettings';
import { MuteIcon } from './chatIcons';
import { reactionText, useChatTexts } from './chatTexts';

const timeFormats = new Map<string, Intl.DateTimeFormat>();
const timeOf = (time: number): string => {
  const language = currentLanguage();
  let format = timeFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' });
    timeFormats.set(language, format);
  }
  return format.format(time);
};

/**
 * The conversation, oldest first, kept scrolled to the newest: each message with its sender's name and time, one's own
 * told apart (on the right, tinted, "You"), a quick reaction as its phrase or emoji. Every text is shown as text.
 */
export default function ChatMessages({
  messages,
  myId,
}: {
  messages: readonly ChatMessage[];
  myId: string | null;
}) {
  const t = useChatTexts();
  const log = useRef<HTMLDivElement>(null);
  // The log scrolls itself to its newest message. scrollIntoView would scroll every scrolling box around it too, the
  // page included, and a page scrolled under a tile being dragged drops the drag.
  useEffect(() => {
    const box = log.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [messages]);
  return (
    <Box
      ref={log}
      role="log"
      aria-label={t('messages')}
      data-testid="chat-messages"
      tabIndex={0}
      sx={{
        flex: 1,
        minHeight: 0,
        overflowY: 'auto',
        display: 'flex',
        flexDirection: 'column',
        gap: 0.75,
        pr: 0.5,
      }}
    >
      {messages.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', m: 'auto', textAlign: 'center', px: 1 }}>
          {t('empty')}
        </Typography>
      )}
      {messages.map((message) => (
        <MessageRow key={messageId(message)} message={message} own={message.userId === myId} />
      ))}
    </Box>
  );
}

const MessageRow = memo(function MessageRow({ message, own }: { message: ChatMessage; own: boolean }) {
  const t = useChatTexts();
  const reaction = message.kind === 'reaction';
  const text = reaction ? reactionText(t, message.text as ReactionId) : message.text;
  return (
    <Box
      data-testid="chat-message"
      data-own={own ? 'true' : undefined}
      sx={{
        alignSelf: own ? 'flex-end' : 'flex-start',
        maxWidth: '88%',
        px: 1,
        py: 0.5,
        borderRadius: 2,
        borderTopRightRadius: own ? 4 : undefined,
        borderTopLeftRadius: own ? undefined : 4,
        bgcolor: own ? 'rgba(31, 95, 74, 0.12)' : 'action.hover',
        '&:hover .chat-mute, &:focus-within .chat-mute': { opacity: 1 },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
        <Typography
          component="span"
          variant="caption"
          data-testid="chat-sender"
          noWrap
          sx={{ fontWeight: 700, color: own ? 'primary.main' : 'text.primary', minWidth: 0 }}
        >
          {own ? t('you') : message.name}
        </Typography>
        <Typography component="span" variant="caption" sx={{ color: 'text.secondary', flex: 'none' }}>
          {timeOf(message.time)}
        </Typography>
        {!own && (
          <IconButton
            className="chat-mute"
            size="small"
            aria-label={t('mute', { name: message.name })}
            title={t('mute', { name: message.name })}
            onClick={() => setMuted(message.userId, true)}
            sx={{
              ml: 'auto',
              p: 0.25,
              color: 'text.secondary',
              opacity: 0,
              '@media (hover: none)': { opacity: 0.7 },
            }}
          >
            <MuteIcon sx={{ fontSize: 14 }} />
          </IconButton>
        )}
      </Box>
      <Typography
        data-testid="chat-text"
        variant="body2"
        sx={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          fontSize: reaction && [...text].length <= 2 ? 22 : undefined,
          fontStyle: reaction && [...text].length > 2 ? 'italic' : undefined,
        }}
      >
        {text}
      </Typography>
    </Box>
  );
});
