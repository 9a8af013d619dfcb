import type { Topic } from '../protocol/signaling.ts';
import type { RelayBudgetLimits } from './FrameRelay.ts';
import type { RelaySpend, TopicRelay } from './relay.ts';

/** How long a room's spend on this instance waits before it is added to the deployment's count. */
export const ROOM_SHARE_EVERY_MS = 200;

/** A room's budget, and the other instances whose relay it shares. */
export type RoomBudgetsOptions = {
  /** What one room may relay within a window, on every instance together. */
  limits: RelayBudgetLimits;
  /** Without one (or without its spendRoom), each instance counts alone. */
  instances?: TopicRelay;
};

/** What one room spent in its current window, here and, as last heard, on every instance. */
type RoomCount = {
  window: number;
  /** Spent on this instance. */
  local: RelaySpend;
  /** Of local, what was handed to the deployment's count. */
  shared: RelaySpend;
  /** The deployment's count as last heard and how much of local it held; null before an answer, or while unreachable. */
  heard: { total: RelaySpend; held: RelaySpend } | null;
};

const NOTHING: RelaySpend = { messages: 0, bytes: 0 };
const plus = (a: RelaySpend, b: RelaySpend): RelaySpend => ({
  messages: a.messages + b.messages,
  bytes: a.bytes + b.bytes,
});
const minus = (a: RelaySpend, b: RelaySpend): RelaySpend => ({
  messages: a.messages - b.messages,
  bytes: a.bytes - b.bytes,
});

/**
 * Counts what each room relays against the room's budget, in windows aligned to the clock so that every instance of a
 * deployment counts the same window. Each room's spend here is added to the deployment's count (Redis) in batches, not
 * per frame; a frame passes while the last count heard plus what was spent here since stays within the budget. While
 * that count cannot be reached (no Redis, or Redis down), each instance counts its own spend alone, as a single
 * instance does. Only rooms that still have peers here are kept: call forget() when the last one leaves.
 */
export class RoomBudgets {
  readonly #limits: RelayBudgetLimits;
  readonly #spendRoom: TopicRelay['spendRoom'];
  readonly #rooms = new Map<Topic, RoomCount>();
  #timer: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(options: RoomBudgetsOptions) {
    this.#limits = options.limits;
    this.#spendRoom = options.instances?.spendRoom?.bind(options.instances);
  }

  /** Counts one message of bytes in topic at now; true while the room stays within its budget. */
  spend(topic: Topic, bytes: number, now: number): boolean {
    const window = Math.floor(now / this.#limits.windowMs);
    let room = this.#rooms.get(topic);
    if (room?.window !== window) {
      room = { window, local: NOTHING, shared: NOTHING, heard: null };
      this.#rooms.set(topic, room);
    }
    room.local = plus(room.local, { messages: 1, bytes });
    this.#scheduleShare();
    const { heard } = room;
    const count = heard ? plus(heard.total, minus(room.local, heard.held)) : room.local;
    return (
      count.messages <= this.#limits.maxMessagesPerWindow && count.bytes <= this.#limits.maxBytesPerWindow
    );
  }

  /** topic has no peers here any more: its count here is dropped (what was shared stays shared). */
  forget(topic: Topic): void {
    this.#rooms.delete(topic);
  }

  /** Adds what each room spent here since the last share to the deployment's count; resolves once all answered. */
  async share(): Promise<void> {
    await Promise.all([...this.#rooms].map(([topic, room]) => this.#shareRoom(topic, room)));
  }

  /** Stops sharing. Idempotent. */
  close(): void {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  async #shareRoom(topic: Topic, room: RoomCount): Promise<void> {
    const spend = minus(room.local, room.shared);
    if (!this.#spendRoom || spend.messages === 0) return;
    const held = (room.shared = room.local);
    const total = await this.#spendRoom(topic, room.window, this.#limits.windowMs, spend);
    // A room forgotten, or in a new window, since: the answer is about a count no longer kept.
    if (this.#rooms.get(topic) !== room) return;
    room.heard = total && { total, held };
  }

  #scheduleShare(): void {
    if (!this.#spendRoom || this.#timer || this.#closed) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.share();
    }, ROOM_SHARE_EVERY_MS);
    this.#timer.unref();
  }
}
