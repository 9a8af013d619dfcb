import { describe, expect, it } from 'vitest';
import {
  MAX_CHAT_CHARS,
  chatItem,
  chatSignedText,
  parseChatItem,
  parseChatMessage,
  type ChatMessage,
} from '../../../../src/app/chat/chatMessage';
import { userIdOfKey, verifySignature } from '../../../../src/sync/signing/signatures';
import { signText, testKey } from '../../../helpers/signing';

const ann = testKey(1);
const bob = testKey(2);

function message(fields: Partial<ChatMessage> = {}, key = ann, room = 'room1'): ChatMessage {
  const unsigned = {
    userId: userIdOfKey(key.key),
    name: 'Ann',
    key: key.key,
    seq: 1,
    time: 1_700_000_000_000,
    kind: 'text' as const,
    text: 'Hello',
    ...fields,
  };
  return { ...unsigned, signature: signText(chatSignedText(room, unsigned), key), ...fields };
}

describe('a chat message as every page reads it', () => {
  it('takes a well-formed message, as a fresh object of its known fields', () => {
    const sent = { ...message(), extra: 'dropped' };
    const read = parseChatMessage(sent);
    expect(read).toEqual(message());
    expect(read).not.toBe(sent);
    expect(parseChatItem(chatItem(message()))).toEqual(message());
  });

  it.each([
    { name: 'a text over 500 characters', fields: { text: 'x'.repeat(MAX_CHAT_CHARS + 1) } },
    { name: 'a blank text', fields: { text: '   ' } },
    { name: 'an unknown reaction', fields: { kind: 'reaction' as const, text: 'shout' } },
    { name: 'an unknown kind', fields: { kind: 'html' as never } },
    { name: 'a sequence number of 0', fields: { seq: 0 } },
    { name: 'a fractional time', fields: { time: 1.5 } },
    { name: 'a blank name', fields: { name: ' ' } },
    { name: "another user's id", fields: { userId: userIdOfKey(bob.key) } },
    { name: 'a missing signature', fields: { signature: '' } },
  ])('refuses $name', ({ fields }) => {
    const input = message(fields);
    const before = JSON.stringify(input);
    expect(parseChatMessage(input)).toBeNull();
    expect(JSON.stringify(input)).toBe(before);
  });

  it.each([
    { name: 'not JSON', item: '<b>hi</b>' },
    { name: 'an array', item: '[1,2]' },
    { name: 'null', item: null },
    { name: 'too long to read', item: JSON.stringify({ ...message(), pad: 'x'.repeat(9000) }) },
  ])('reads no message from an item that is $name', ({ item }) => {
    expect(parseChatItem(item)).toBeNull();
  });

  it('takes a 500-character text and a known reaction', () => {
    expect(parseChatMessage(message({ text: 'y'.repeat(MAX_CHAT_CHARS) }))).not.toBeNull();
    expect(parseChatMessage(message({ kind: 'reaction', text: 'goodGame' }))).not.toBeNull();
  });

  it("signs the room's name: a message verifies in its own room only", () => {
    const sent = message();
    expect(verifySignature(sent.key, chatSignedText('room1', sent), sent.signature)).toBe(true);
    expect(verifySignature(sent.key, chatSignedText('room2', sent), sent.signature)).toBe(false);
    const changed = { ...sent, text: 'Hello!' };
    expect(verifySignature(sent.key, chatSignedText('room1', changed), sent.signature)).toBe(false);
  });
});
