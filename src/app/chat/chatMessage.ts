// A chat message as every page reads it: plain JSON, signed by its sender, checked for shape before anything else.
// Pure: no React, no Automerge, no clock.
import { canonicalJson } from '../../sync/signing/signatures';
import { userIdOfKey } from '../../sync/signing/keyIdentity';

/** The most characters a message's text may have. */
export const MAX_CHAT_CHARS = 500;

/** How many messages the room's document keeps, and the most any page shows. */
export const KEPT_MESSAGES = 100;

/** The name of the room document's list the messages live in. */
export const CHAT_LIST = 'chat';

/** The quick reactions, by id: a phrase or an emoji each page shows in its own language. */
export const REACTIONS = ['goodGame', 'comeOn', 'bravo', 'clap', 'laugh', 'wow'] as const;

/** One quick reaction. */
export type ReactionId = (typeof REACTIONS)[number];

/** What a message says: a text typed, or a quick reaction (its text is the reaction's id). */
export type ChatKind = 'text' | 'reaction';

/** A message before its signature: who sends it (their user id, name and key), their sequence number, when, what. */
export type UnsignedMessage = {
  userId: string;
  name: string;
  key: string;
  seq: number;
  time: number;
  kind: ChatKind;
  text: string;
};

/** A signed message: what the room's list holds (as JSON text) and the ephemeral channel carries for a reaction. */
export type ChatMessage = UnsignedMessage & { signature: string };

// A display name as the login page takes it (40 characters), with room to spare for an older build's.
const MAX_NAME_CHARS = 64;
// A list item is read only up to this many characters: the largest message, escaped, is far below it.
const MAX_ITEM_CHARS = 8 * 1024;

const isReaction = (text: string): text is ReactionId => (REACTIONS as readonly string[]).includes(text);

/** The text a sender signs: the room's name and the message without its signature, so no message moves rooms. */
export function chatSignedText(room: string, message: UnsignedMessage): string {
  const { userId, name, key, seq, time, kind, text } = message;
  return canonicalJson(['chat', room, { userId, name, key, seq, time, kind, text }]);
}

/**
 * The message a value holds when it has a message's shape and bounds, and its user id is the one its key stands
 * for (userIdOfKey): a fresh object of the known fields only. Null otherwise. Never throws. The signature is checked
 * apart (asynchronously, chatFeed).
 */
export function parseChatMessage(value: unknown): ChatMessage | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { userId, name, key, seq, time, kind, text, signature } = value as Record<string, unknown>;
  if (typeof userId !== 'string' || userId.length === 0 || userId.length > 64) return null;
  if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_NAME_CHARS) return null;
  if (typeof key !== 'string' || key.length > 128) return null;
  if (!Number.isSafeInteger(seq) || (seq as number) <= 0) return null;
  if (!Number.isSafeInteger(time) || (time as number) <= 0) return null;
  if (kind !== 'text' && kind !== 'reaction') return null;
  if (typeof text !== 'string' || text.trim() === '' || text.length > MAX_CHAT_CHARS) return null;
  if (kind === 'reaction' && !isReaction(text)) return null;
  if (typeof signature !== 'string' || signature.length === 0 || signature.length > 100) return null;
  if (userIdOfKey(key) !== userId) return null;
  return {
    userId,
    name,
    key,
    seq: seq as number,
    time: time as number,
    kind,
    text,
    signature,
  };
}

/** The message a list item's text holds (parseChatMessage of its JSON), or null; bounded before it is parsed. */
export function parseChatItem(item: string | null): ChatMessage | null {
  if (item === null || item.length > MAX_ITEM_CHARS) return null;
  try {
    return parseChatMessage(JSON.parse(item));
  } catch {
    return null;
  }
}

/** A message as the room's list stores it. */
export const chatItem = (message: ChatMessage): string => JSON.stringify(message);

/** A message's identity: one sender's sequence number names one message. */
export const messageId = (message: Pick<ChatMessage, 'userId' | 'seq'>): string =>
  `${message.userId}:${message.seq}`;
