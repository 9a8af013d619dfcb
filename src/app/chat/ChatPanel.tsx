import { useEffect, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputBase from '@mui/material/InputBase';
import Typography from '@mui/material/Typography';
import { MAX_CHAT_CHARS, REACTIONS, type ReactionId } from './chatMessage';
import { unmuteAll, useMutedUsers } from './chatSettings';
import { reactionText, useChatTexts } from './chatTexts';
import { useChat, type Chat } from './ChatProvider';
import ChatMessages from './ChatMessages';
import ChatSwitch from './ChatSwitch';

/**
 * The room's chat where it is shown (the sidebar on a desktop, the sheet on a phone): the conversation, the quick
 * reactions, and the line to write in (Enter sends). While it shows, every message counts as seen.
 */
export default function ChatPanel({ heading }: { heading?: boolean }) {
  // With a heading (the sidebar) it carries the chat's switch too; the phone's sheet has it in the sidebar's foot.
  const chat = useChat();
  const t = useChatTexts();
  const markSeen = chat?.markSeen;
  const messages = chat?.messages;
  useEffect(() => markSeen?.(), [markSeen, messages]);
  if (!chat) return null;
  return (
    <Box
      component="section"
      aria-label={t('title')}
      data-testid="chat-panel"
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, minHeight: 0, flex: 1 }}
    >
      {heading && (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700, color: 'text.secondary' }}>
            {t('title')}
          </Typography>
          <ChatSwitch bare />
        </Box>
      )}
      <ChatMessages messages={chat.messages} myId={chat.myId} />
      <MutedNote />
      <Reactions chat={chat} />
      <MessageInput chat={chat} />
    </Box>
  );
}

function MutedNote() {
  const muted = useMutedUsers();
  const t = useChatTexts();
  if (muted.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {t('muted', { count: muted.length })}
      </Typography>
      <Button size="small" onClick={unmuteAll} sx={{ py: 0, minWidth: 0, textTransform: 'none' }}>
        {t('unmuteAll')}
      </Button>
    </Box>
  );
}

function Reactions({ chat }: { chat: Chat }) {
  const t = useChatTexts();
  const send = (reaction: ReactionId) => void chat.post('reaction', reaction);
  return (
    <Box role="group" aria-label={t('reactionsLabel')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {REACTIONS.map((reaction) => {
        const text = reactionText(t, reaction);
        const emoji = [...text].length <= 2;
        return (
          <Button
            key={reaction}
            size="small"
            variant="outlined"
            disabled={!chat.ready}
            onClick={() => send(reaction)}
            sx={{
              minWidth: 0,
              px: emoji ? 0.75 : 1,
              py: 0,
              borderRadius: 4,
              textTransform: 'none',
              fontSize: emoji ? 16 : 12.5,
              lineHeight: 1.75,
            }}
          >
            {text}
          </Button>
        );
      })}
    </Box>
  );
}

function MessageInput({ chat }: { chat: Chat }) {
  const t = useChatTexts();
  const [text, setText] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (message === '' || message.length > MAX_CHAT_CHARS) return;
    const result = await chat.post('text', message);
    if (result === 'sent') {
      setText('');
      setNote(null);
    } else setNote(result === 'slow' ? t('slowDown') : t('connecting'));
  };
  const full = text.length >= MAX_CHAT_CHARS;
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 0.25 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          border: '1px solid',
          borderColor: 'divider',
          borderRadius: 2,
          pl: 1.25,
          '&:focus-within': { borderColor: 'primary.main' },
        }}
      >
        <InputBase
          value={text}
          onChange={(event) => setText(event.target.value.slice(0, MAX_CHAT_CHARS))}
          placeholder={t('placeholder')}
          inputProps={{ maxLength: MAX_CHAT_CHARS, 'aria-label': t('placeholder'), enterKeyHint: 'send' }}
          sx={{ flex: 1, fontSize: 14, py: 0.5 }}
        />
        <Button type="submit" size="small" disabled={!chat.ready || text.trim() === ''} sx={{ minWidth: 0 }}>
          {t('send')}
        </Button>
      </Box>
      {(note || full) && (
        <Typography variant="caption" role="alert" sx={{ color: note ? 'error.main' : 'text.secondary' }}>
          {note ?? t('tooLong', { n: MAX_CHAT_CHARS })}
        </Typography>
      )}
    </Box>
  );
}
