import type { DocumentList } from '../../sync/document/DocumentList';
import type { RoomEphemeral } from '../../sync/presence/RoomEphemeral';
import { rememberSignature, verifySignatureAsync } from '../../sync/signing/signatures';
import {
  KEPT_MESSAGES,
  chatItem,
  chatSignedText,
  messageId,
  parseChatItem,
  parseChatMessage,
  type ChatMessage,
  type ReactionId,
  type UnsignedMessage,
} from './chatMessage';
import { mayPost, nextOwn, visibleMessages, withinRate } from './chatThrottle';

/** How long a quick reaction shows by its sender's seat. */
export const REACTION_MS = 4000;

/** A quick reaction showing now by its sender's seat. */
export type LiveReaction = { id: string; userId: string; reaction: ReactionId };

/** What the chat shows: the conversation (oldest first) and the reactions live now. */
export type ChatView = { messages: readonly ChatMessage[]; reactions: readonly LiveReaction[] };

/** The room's parts the chat runs on. */
export type ChatRoom = { roomName: string; list: DocumentList; ephemeral: RoomEphemeral };

// A reaction on the fleeting channel: its wrapper names it, so other fleeting messages (avatars) pass it by.
const REACTION_MESSAGE = 'chat-reaction';
// Read beyond the bound: two pages appending at once leave more until the next append trims them.
const READ_ITEMS = 2 * KEPT_MESSAGES;
// Checked items remembered, by their text; a flood of items cannot grow it past this.
const MAX_CHECKED = 4 * KEPT_MESSAGES;

/**
 * One room's chat on this page: reads the room's chat list, checks every message (shape, its key's user id, its
 * signature, off the render path with WebCrypto), shows what the throttle lets through, and the quick reactions live
 * now from the list and the fleeting channel. Writes this page's messages, signed.
 */
export class ChatFeed {
  readonly #room: ChatRoom;
  readonly #now: () => number;
  readonly #checked = new Map<string, ChatMessage | null>();
  readonly #checking = new Set<string>();
  readonly #listeners = new Set<() => void>();
  readonly #live = new Map<string, LiveReaction & { time: number }>();
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();
  readonly #stops: (() => void)[] = [];
  #read: ChatMessage[] = [];
  #view: ChatView = { messages: [], reactions: [] };
  #disposed = false;

  constructor(room: ChatRoom, now: () => number = Date.now) {
    this.#room = room;
    this.#now = now;
    this.#stops.push(room.list.subscribe(() => this.#refresh()));
    this.#stops.push(room.ephemeral.subscribe((message) => this.#onFleeting(message)));
    this.#refresh();
  }

  /** The room's name, which every message's signature covers. */
  get roomName(): string {
    return this.#room.roomName;
  }

  /** What the chat shows now; a new object whenever it changed. */
  view = (): ChatView => this.#view;

