import type { PeerId, Repo } from '@automerge/automerge-repo';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatFeed, REACTION_MS } from '../../../../src/app/chat/ChatFeed';
import { chatItem, chatSignedText, type ChatMessage } from '../../../../src/app/chat/chatMessage';
import { openRoom, type RoomDocument } from '../../../../src/sync/document/RoomDocument';
import { DocumentList } from '../../../../src/sync/document/DocumentList';
import { RoomEphemeral } from '../../../../src/sync/presence/RoomEphemeral';
import { createRoomRepo } from '../../../../src/sync/document/roomRepo';
import { userIdOfKey } from '../../../../src/sync/signing/signatures';
import { signText, testKey, type TestKey } from '../../../helpers/signing';

const ROOM = 'chat-feed';
const ann = testKey(11);
const bob = testKey(12);
const signerOf = (key: TestKey) => ({ key: key.key, sign: async (text: string) => signText(text, key) });
const from = (key: TestKey, name: string) => ({ userId: userIdOfKey(key.key), name });

let repo: Repo;
let room: RoomDocument;
let list: DocumentList;
let feed: ChatFeed;

async function openFeed(now = () => Date.now()) {
  repo = createRoomRepo({ network: [], peerId: 'solo' as PeerId });
  room = await openRoom({ repo, roomName: ROOM, gameNames: ['claims'], lists: ['chat'] });
  list = new DocumentList(room, 'chat');
  feed = new ChatFeed({ roomName: ROOM, list, ephemeral: new RoomEphemeral(room) }, now);
}

/** Resolves once the feed shows `count` messages. */
const shows = (count: number) =>
  vi.waitFor(() => expect(feed.view().messages).toHaveLength(count), { timeout: 5000 });

function signed(key: TestKey, name: string, fields: Partial<ChatMessage> = {}, roomName = ROOM): ChatMessage {
  const unsigned = {
    ...from(key, name),
    key: key.key,
    seq: 1,
    time: Date.now(),
    kind: 'text' as const,
    text: 'hi',
  };
  return { ...unsigned, signature: signText(chatSignedText(roomName, unsigned), key), ...fields };
}

afterEach(async () => {
  feed.dispose();
  list.dispose();
  room.dispose();
  await repo.shutdown();
  vi.useRealTimers();
});

describe('the chat feed of a page', () => {
  it("shows the page's own messages, signed and numbered on", async () => {
    await openFeed();
    await feed.post(from(ann, 'Ann'), signerOf(ann), 'text', 'Hello');
    await feed.post(from(ann, 'Ann'), signerOf(ann), 'text', 'Again');
    await shows(2);
    expect(feed.view().messages.map((m) => [m.text, m.seq])).toEqual([
      ['Hello', 1],
      ['Again', 2],
    ]);
  });

  it('drops what another page wrote in the list unsigned, forged, or in another room', async () => {
    await openFeed();
    const good = signed(bob, 'Bob');
    list.append('not json', 100);
    list.append(chatItem({ ...signed(bob, 'Bob', { seq: 2 }), text: 'changed after signing' }), 100);
    list.append(chatItem(signed(ann, 'Ann', { userId: userIdOfKey(bob.key) })), 100);
    list.append(chatItem(signed(ann, 'Ann', {}, 'another-room')), 100);
    list.append(chatItem(good), 100);
    await shows(1);
    // Every item has been checked once a later good one shows after them.
    const later = signed(bob, 'Bob', { seq: 3 });
    const laterSigned = { ...later, signature: signText(chatSignedText(ROOM, later), bob) };
    list.append(chatItem(laterSigned), 100);
    await shows(2);
    expect(feed.view().messages).toEqual([good, laterSigned]);
  });

  it('shows a reaction by its sender for a few seconds, and keeps it in the conversation', async () => {
    await openFeed();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await feed.post(from(bob, 'Bob'), signerOf(bob), 'reaction', 'bravo');
    expect(feed.view().reactions).toEqual([
      expect.objectContaining({ userId: from(bob, 'Bob').userId, reaction: 'bravo' }),
    ]);
    vi.advanceTimersByTime(REACTION_MS);
    expect(feed.view().reactions).toEqual([]);
    expect(feed.view().messages.map((m) => m.text)).toEqual(['bravo']);
  });

  it("holds back a post past the sender's rate", async () => {
    await openFeed(() => 1_700_000_000_000);
    for (const text of ['1', '2', '3']) await feed.post(from(ann, 'Ann'), signerOf(ann), 'text', text);
    await shows(3);
    expect(feed.mayPost(from(ann, 'Ann').userId)).toBe(false);
    expect(feed.mayPost(from(bob, 'Bob').userId)).toBe(true);
  });
});
