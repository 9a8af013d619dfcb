import type { DocHandleEphemeralMessagePayload } from '@automerge/automerge-repo';
import * as v from 'valibot';
import { MAX_ENTRY_CHARS } from './logEntry';
import type { LinkGreetings } from '../mesh/GreetingsAndNotes';
import type { RoomDocument } from '../document/RoomDocument';
import type { RoomDoc } from '../document/roomIdentity';

/**
 * Where the bridge sends a log entry ahead of its document change, to every peer, and hears other peers' entries with
 * the peer each came from.
 */
export type AheadLane = {
  send(message: unknown): void;
  subscribe(listener: (message: unknown, from: string) => void): () => void;
};

/** The most characters the id an entry ahead follows may have (ids have about 15; a fold refuses ones over 64). */
export const MAX_AFTER_ID_CHARS = 256;

/**
 * The message carrying a log entry ahead of its document change, and the id of the entry before it (null: the first).
 * An entry longer than MAX_ENTRY_CHARS is refused here, as every fold would skip it.
 */
export const EntryAheadMessageSchema = v.object({
  entry: v.pipe(v.string(), v.maxLength(MAX_ENTRY_CHARS)),
  after: v.nullable(v.pipe(v.string(), v.maxLength(MAX_AFTER_ID_CHARS))),
});
/** The message carrying a log entry ahead of its document change, and the id of the entry before it. */
export type EntryAheadMessage = v.InferOutput<typeof EntryAheadMessageSchema>;
/** True when value is an entry ahead within its bounds (the entry itself is the fold's to check). */
export const isEntryAheadMessage = (value: unknown): value is EntryAheadMessage =>
  v.is(EntryAheadMessageSchema, value);

/** The note topic of entries ahead on WebRTC links. */
export const ENTRY_TOPIC = 'entry';

/**
 * Entries ahead as the document's ephemeral messages: they reach every peer of the Repo (tabs over BroadcastChannel
 * too), but automerge-repo relays each one on from every peer to all of its own, which in a full mesh of n pages is
 * n - 1 copies more per peer.
 */
export function ephemeralLane(room: RoomDocument): AheadLane {
  return {
    send: (message) => room.handle.broadcast(message),
    subscribe(listener) {
      const onEphemeral = ({ message, senderId }: DocHandleEphemeralMessagePayload<RoomDoc>) =>
        listener(message, senderId);
      room.handle.on('ephemeral-message', onEphemeral);
      return () => room.handle.off('ephemeral-message', onEphemeral);
    },
  };
}

/**
 * Entries ahead as notes on each open WebRTC link: one copy per peer, never relayed (4 pages: 6.0 instead of 8.5 KB
 * per Okey discard, 3 ms sooner). Tabs of this browser, reached over BroadcastChannel, see the move with its change.
 */
export function linkLane(links: Pick<LinkGreetings, 'broadcastNote' | 'onNote'>): AheadLane {
  return {
    send: (message) => links.broadcastNote(ENTRY_TOPIC, message),
    subscribe: (listener) => links.onNote(ENTRY_TOPIC, (peerId, message) => listener(message, peerId)),
  };
}

/** The most entries ahead held from one peer until they can be shown (HeldAhead). */
export const MAX_HELD_PER_PEER = 64;
/**
 * The most held in all. Links are bounded, but a closed page's last words come through the server naming any peer, so
 * the peers are not: past this the oldest goes, whoever sent it (the server lets one address post one beacon a second).
 */
export const MAX_HELD = 16 * MAX_HELD_PER_PEER;

/**
 * Entries ahead held until they can be shown (the room document or their game is still loading), in the order they
 * came, the latest MAX_HELD_PER_PEER from each peer: a peer that sends garbage crowds out its own, not another peer's
 * move, unless many peers' garbage passes MAX_HELD.
 */
export class HeldAhead<T> {
  #held: { from: string; item: T }[] = [];

  /** Holds item, which came from peer `from`, dropping that peer's oldest past its bound, and the oldest past MAX_HELD. */
  hold(from: string, item: T): void {
    this.#held.push({ from, item });
    const own = this.#held.filter((h) => h.from === from);
    if (own.length > MAX_HELD_PER_PEER) this.#held.splice(this.#held.indexOf(own[0]), 1);
    if (this.#held.length > MAX_HELD) this.#held.shift();
  }

  /** Takes out, in the order they came, the items `which` picks (every one unless given). */
  take(which: (item: T) => boolean = () => true): { from: string; item: T }[] {
    const taken = this.#held.filter((h) => which(h.item));
    this.#held = this.#held.filter((h) => !taken.includes(h));
    return taken;
  }
}
