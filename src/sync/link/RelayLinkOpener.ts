import type { PeerLimits } from './peerLimits.ts';
import { PeerLink, type DirectChannels, type TransportStats } from './PeerLink.ts';
import { RELAY_KINDS, RelayChannel, type RelayKind } from './RelayChannel.ts';
import type { LinkRequest } from './WebRtcLinkOpener.ts';

/** What a RelayLinkOpener needs: how a payload reaches a peer through the server, and what every link shares. */
export type RelayLinkOpenerOptions = {
  /** Relays one payload to a peer of the room (sealed there in a private room). */
  send(to: string, payload: Uint8Array<ArrayBuffer>): void;
  /** A peer asked to open a relayed link under token: the mesh decides whether to answer (open it, not initiator). */
  onOpenAsked(from: string, token: number): void;
  /** The direct channels a relayed link keeps trying to move onto; none: it stays relayed. */
  direct?: DirectChannels;
  handshakeTimeoutMs: number;
  limits: PeerLimits;
  log: (message: string, detail?: unknown) => void;
};

const HEADER_BYTES = 5;
const KINDS: ReadonlySet<number> = new Set(Object.values(RELAY_KINDS));

/**
 * How a link's frames travel when its WebRTC link does not open: relayed through the signalling server, in envelopes of
 * a kind, the link's token and a frame. The second way to open a link, beside WebRtcLinkOpener; which peers to link
 * this way is the mesh's. At most one relayed channel per peer.
 */
export class RelayLinkOpener {
  readonly #options: RelayLinkOpenerOptions;
  readonly #channels = new Map<string, { token: number; channel: RelayChannel }>();
  readonly #stats: TransportStats = { bytesSent: 0, bytesReceived: 0, messagesSent: 0, messagesReceived: 0 };

  constructor(options: RelayLinkOpenerOptions) {
    this.#options = options;
  }

  /** Traffic over relayed links so far (a copy). */
  get stats(): TransportStats {
    return { ...this.#stats };
  }

  /** Opens a relayed link: the dialler says open at once, the answerer accepts. */
  open(request: LinkRequest): PeerLink {
    const { remotePeerId: peer, token } = request;
    const { handshakeTimeoutMs, limits, log, send, direct } = this.#options;
    const openChannel = (initiator: boolean): RelayChannel => {
      const channel: RelayChannel = new RelayChannel(
        initiator,
        (kind, frame) => send(peer, envelope(kind, token, frame)),
        () => {
          if (this.#channels.get(peer)?.channel === channel) this.#channels.delete(peer);
        },
      );
      this.#channels.set(peer, { token, channel });
      return channel;
    };
    return new PeerLink({
      ...request,
      openChannel,
      relayed: true,
      direct,
      handshakeTimeoutMs,
      stats: this.#stats,
      log,
      limits,
    });
  }

  /** A payload relayed from a peer: fed to its channel, or an ask to open one; anything else is dropped. */
  receive(from: string, payload: Uint8Array): void {
    if (payload.length < HEADER_BYTES || !KINDS.has(payload[0])) {
      this.#options.log(`relay: dropped a malformed envelope from ${from}`);
      return;
    }
    const kind = payload[0] as RelayKind;
    const token = new DataView(payload.buffer, payload.byteOffset + 1, 4).getUint32(0);
    const current = this.#channels.get(from);
    if (current?.token === token) current.channel.receive(kind, payload.subarray(HEADER_BYTES));
    else if (kind === RELAY_KINDS.open) this.#options.onOpenAsked(from, token);
  }

  /** The server says peer's frames no longer pass: its relayed link closes. */
  left(peer: string): void {
    this.#channels.get(peer)?.channel.remoteGone();
  }
}

function envelope(kind: RelayKind, token: number, frame?: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(HEADER_BYTES + (frame?.length ?? 0));
  out[0] = kind;
  new DataView(out.buffer).setUint32(1, token >>> 0);
  if (frame) out.set(frame, HEADER_BYTES);
  return out;
}
