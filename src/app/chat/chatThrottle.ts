// Which verified messages a page shows: deterministic from the messages themselves (and, for times ahead of the page's
// clock, that clock), so every page with the same list shows the same conversation. Pure.
import { KEPT_MESSAGES, messageId, type ChatMessage } from './chatMessage';

/** A sender's limits: at most `count` messages within any `ms` by their times. */
export const RATE_LIMITS: readonly { count: number; ms: number }[] = [
  { count: 3, ms: 1000 },
  { count: 8, ms: 10_000 },
  { count: 20, ms: 60_000 },
];

/** How far ahead of this page's clock a message's time may be (clocks differ a little); later ones are refused. */
export const FUTURE_SLACK_MS = 30_000;

/**
 * How far a message's time may be behind the latest time shown before it in the list: pages' clocks differ, and two
 * pages writing at once land in either order; a message far older than what the room already said is backdated.
 */
export const PAST_SLACK_MS = 2 * FUTURE_SLACK_MS;

/** What a page keeps of one sender while it judges a list: their last sequence number and time, and recent times. */
type SenderTrack = { seq: number; time: number; times: number[] };

const longestWindow = Math.max(...RATE_LIMITS.map((limit) => limit.ms));

/** Whether a sender whose accepted times are `times` may have one more at `time` (RATE_LIMITS). */
export function withinRate(times: readonly number[], time: number): boolean {
  return RATE_LIMITS.every(({ count, ms }) => times.filter((t) => t > time - ms).length < count);
}

function accepts(track: SenderTrack | undefined, message: ChatMessage): boolean {
  if (!track) return true;
  // A sender's messages come in the order they made them: a number or a time going back is a replay or a lie.
  return message.seq > track.seq && message.time >= track.time && withinRate(track.times, message.time);
}

function remember(tracks: Map<string, SenderTrack>, message: ChatMessage): void {
  const track = tracks.get(message.userId);
  const times = (track?.times ?? []).filter((t) => t > message.time - longestWindow);
  tracks.set(message.userId, { seq: message.seq, time: message.time, times: [...times, message.time] });
}

/**
 * The messages to show, in the list's order, at most the last KEPT_MESSAGES. Dropped: a message whose time is more than
 * FUTURE_SLACK_MS ahead of `now` or PAST_SLACK_MS behind the latest shown before it (nobody spaces a flood out with
 * invented times), one that repeats a sender's sequence number or goes back in their numbers or times, and one past
 * their rate (RATE_LIMITS).
 */
export function visibleMessages(messages: readonly ChatMessage[], now: number): ChatMessage[] {
  const tracks = new Map<string, SenderTrack>();
  const shown: ChatMessage[] = [];
  let latest = -Infinity;
  for (const message of messages) {
    if (message.time > now + FUTURE_SLACK_MS || message.time < latest - PAST_SLACK_MS) continue;
    if (!accepts(tracks.get(message.userId), message)) continue;
    remember(tracks, message);
    latest = Math.max(latest, message.time);
    shown.push(message);
  }
  return shown.slice(-KEPT_MESSAGES);
}

/**
 * The sequence number and time of a sender's next message given what the room shows and what this page sent: past
 * every number they used, and never before their last time, so the new message is judged in order.
 */
export function nextOwn(
  messages: readonly ChatMessage[],
  userId: string,
  now: number,
): { seq: number; time: number } {
  let seq = 0;
  let time = 0;
  for (const message of messages) {
    if (message.userId !== userId) continue;
    seq = Math.max(seq, message.seq);
    time = Math.max(time, message.time);
  }
  return { seq: seq + 1, time: Math.max(now, time) };
}

/** Whether a sender's next message at `time` would be shown (within their rate), given the messages shown now. */
export function mayPost(shown: readonly ChatMessage[], userId: string, time: number): boolean {
  const times = shown.filter((m) => m.userId === userId).map((m) => m.time);
  return withinRate(times, time);
}

/** The ids of messages, for telling which ones are new. */
export const idsOf = (messages: readonly ChatMessage[]): Set<string> => new Set(messages.map(messageId));