  /** Calls listener whenever the view changed; returns the unsubscribe. */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** Whether a message from userId now would be shown (within their rate): a page holds back what would be dropped. */
  mayPost(userId: string): boolean {
    return mayPost(this.#view.messages, userId, nextOwn(this.#read, userId, this.#now()).time);
  }

  /**
   * Signs and writes a message (a text, or a quick reaction, which also goes on the fleeting channel at once).
   * Resolves with the message, or null when the room was left meanwhile.
   */
  async post(
    from: { userId: string; name: string },
    signer: { key: string; sign(text: string): Promise<string> },
    kind: ChatMessage['kind'],
    text: string,
  ): Promise<ChatMessage | null> {
    const { seq, time } = nextOwn(this.#read, from.userId, this.#now());
    const unsigned: UnsignedMessage = { ...from, key: signer.key, seq, time, kind, text };
    const signed = chatSignedText(this.#room.roomName, unsigned);
    const message: ChatMessage = { ...unsigned, signature: await signer.sign(signed) };
    if (this.#disposed) return null;
    rememberSignature(message.key, signed, message.signature);
    this.write(message);
    return message;
  }

  /** Writes a signed message as it is (a reaction also on the fleeting channel); tests send a flood with it. */
  write(message: ChatMessage): void {
    if (this.#disposed) return;
    const item = chatItem(message);
    this.#checked.set(item, message);
    if (message.kind === 'reaction') this.#room.ephemeral.broadcast({ type: REACTION_MESSAGE, message });
    this.#room.list.append(item, KEPT_MESSAGES);
  }

  /** Stops reading and writing; idempotent. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#stops.forEach((stop) => stop());
    this.#timers.forEach(clearTimeout);
    this.#listeners.clear();
  }

  #refresh(): void {
    if (this.#disposed) return;
    const items = this.#room.list.texts(READ_ITEMS);
    const read: ChatMessage[] = [];
    for (const item of items) {
      if (item === null) continue;
      const known = this.#checked.get(item);
      if (known) read.push(known);
      else if (known === undefined && !this.#checking.has(item)) this.#check(item);
    }
    if (this.#checked.size > MAX_CHECKED) this.#forgetAllBut(new Set(items));
    this.#read = read;
    const messages = visibleMessages(read, this.#now());
    const before = new Set(this.#view.messages.map(messageId));
    for (const message of messages)
      if (message.kind === 'reaction' && !before.has(messageId(message))) this.#showReaction(message);
    this.#publish(messages);
  }

  // Checks an item once: its shape now, its signature with WebCrypto; the view follows when the check ends.
  #check(item: string): void {
    const message = parseChatItem(item);
    if (!message) {
      this.#checked.set(item, null);
      return;
    }
    this.#checking.add(item);
    void this.#verified(message).then((ok) => {
      this.#checking.delete(item);
      if (this.#disposed) return;
      this.#checked.set(item, ok ? message : null);
      this.#refresh();
    });
  }

  #verified(message: ChatMessage): Promise<boolean> {
    return verifySignatureAsync(message.key, chatSignedText(this.#room.roomName, message), message.signature);
  }

  #forgetAllBut(items: ReadonlySet<string | null>): void {
    for (const item of [...this.#checked.keys()]) if (!items.has(item)) this.#checked.delete(item);
  }

  #onFleeting(value: unknown): void {
    if (typeof value !== 'object' || value === null) return;
    const { type, message: raw } = value as Record<string, unknown>;
    if (type !== REACTION_MESSAGE) return;
    const message = parseChatMessage(raw);
    if (!message || message.kind !== 'reaction') return;
    void this.#verified(message).then((ok) => {
      if (ok && !this.#disposed) this.#showReaction(message);
    });
  }

  // Shows a reaction by its sender's seat for REACTION_MS, once (it comes on the fleeting channel and in the list), if
  // it is recent and within its sender's rate.
  #showReaction(message: ChatMessage): void {
    const now = this.#now();
    const id = messageId(message);
    if (this.#live.has(id) || Math.abs(now - message.time) > REACTION_MS) return;
    const times = [...this.#live.values()].filter((r) => r.userId === message.userId).map((r) => r.time);
    if (!withinRate(times, message.time)) return;
    this.#live.set(id, {
      id,
      userId: message.userId,
      reaction: message.text as ReactionId,
      time: message.time,
    });
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      this.#live.delete(id);
      this.#publish(this.#view.messages);
    }, REACTION_MS);
    this.#timers.add(timer);
    this.#publish(this.#view.messages);
  }

  #publish(messages: readonly ChatMessage[]): void {
    const reactions = [...this.#live.values()].map(({ id, userId, reaction }) => ({ id, userId, reaction }));
    const same =
      messages.length === this.#view.messages.length &&
      messages.every((m, i) => m === this.#view.messages[i]) &&
      reactions.length === this.#view.reactions.length &&
      reactions.every((r, i) => r.id === this.#view.reactions[i].id);
    if (same) return;
    this.#view = { messages, reactions };
    for (const listener of [...this.#listeners]) listener();
  }
}
