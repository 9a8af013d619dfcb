import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../src/app/chat/chatMessage';
import {
  FUTURE_SLACK_MS,
  PAST_SLACK_MS,
  mayPost,
  nextOwn,
  visibleMessages,
} from '../../../../src/app/chat/chatThrottle';

const NOW = 1_700_000_000_000;
const msg = (userId: string, seq: number, time: number, text = `${userId}${seq}`): ChatMessage => ({
  userId,
  name: userId,
  key: `key-${userId}`,
  seq,
  time,
  kind: 'text',
  text,
  signature: `sig-${userId}-${seq}`,
});
const shownTexts = (messages: ChatMessage[], now = NOW) => visibleMessages(messages, now).map((m) => m.text);

describe('which messages a page shows', () => {
  it.each([
    {
      name: 'three a second from one sender, then a fourth is dropped',
      messages: [msg('a', 1, NOW), msg('a', 2, NOW), msg('a', 3, NOW + 500), msg('a', 4, NOW + 900)],
      shown: ['a1', 'a2', 'a3'],
    },
    {
      name: 'a fourth a second later is shown',
      messages: [msg('a', 1, NOW), msg('a', 2, NOW), msg('a', 3, NOW), msg('a', 4, NOW + 1000)],
      shown: ['a1', 'a2', 'a3', 'a4'],
    },
    {
      name: "one sender's flood leaves another's messages",
      messages: [...[1, 2, 3, 4, 5].map((n) => msg('a', n, NOW)), msg('b', 1, NOW)],
      shown: ['a1', 'a2', 'a3', 'b1'],
    },
    {
      name: 'a repeated sequence number',
      messages: [msg('a', 1, NOW), msg('a', 1, NOW + 2000, 'again')],
      shown: ['a1'],
    },
    {
      name: 'a time going back',
      messages: [msg('a', 1, NOW), msg('a', 2, NOW - 10)],
      shown: ['a1'],
    },
    {
      name: "a time beyond the page's clock and its slack",
      messages: [msg('a', 1, NOW + FUTURE_SLACK_MS + 1), msg('b', 1, NOW + FUTURE_SLACK_MS)],
      shown: ['b1'],
    },
    {
      name: 'a time far behind what the room said before it',
      messages: [msg('a', 1, NOW), msg('b', 1, NOW - PAST_SLACK_MS - 1), msg('c', 1, NOW - PAST_SLACK_MS)],
      shown: ['a1', 'c1'],
    },
    {
      name: 'more than 8 in 10 seconds, spaced past the per-second limit',
      messages: Array.from({ length: 10 }, (_, i) => msg('a', i + 1, NOW + i * 1000)),
      shown: ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8'],
    },
  ])('$name', ({ messages, shown }) => {
    const before = JSON.stringify(messages);
    expect(shownTexts(messages)).toEqual(shown);
    expect(JSON.stringify(messages)).toBe(before);
  });

  it('shows at most the last 100', () => {
    const many = Array.from({ length: 150 }, (_, i) => msg(`u${i}`, 1, NOW));
    const shown = visibleMessages(many, NOW);
    expect(shown).toHaveLength(100);
    expect(shown[0].userId).toBe('u50');
  });

  it("numbers a sender's next message past every number they used, never before their last time", () => {
    const messages = [msg('a', 4, NOW + 5000), msg('b', 9, NOW), msg('a', 2, NOW)];
    expect(nextOwn(messages, 'a', NOW)).toEqual({ seq: 5, time: NOW + 5000 });
    expect(nextOwn(messages, 'c', NOW)).toEqual({ seq: 1, time: NOW });
  });

  it("holds back a sender's message that would pass their rate", () => {
    const shown = [msg('a', 1, NOW), msg('a', 2, NOW), msg('a', 3, NOW)];
    expect(mayPost(shown, 'a', NOW + 999)).toBe(false);
    expect(mayPost(shown, 'a', NOW + 1000)).toBe(true);
    expect(mayPost(shown, 'b', NOW)).toBe(true);
  });
});
