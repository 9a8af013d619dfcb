import * as v from 'valibot';
import {
  decodeRelayFrame,
  encodeRelayFrame,
  LINK_RATE_LIMITS,
  LIMITS,
  PEER_DATA_LIMITS,
  RELAY_ROOM_SHARE,
  TopicSchema,
  type Topic,
} from '../protocol/signaling.ts';
import type { DropReason, FrameRelayStats } from './metrics.ts';
import { PeerClaims } from './PeerClaims.ts';
import type { PeerClaim, TopicRelay } from './relay.ts';
import { RoomBudgets } from './RoomBudgets.ts';

/** What the relay reads of a connection: its id (for the log) and the rooms it subscribed to. */
export type RelayClient = { readonly id: string; readonly topics: ReadonlySet<Topic> };

/** What one connection, and one room, may relay within a window (a room: LINK_RATE_LIMITS times RELAY_ROOM_SHARE). */
export type RelayBudgetLimits = { windowMs: number; maxMessagesPerWindow: number; maxBytesPerWindow: number };

/** The relay's budget per connection unless a test shrinks it. */
export const RELAY_BUDGET: RelayBudgetLimits = { ...LINK_RATE_LIMITS };

/** How a FrameRelay reaches connections, rooms and the other instances. */
export type FrameRelayOptions<C extends RelayClient> = {
  /** Sends to one connection of this instance; false when it did not go out. */
  send(client: C, data: string | Uint8Array): boolean;
  /** Sends text to every connection of this instance subscribed to topic. */
  sendToRoom(topic: Topic, text: string): void;
  /** The other instances of a deployment, when there are some. */
  instances?: TopicRelay;
  limits?: Partial<RelayBudgetLimits>;
  /** Counts what the relay dropped of client's after handling it (an enter a connection elsewhere turned out to hold). */
  drop(client: C, reason: DropReason, what: string): void;
  log(line: string): void;
};

const PeerSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(PEER_DATA_LIMITS.maxPeerIdLength));
/** A relayed frame on its way to the instance that holds its target; its payload is base64. */
const RelayedSchema = v.object({
  type: v.literal('relayed'),
  topic: TopicSchema,
  from: PeerSchema,
  to: PeerSchema,
  data: v.pipe(v.string(), v.maxLength(Math.ceil(LIMITS.maxFrameBytes / 3) * 4)),
});
/** A relayed frame between instances. */
export type RelayedMessage = v.InferOutput<typeof RelayedSchema>;
/** True when value is a relayed frame between instances. */
export const isRelayedMessage = (value: unknown): value is RelayedMessage => v.is(RelayedSchema, value);

/** Counts messages and bytes in fixed windows; says whether the last ones went over. */
class WindowBudget {
  #start = 0;
  #messages = 0;
  #bytes = 0;

  constructor(readonly limits: RelayBudgetLimits) {}

  /** Counts one message of bytes at now; true while within the limits. */
  spend(bytes: number, now: number): boolean {
    if (now - this.#start >= this.limits.windowMs) {
      this.#start = now;
      this.#messages = 0;
      this.#bytes = 0;
    }
    this.#messages += 1;
    this.#bytes += bytes;
    return this.#messages <= this.limits.maxMessagesPerWindow && this.#bytes <= this.limits.maxBytesPerWindow;
  }
}

/**
 * Relays the frames of links whose peers cannot reach each other directly, over the WebSockets they already hold. A
 * connection enters a room it subscribed to as one peer; a frame names its target, and the server names its sender, so
 * no connection speaks for a peer it is not. The payload is passed on unread (sealed in a private room). A connection
 * over its budget, or whose room is over the room's (counted on every instance together: RoomBudgets), has its relay
 * cut for as long as it stays connected: its peers are told it left, and everyone else plays on. A peer entered on one
 * instance cannot be entered on another (PeerClaims). Call close() to stop.
 */
export class FrameRelay<C extends RelayClient> {
  readonly #options: FrameRelayOptions<C>;
  readonly #limits: RelayBudgetLimits;
  /** The connection of each peer that entered each room, on this instance. */
  readonly #rooms = new Map<Topic, Map<string, C>>();
  /** The peer each connection entered each room as. */
  readonly #entered = new Map<C, Map<Topic, string>>();
  readonly #budgets = new Map<C, WindowBudget>();
  readonly #roomBudgets: RoomBudgets;
  readonly #claims: PeerClaims;
  /** Each connection's name in its claims, unique on this instance. */
  readonly #holders = new WeakMap<C, string>();
  #lastHolder = 0;
  readonly #cut = new WeakSet<C>();
  readonly #stats: FrameRelayStats = { frames: 0, bytes: 0, cuts: 0 };

