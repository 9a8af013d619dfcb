import type { Topic } from '../protocol/signaling.ts';

/** Messages and bytes a room relayed within one window of its budget. */
export type RelaySpend = { messages: number; bytes: number };
/** A connection's claim to be peer in topic for the relay; holder names the connection, uniquely on its instance. */
export type PeerClaim = { topic: Topic; peer: string; holder: string };

/** A link to the other instances of a deployment. Its methods never throw: a relay that is down drops. */
export interface TopicRelay {
  /** Hands a serialised publish to the other instances, for their subscribers of topic; false when it was dropped. */
  publish(topic: Topic, text: string): boolean;
  /** The first local subscriber of topic arrived: receive its publishes from other instances from now on. */
  watch(topic: Topic): void;
  /** The last local subscriber of topic left. */
  unwatch(topic: Topic): void;
  /**
   * Adds spend to what topic relayed in window (its index among the windows of windowMs since the epoch, the same on
   * every instance): what every instance added so far, or null while that count cannot be reached. Never rejects.
   */
  spendRoom?(topic: Topic, window: number, windowMs: number, spend: RelaySpend): Promise<RelaySpend | null>;
  /**
   * Claims each peer for its holder on every instance for ttlMs, or renews the holder's claim: whether each holder now
   * holds its peer (false: a connection on another instance does), or null while that cannot be known. Never rejects.
   */
  claimPeers?(claims: PeerClaim[], ttlMs: number): Promise<boolean[] | null>;
  /** Gives up a claim (a claim not renewed lapses by itself). */
  releasePeer?(claim: PeerClaim): void;
}
