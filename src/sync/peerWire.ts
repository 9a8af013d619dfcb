/**
 * What travels over a peer data channel once it is open: first a hello naming the sender (automerge-repo
 * needs a peer id and metadata before it sends anything), then repo messages. All are cbor-encoded. Greetings and notes
 * may come before the hello: they leave as soon as the channel opens, without waiting for the Repo.
 */
import type { DocumentId, Message, PeerId, PeerMetadata } from '@automerge/automerge-repo/slim';

/** The first frame each side sends: who it is and how it presents itself to the Repo. */
export type HelloWire = { kind: 'hello'; peerId: string; peerMetadata: PeerMetadata };
/**
 * What a peer says on a link outside its Repo, which may not run yet, before or after the hello: a greeting, said first
 * and once per topic (the room's presence, a late joiner's ask for the logs), or a note (the logs it asked for, a log
 * entry ahead of its change).
 */
export type GreetingWire = { kind: 'greeting'; topic: string; greeting: unknown };
/** A note: see GreetingWire. */
export type NoteWire = { kind: 'note'; topic: string; body: unknown };
/**
 * One automerge-repo message without its senderId and targetId: a link joins exactly two peers, so the receiver
 * knows both, and a peer cannot speak for another. The general form, for message types without a compact one.
 */
export type RepoWire = { kind: 'repo'; message: Omit<Message, 'senderId' | 'targetId'> };
/**
 * The compact form of the messages every action sends: [code, document, data] for sync and request,
 * [code, document, data, count, session, sender?] for ephemeral (sender only when relayed from another peer),
 * [code, document] for doc-unavailable. Document and session are a string the first time a link carries them, then
 * their index in the order they first came (see WireStrings).
 */
export type CompactWire = [number, string | number, ...unknown[]];
/** Every data-channel message. */
export type PeerWire = HelloWire | GreetingWire | NoteWire | RepoWire | CompactWire;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** True when v is a hello with a non-empty peer id and object (or absent) metadata. */
export function isHelloWire(v: unknown): v is HelloWire {
  return (
    isObject(v) &&
    v.kind === 'hello' &&
    typeof v.peerId === 'string' &&
    v.peerId.length > 0 &&
    (v.peerMetadata === undefined || v.peerMetadata === null || isObject(v.peerMetadata))
  );
}

/** True when v is a greeting with a topic (its content is the receiver's to check). */
export function isGreetingWire(v: unknown): v is GreetingWire {
  return isObject(v) && v.kind === 'greeting' && typeof v.topic === 'string' && 'greeting' in v;
}

/** True when v is a note with a topic (its content is the receiver's to check). */
export function isNoteWire(v: unknown): v is NoteWire {
  return isObject(v) && v.kind === 'note' && typeof v.topic === 'string' && 'body' in v;
}

/** True when v carries something shaped like an automerge-repo message (a type, and binary data if any). */
export function isRepoWire(v: unknown): v is RepoWire {
  if (!isObject(v) || v.kind !== 'repo' || !isObject(v.message)) return false;
  const m = v.message;
  return typeof m.type === 'string' && (m.data === undefined || m.data instanceof Uint8Array);
}

const CODES = ['sync', 'request', 'ephemeral', 'doc-unavailable'] as const;
const EPHEMERAL = 2;
const UNAVAILABLE = 3;

/** Most distinct strings one link remembers per direction; later ones travel in full every time. */
export const MAX_WIRE_STRINGS = 256;

/**
 * The strings a link has carried in one direction (document ids, ephemeral session ids), by index. Sender and
 * receiver number them the same way because the channel is ordered and reliable and each side adds a string exactly
 * when it travels in full while the table has room.
 */
export class WireStrings {
  readonly #sent = new Map<string, number>();
  readonly #received: string[] = [];

  /** The reference to send for s: its index once it travelled, else s itself (remembered from now on). */
  ref(s: string): string | number {
    const known = this.#sent.get(s);
    if (known !== undefined) return known;
    if (this.#sent.size < MAX_WIRE_STRINGS) this.#sent.set(s, this.#sent.size);
    return s;
  }

  /** The string a received reference stands for; null when it is neither a string nor a known index. */
  resolve(ref: unknown): string | null {
    if (typeof ref === 'string') {
      if (this.#received.length < MAX_WIRE_STRINGS) this.#received.push(ref);
      return ref;
    }
    return typeof ref === 'number' ? (this.#received[ref] ?? null) : null;
  }
}

/**
 * Encodes and decodes the repo messages of one link. Each link needs its own codec (its string tables), used for every
 * message it writes and reads, in order.
 */
export class RepoWireCodec {
  readonly #out = new WireStrings();
  readonly #in = new WireStrings();

  /** The wire form of a message this side (localPeerId) sends, or relays, over the link. */
  encode(message: Message, localPeerId: string): PeerWire {
    const code = (CODES as readonly string[]).indexOf(message.type);
    const { documentId, data } = message;
    if (
      code < 0 ||
      typeof documentId !== 'string' ||
      (code !== UNAVAILABLE && !(data instanceof Uint8Array))
    ) {
      const { senderId: _sender, targetId: _target, ...rest } = message;
      return { kind: 'repo', message: rest };
    }
    const doc = this.#out.ref(documentId);
    if (code === UNAVAILABLE) return [code, doc];
    if (code !== EPHEMERAL) return [code, doc, data];
    const { count, sessionId, senderId } = message as Message & { count: number; sessionId: string };
    const wire: CompactWire = [code, doc, data, count, this.#out.ref(sessionId)];
    // automerge-repo relays ephemeral messages, keeping the original sender: only a relay names it.
    if (senderId !== undefined && senderId !== localPeerId) wire.push(senderId);
    return wire;
  }

  /** The repo message a received wire value carries, addressed from remotePeerId to localPeerId; null when malformed. */
  decode(wire: unknown, remotePeerId: string, localPeerId: string): Message | null {
    const ends = { senderId: remotePeerId as PeerId, targetId: localPeerId as PeerId };
    if (isRepoWire(wire)) return { ...wire.message, ...ends } as Message;
    if (!Array.isArray(wire) || typeof wire[0] !== 'number') return null;
    const [code, docRef, data, count, sessionRef, sender] = wire as unknown[];
    const type = CODES[code as number];
    const documentId = this.#in.resolve(docRef) as DocumentId | null;
    if (type === undefined || documentId === null) return null;
    if (code === UNAVAILABLE) return { type, documentId, ...ends } as Message;
    if (!(data instanceof Uint8Array)) return null;
    if (code !== EPHEMERAL) return { type, documentId, data, ...ends } as Message;
    const sessionId = this.#in.resolve(sessionRef);
    if (!Number.isSafeInteger(count) || sessionId === null) return null;
    if (sender !== undefined && (typeof sender !== 'string' || sender.length === 0)) return null;
    const senderId = (sender ?? remotePeerId) as PeerId;
    return { type, documentId, data, count, sessionId, ...ends, senderId } as Message;
  }
}