  constructor(options: FrameRelayOptions<C>) {
    this.#options = options;
    this.#limits = { ...RELAY_BUDGET, ...options.limits };
    const { windowMs, maxMessagesPerWindow, maxBytesPerWindow } = this.#limits;
    this.#roomBudgets = new RoomBudgets({
      limits: {
        windowMs,
        maxMessagesPerWindow: maxMessagesPerWindow * RELAY_ROOM_SHARE,
        maxBytesPerWindow: maxBytesPerWindow * RELAY_ROOM_SHARE,
      },
      instances: options.instances,
    });
    this.#claims = new PeerClaims({ instances: options.instances, lost: (claim) => this.#lose(claim) });
  }

  /** Frames and bytes relayed, and connections cut (a copy). */
  get stats(): FrameRelayStats {
    return { ...this.#stats };
  }

  /** client is peer in topic from now on; the reason it is not, as a drop, or null. */
  enter(client: C, topic: Topic, peer: string): DropReason | null {
    if (this.#cut.has(client) || !client.topics.has(topic)) return 'relay_refused';
    const room = this.#rooms.get(topic) ?? new Map<string, C>();
    const entered = this.#entered.get(client) ?? new Map<Topic, string>();
    const holder = room.get(peer);
    if ((holder && holder !== client) || (entered.has(topic) && entered.get(topic) !== peer))
      return 'relay_refused';
    room.set(peer, client);
    entered.set(topic, peer);
    this.#rooms.set(topic, room);
    this.#entered.set(client, entered);
    void this.#claims.claim(topic, peer, this.#holder(client));
    return null;
  }

  /** Passes on one binary frame from client; the reason it was dropped, or null. */
  frame(client: C, bytes: Uint8Array, now: number): DropReason | null {
    const frame = decodeRelayFrame(bytes);
    if (!frame) return 'malformed';
    if (this.#cut.has(client)) return 'relay_budget';
    const { topic, peer: to, payload } = frame;
    const from = this.#entered.get(client)?.get(topic);
    if (from === undefined || to === from) return 'relay_refused';
    if (!this.#spend(client, topic, bytes.length, now)) return 'relay_budget';
    const sent = this.#pass(topic, from, to, payload);
    if (sent === null) return 'relay_refused';
    // A frame that did not go out (its target closing or too slow, Redis away) is not relayed; those count their own.
    if (sent) {
      this.#stats.frames += 1;
      this.#stats.bytes += payload.length;
    }
    return null;
  }

  /** Delivers a frame another instance relayed, to its target if it is here. */
  deliver(message: RelayedMessage): void {
    const target = this.#rooms.get(message.topic)?.get(message.to);
    if (!target) return;
    const payload = Buffer.from(message.data, 'base64');
    this.#options.send(target, encodeRelayFrame({ topic: message.topic, peer: message.from, payload }));
  }

  /** client left topic: its peer there is no longer relayed to, and the room hears it left. */
  leave(client: C, topic: Topic): void {
    const peer = this.#remove(client, topic);
    if (peer === undefined) return;
    this.#claims.release(topic, peer, this.#holder(client));
    const text = JSON.stringify({ type: 'left', topic, peer });
    this.#options.sendToRoom(topic, text);
    this.#options.instances?.publish(topic, text);
  }

  /** Stops sharing the rooms' counts and claims with the other instances. Idempotent. */
  close(): void {
    this.#roomBudgets.close();
    this.#claims.close();
  }

  /** client closed: it leaves every room it entered. */
  forget(client: C): void {
    for (const topic of [...(this.#entered.get(client)?.keys() ?? [])]) this.leave(client, topic);
    this.#entered.delete(client);
    this.#budgets.delete(client);
  }

  /** Takes client out of topic here; the peer it was there, if any. */
  #remove(client: C, topic: Topic): string | undefined {
    const peer = this.#entered.get(client)?.get(topic);
    if (peer === undefined) return undefined;
    this.#entered.get(client)?.delete(topic);
    const room = this.#rooms.get(topic);
    room?.delete(peer);
    if (room?.size === 0) {
      this.#rooms.delete(topic);
      this.#roomBudgets.forget(topic);
    }
    return peer;
  }

  /** A connection on another instance holds claim's peer: its holder here is not that peer after all, and hears so. */
  #lose({ topic, peer, holder }: PeerClaim): void {
    const client = this.#rooms.get(topic)?.get(peer);
    if (!client || this.#holders.get(client) !== holder) return;
    this.#remove(client, topic);
    // Only the client hears it: the room's peer of that id is the one on the other instance.
    this.#options.send(client, JSON.stringify({ type: 'left', topic, peer }));
    this.#options.drop(client, 'relay_refused', `enter as ${peer} refused: entered on another instance`);
  }

  #holder(client: C): string {
    let holder = this.#holders.get(client);
    if (holder === undefined) this.#holders.set(client, (holder = String((this.#lastHolder += 1))));
    return holder;
  }

  /** Sends a frame to its target, here or through the other instances: whether it went out; null with nowhere to go. */
  #pass(topic: Topic, from: string, to: string, payload: Uint8Array): boolean | null {
    const target = this.#rooms.get(topic)?.get(to);
    if (target) return this.#options.send(target, encodeRelayFrame({ topic, peer: from, payload }));
    if (!this.#options.instances) return null;
    const data = Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength).toString('base64');
    return this.#options.instances.publish(topic, JSON.stringify({ type: 'relayed', topic, from, to, data }));
  }

  #spend(client: C, topic: Topic, bytes: number, now: number): boolean {
    let budget = this.#budgets.get(client);
    if (!budget) this.#budgets.set(client, (budget = new WindowBudget(this.#limits)));
    const own = budget.spend(bytes, now);
    if (own && this.#roomBudgets.spend(topic, bytes, now)) return true;
    const which = own ? `room ${topic}'s` : 'its';
    this.#options.log(`ws ${client.id} relay cut: over ${which} relay budget`);
    this.#cut.add(client);
    this.#stats.cuts += 1;
    this.forget(client);
    return false;
  }
}
