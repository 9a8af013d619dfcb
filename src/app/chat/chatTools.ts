import { pageSigner } from '../session/pageSigner';
import { chatSignedText, type ChatMessage } from './chatMessage';
import type { ChatFeed } from './ChatFeed';

/** What browser tests reach in the test-hooks build: a page that floods the chat, as code other than this app would. */
export type ChatTools = {
  /** Signs and writes `count` messages at once, numbered on from `fromSeq`, past any rate: a flooding page. */
  flood(count: number, fromSeq: number, text: string): Promise<void>;
};

declare global {
  interface Window {
    __chatTools?: ChatTools;
  }
}

/** Exposes the chat's tools in the test-hooks build only (players' pages have none); returns the removal. */
export function exposeChatTools(
  feed: ChatFeed | null,
  user: { id: string; name: string } | null,
): (() => void) | undefined {
  if (!__TEST_HOOKS__ || !feed || !user) return undefined;
  window.__chatTools = {
    async flood(count, fromSeq, text) {
      const signer = await pageSigner(user.id);
      const time = Date.now();
      const messages: ChatMessage[] = [];
      for (let i = 0; i < count; i++) {
        const unsigned = {
          userId: user.id,
          name: user.name,
          key: signer.key,
          seq: fromSeq + i,
          time,
          kind: 'text' as const,
          text: `${text} ${i + 1}`,
        };
        const roomName = feed.roomName;
        messages.push({ ...unsigned, signature: await signer.sign(chatSignedText(roomName, unsigned)) });
      }
      for (const message of messages) feed.write(message);
    },
  };
  return () => {
    delete window.__chatTools;
  };
}
