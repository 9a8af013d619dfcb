import type { Topic } from '../protocol/signaling.ts';
import type { PeerClaim, TopicRelay } from './relay.ts';

/** How long a claim to a peer id outlives its instance (a crashed one): the id is free again after this. */
export const PEER_CLAIM_TTL_MS = 15_000;
/** How often an instance renews the claims it holds, well within PEER_CLAIM_TTL_MS. */
export const PEER_CLAIM_RENEW_MS = PEER_CLAIM_TTL_MS / 3;

/** The other instances that hold claims too, and where a claim another connection holds is reported. */
export type PeerClaimsOptions = {
  /** Without one (or without its claimPeers), no claim is made and none is lost. */
  instances?: TopicRelay;
  /** claim is held by a connection on another instance: its holder here must give up the peer. */
  lost(claim: PeerClaim): void;
};

const claimKey = (topic: Topic, peer: string) => JSON.stringify([topic, peer]);

/**
 * Keeps the peer ids this instance's connections entered as claimed on every instance (Redis), so that a connection
 * on another instance cannot enter as a peer already entered here. A claim is made on each enter, renewed while held,
 * released on leave; one that another connection holds is lost. While the claims cannot be reached each instance
 * decides alone, as a single instance does; when they can again, the first to renew a contested peer keeps it.
 */
export class PeerClaims {
  readonly #options: PeerClaimsOptions;
  readonly #claimPeers: TopicRelay['claimPeers'];
  readonly #held = new Map<string, PeerClaim>();
  #timer: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(options: PeerClaimsOptions) {
    this.#options = options;
    this.#claimPeers = options.instances?.claimPeers?.bind(options.instances);
  }

  /** holder entered as peer in topic here: claims it on every instance (or renews its claim). */
  claim(topic: Topic, peer: string, holder: string): Promise<void> {
    if (!this.#claimPeers || this.#closed) return Promise.resolve();
    const claim = { topic, peer, holder };
    this.#held.set(claimKey(topic, peer), claim);
    this.#timer ??= setInterval(() => void this.renew(), PEER_CLAIM_RENEW_MS).unref();
    return this.#send([claim]);
  }

  /** holder left peer in topic: its claim is given up. */
  release(topic: Topic, peer: string, holder: string): void {
    const key = claimKey(topic, peer);
    if (this.#held.get(key)?.holder !== holder) return;
    this.#held.delete(key);
    this.#options.instances?.releasePeer?.({ topic, peer, holder });
    if (this.#held.size === 0) this.#stopRenewing();
  }

  /** Renews every claim held here; resolves once answered, each one lost reported. */
  renew(): Promise<void> {
    return this.#send([...this.#held.values()]);
  }

  /** Stops renewing (the claims lapse by themselves). Idempotent. */
  close(): void {
    this.#closed = true;
    this.#stopRenewing();
  }

  async #send(claims: PeerClaim[]): Promise<void> {
    if (!this.#claimPeers || claims.length === 0) return;
    const held = await this.#claimPeers(claims, PEER_CLAIM_TTL_MS);
    claims.forEach((claim, i) => {
      // Unknown while unreachable; a claim released, or made again by another holder here, since is not ours to lose.
      if (held?.[i] !== false || this.#held.get(claimKey(claim.topic, claim.peer)) !== claim) return;
      this.#held.delete(claimKey(claim.topic, claim.peer));
      this.#options.lost(claim);
    });
  }

  #stopRenewing(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }
}
