import type { SignalData } from '../../../protocol/signaling.ts';
import { PeerBans } from '../link/peerLimits.ts';
import { isSameBrowser } from './peerIds.ts';

/** How many times the mesh announces again for one peer after failed handshakes before it gives that peer up. */
export const MAX_HANDSHAKE_RETRIES = 5;

/** What the policy reads of a link: the attempt it belongs to and whether its Repo said hello. */
export type LinkAttempt = {
  readonly token: number;
  readonly initiator: boolean;
  readonly isOpen: boolean;
  /** True when the link is relayed through the signalling server. */
  readonly relayed?: boolean;
};

/** What the policy reads of the links standing now, by peer. */
export type LinksByPeer<L extends LinkAttempt> = {
  get(peerId: string): L | undefined;
  readonly size: number;
};

/** What to do with a signal from the room: nothing, feed it to the link it belongs to, or answer a new offer. */
export type SignalDecision<L> =
  | { do: 'ignore' }
  | { do: 'feed'; link: L }
  /** Open a link that answers the offer, after dropping the link it replaces (a lost glare, a restarted peer). */
  | { do: 'answer'; replacing: L | undefined };

/** What a DiallingPolicy needs: the random source, the connection cap and which peers to leave alone. */
export type DiallingPolicyOptions = {
  random: () => number;
  maxConnections: number;
  /** Peers never dialled nor answered; by default tabs of this browser (peerIds). */
  skipPeer?: (peerId: string) => boolean;
  /** How long a peer that broke its limits is neither dialled nor answered. */
  banMs: number;
};

/**
 * Which peers a mesh links with, and who dials. The peer that receives an announce dials. Glare (both dial at once):
 * every attempt carries a random token; the offer with the larger token proceeds and the side holding the smaller one
 * drops its own initiator and answers. A peer that announces while we still hold a link to it is ignored. After a
 * failed handshake the mesh announces again a few times, later each time, so two peers that can never connect do not
 * loop forever. It decides only: the mesh opens, feeds and drops the links.
 */
export class DiallingPolicy {
  readonly #options: DiallingPolicyOptions;
  /** Peers dropped for breaking their limits, until they may be dialled again. */
  readonly #banned: PeerBans;
  readonly #failedHandshakes = new Map<string, number>();

  constructor(options: DiallingPolicyOptions) {
    this.#options = options;
    this.#banned = new PeerBans(options.banMs);
  }

  /** The most links the mesh holds at once. */
  get maxConnections(): number {
    return this.#options.maxConnections;
  }

  /** Neither dials nor answers peerId for the ban's length from now. */
  ban(peerId: string): void {
    this.#banned.ban(peerId);
  }

  /** True when peerId is to be left alone by a mesh in the room as localPeerId (null: not in the room). */
  skips(peerId: string, localPeerId: string | null): boolean {
    if (!localPeerId || peerId === localPeerId) return true;
    if (this.#banned.has(peerId)) return true;
    const { skipPeer } = this.#options;
    return skipPeer ? skipPeer(peerId) : isSameBrowser(peerId, localPeerId);
  }

  /** The token to dial a peer that announced itself with, or null to leave it. */
  dialToken<L extends LinkAttempt>(
    from: string,
    localPeerId: string | null,
    links: LinksByPeer<L>,
  ): number | null {
    if (this.skips(from, localPeerId) || links.get(from) || this.#isFull(links)) return null;
    return Math.floor(this.#options.random() * 2 ** 31);
  }

  /** What to do with a signal that arrived from the room. */
  onSignal<L extends LinkAttempt>(
    data: SignalData,
    localPeerId: string | null,
    links: LinksByPeer<L>,
  ): SignalDecision<L> {
    if (data.to !== localPeerId || this.skips(data.from, localPeerId)) return { do: 'ignore' };
    const current = links.get(data.from);
    if (current && current.token === data.token) return { do: 'feed', link: current };
    // Anything but an offer under an unknown token belongs to an abandoned attempt.
    if (!isOffer(data.signal)) return { do: 'ignore' };
    if (current) {
      const glareWeWin = current.initiator && !current.isOpen && current.token > data.token;
      return glareWeWin ? { do: 'ignore' } : { do: 'answer', replacing: current };
    }
    return this.#isFull(links) ? { do: 'ignore' } : { do: 'answer', replacing: undefined };
  }

  /**
   * What to do when a peer asks to open a relayed link under token: as with an offer, except that the direct attempt of
   * the same token gives way to it (its dialler found it did not open in time).
   */
  onRelayOpen<L extends LinkAttempt>(
    from: string,
    token: number,
    localPeerId: string | null,
    links: LinksByPeer<L>,
  ): SignalDecision<L> {
    const offer = { type: 'signal', to: localPeerId ?? '', from, token, signal: { type: 'offer' } } as const;
    const decision = this.onSignal(offer, localPeerId, links);
    if (decision.do !== 'feed') return decision;
    return decision.link.relayed ? { do: 'ignore' } : { do: 'answer', replacing: decision.link };
  }

  /** A link to peerId said its hello: its earlier failures no longer count. */
  linked(peerId: string): void {
    this.#failedHandshakes.delete(peerId);
  }

  /**
   * A handshake with peerId failed (under load, or a signal was lost): how long to wait before announcing again, so
   * the other side dials anew, growing with each failure; null once it failed too often.
   */
  retryDelay(peerId: string): number | null {
    const failures = (this.#failedHandshakes.get(peerId) ?? 0) + 1;
    this.#failedHandshakes.set(peerId, failures);
    if (failures > MAX_HANDSHAKE_RETRIES) return null;
    return (250 + this.#options.random() * 750) * failures;
  }

  #isFull(links: LinksByPeer<LinkAttempt>): boolean {
    return links.size >= this.#options.maxConnections;
  }
}

function isOffer(signal: unknown): boolean {
  return typeof signal === 'object' && signal !== null && (signal as { type?: unknown }).type === 'offer';
}
