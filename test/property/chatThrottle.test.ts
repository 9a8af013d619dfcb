import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/app/chat/chatMessage';
import { KEPT_MESSAGES } from '../../src/app/chat/chatMessage';
import {
  PAST_SLACK_MS,
  RATE_LIMITS,
  mayPost,
  nextOwn,
  visibleMessages,
} from '../../src/app/chat/chatThrottle';
import { fcSettings } from '../helpers/fcSettings';

const NOW = 1_700_000_000_000;
const senders = ['a', 'b', 'c'];

const message = fc
  .record({
    userId: fc.constantFrom(...senders),
    seq: fc.integer({ min: 1, max: 40 }),
    offset: fc.integer({ min: -120_000, max: 60_000 }),
  })
  .map(({ userId, seq, offset }): ChatMessage => ({
    userId,
    name: userId,
    key: userId,
    seq,
    time: NOW + offset,
    kind: 'text',
    text: `${userId}${seq}@${offset}`,
    signature: `${userId}${seq}${offset}`,
  }));
const lists = fc.array(message, { maxLength: 160 });
const message0: ChatMessage = {
  userId: 'a',
  name: 'a',
  key: 'a',
  seq: 1,
  time: NOW,
  kind: 'text',
  text: '',
  signature: '',
};

describe('the chat throttle, on any list', () => {
  it('shows a subsequence of the list, at most 100, the same every time', () => {
    fc.assert(
      fc.property(lists, (messages) => {
        const shown = visibleMessages(messages, NOW);
        expect(shown.length).toBeLessThanOrEqual(KEPT_MESSAGES);
        let at = 0;
        for (const m of shown) {
          at = messages.indexOf(m, at) + 1;
          expect(at).toBeGreaterThan(0);
        }
        expect(visibleMessages(messages, NOW)).toEqual(shown);
      }),
      fcSettings(53_001, 300),
    );
  });

  it('never shows a sender past their rate, nor a number twice, nor numbers or times going back', () => {
    fc.assert(
      fc.property(lists, (messages) => {
        const shown = visibleMessages(messages, NOW);
        for (const userId of senders) {
          const own = shown.filter((m) => m.userId === userId);
          for (const [i, m] of own.entries()) {
            if (i > 0) {
              expect(m.seq).toBeGreaterThan(own[i - 1].seq);
              expect(m.time).toBeGreaterThanOrEqual(own[i - 1].time);
            }
            for (const { count, ms } of RATE_LIMITS)
              expect(own.filter((o) => o.time > m.time - ms && o.time <= m.time).length).toBeLessThanOrEqual(
                count,
              );
          }
        }
      }),
      fcSettings(53_002, 300),
    );
  });

  it('shows the next message a page allows itself to post', () => {
    fc.assert(
      fc.property(
        lists,
        fc.constantFrom(...senders),
        fc.integer({ min: 0, max: 5000 }),
        (messages, userId, later) => {
          const shown = visibleMessages(messages, NOW);
          const { seq, time } = nextOwn(messages, userId, NOW + later);
          // A page whose clock is far behind what the room said is not asked about here (PAST_SLACK_MS).
          if (!mayPost(shown, userId, time) || time < Math.max(...shown.map((m) => m.time)) - PAST_SLACK_MS)
            return;
          const mine: ChatMessage = { ...message0, userId, seq, time, text: 'mine', signature: 'mine' };
          // The page's own message shows once written after what the room holds.
          expect(visibleMessages([...messages, mine], time).at(-1)).toBe(mine);
        },
      ),
      fcSettings(53_003, 300),
    );
  });
});
