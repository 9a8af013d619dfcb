/**
 * What travels over a peer data channel once it is open: first a hello naming the sender (automerge-repo
 * needs a peer id and metadata before it sends anything), then repo messages. All are cbor-encoded. Greetings and notes
 * may come before the hello: they leave as soon as the channel opens, without waiting for the Repo.
 */
import type { DocumentId, Message, PeerId, StorageId } from '@automerge/automerge-repo/slim';
import * as v from 'valibot';

/** Most distinct strings one link remembers per direction; later ones travel in full every time. */
export const MAX_WIRE_STRINGS = 256;

/**
 * Bounds of the data-channel wire outside Automerge's own data, far above any honest value: a peer id has 21
 * characters, a document id 28, an ephemeral session id about 11, a greeting or note topic at most 8.
 */
export const WIRE_LIMITS = {
  maxPeerIdLength: 256,
  maxStringLength: 256,
  maxTopicLength: 256,
} as const;

const boundedString = (maxLength: number) => v.pipe(v.string(), v.maxLength(maxLength));
const PeerIdSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(WIRE_LIMITS.maxPeerIdLength));
const TopicSchema = boundedString(WIRE_LIMITS.maxTopicLength);
const WireStringSchema = boundedString(WIRE_LIMITS.maxStringLength);
// Bounded by the link's byte limits (peerLimits); typed by hand, as v.instance would narrow it to an ArrayBuffer's view.
const BytesSchema = v.custom<Uint8Array>((b) => b instanceof Uint8Array);

/** How a page presents itself to the Repo: automerge-repo's PeerMetadata, bounded; other keys are ignored. */
const PeerMetadataSchema = v.pipe(
  // First, as v.object takes an array for an object.
  v.custom<object>((m) => typeof m === 'object' && m !== null && !Array.isArray(m)),
  v.object({
    storageId: v.optional(v.custom<StorageId>((s) => v.is(WireStringSchema, s))),
    isEphemeral: v.optional(v.boolean()),
  }),
);

/**
 * The first frame each side sends: who it is, how it presents itself to the Repo (null or absent: nothing), and whether
 * it inflates deflated frames (linkDeflate; absent from pages of earlier builds, which are sent plain frames only) and
 * whether it takes them bare, without their flush tail (absent from earlier builds, which get the tail). Automerge's
 * sync messages always travel as Automerge wrote them.
 */
export const HelloWireSchema = v.object({
  kind: v.literal('hello'),
  peerId: PeerIdSchema,
  peerMetadata: v.nullish(PeerMetadataSchema),
  inflates: v.optional(v.boolean()),
  bareFlush: v.optional(v.boolean()),
});
/** The first frame each side sends. */
export type HelloWire = v.InferOutput<typeof HelloWireSchema>;
/**
 * What a peer says on a link outside its Repo, which may not run yet, before or after the hello: a greeting, said first
 * and once per topic (the room's presence, a late joiner's ask for the logs), or a note (the logs it asked for, a log
 * entry ahead of its change). The content is the receiver's to check.
 */
export const GreetingWireSchema = v.object({
  kind: v.literal('greeting'),
  topic: TopicSchema,
  greeting: v.unknown(),
});
/** A greeting: see GreetingWireSchema. */
export type GreetingWire = v.InferOutput<typeof GreetingWireSchema>;
/** A note: see GreetingWireSchema. */
export const NoteWireSchema = v.object({ kind: v.literal('note'), topic: TopicSchema, body: v.unknown() });
/** A note: see GreetingWireSchema. */
export type NoteWire = v.InferOutput<typeof NoteWireSchema>;
const AttemptSchema = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
/**
 * A relayed link moving onto a direct one (DirectUpgrade): a WebRTC signal of the direct attempt numbered attempt,
 * carried over the relayed link itself. The signal is simple-peer's to check.
 */
export const DirectWireSchema = v.object({
  kind: v.literal('direct'),
  attempt: AttemptSchema,
  signal: v.custom<object>((s) => typeof s === 'object' && s !== null && !Array.isArray(s)),
});
/** A signal of a direct attempt: see DirectWireSchema. */
export type DirectWire = v.InferOutput<typeof DirectWireSchema>;
/**
 * The last frame a side sends over the relayed channel: every later frame travels over the direct attempt numbered
 * attempt, so the receiver reads the two channels one after the other and no frame is lost or read twice.
 */
export const SwitchWireSchema = v.object({ kind: v.literal('switch'), attempt: AttemptSchema });
/** The end of a side's relayed frames: see SwitchWireSchema. */
export type SwitchWire = v.InferOutput<typeof SwitchWireSchema>;
/**
 * One automerge-repo message without its senderId and targetId: a link joins exactly two peers, so the receiver
 * knows both, and a peer cannot speak for another. The general form, for message types without a compact one; what
 * its other fields mean is automerge-repo's to check.
 */
export const RepoWireSchema = v.object({
  kind: v.literal('repo'),
  message: v.object({
    type: WireStringSchema,
    documentId: v.optional(WireStringSchema),
    data: v.optional(BytesSchema),
  }),
});
/** One automerge-repo message without its senderId and targetId. */
export type RepoWire = v.InferOutput<typeof RepoWireSchema>;

const CODES = ['sync', 'request', 'ephemeral', 'doc-unavailable'] as const;
const SYNC = 0;
const REQUEST = 1;
const EPHEMERAL = 2;
const UNAVAILABLE = 3;

// A string the first time a link carries it, then its index in the order strings first came (see WireStrings).
const WireRefSchema = v.union([
  WireStringSchema,
  v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_WIRE_STRINGS - 1)),
]);
const EphemeralHead = [
  v.literal(EPHEMERAL),
  WireRefSchema,
  BytesSchema,
  v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  WireRefSchema,
] as const;

/**
 * The compact form of the messages every action sends: [code, document, data] for sync and request,
 * [code, document, data, count, session, sender?] for ephemeral (sender only when relayed from another peer),
 * [code, document] for doc-unavailable. Document and session are a string the first time a link carries them, then their index in the order
 * they first came (see WireStrings).
 */
export const CompactWireSchema = v.union([
  v.tuple([v.picklist([SYNC, REQUEST]), WireRefSchema, BytesSchema]),
  v.strictTuple([...EphemeralHead]),
  v.strictTuple([...EphemeralHead, PeerIdSchema]),
  v.tuple([v.literal(UNAVAILABLE), WireRefSchema]),
]);
/** The compact form of a repo message: see CompactWireSchema. */
export type CompactWire = v.InferOutput<typeof CompactWireSchema>;
/** Every data-channel message. */
export type PeerWire = HelloWire | GreetingWire | NoteWire | DirectWire | SwitchWire | RepoWire | CompactWire;

/** True when value is a hello with a non-empty peer id and object (or absent) metadata. */
export const isHelloWire = (value: unknown): value is HelloWire => v.is(HelloWireSchema, value);
/** True when value is a greeting with a topic (its content is the receiver's to check). */
export const isGreetingWire = (value: unknown): value is GreetingWire => v.is(GreetingWireSchema, value);
/** True when value is a note with a topic (its content is the receiver's to check). */
export const isNoteWire = (value: unknown): value is NoteWire => v.is(NoteWireSchema, value);
/** True when value is a signal of a direct attempt (its signal is simple-peer's to check). */
export const isDirectWire = (value: unknown): value is DirectWire => v.is(DirectWireSchema, value);
/** True when value says the sender's later frames travel over a direct attempt. */
export const isSwitchWire = (value: unknown): value is SwitchWire => v.is(SwitchWireSchema, value);
/** True when value carries something shaped like an automerge-repo message (a type, and binary data if any). */
export const isRepoWire = (value: unknown): value is RepoWire => v.is(RepoWireSchema, value);

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
    if (code === UNAVAILABLE) return [UNAVAILABLE, doc];
    const bytes = data as Uint8Array;
    if (code !== EPHEMERAL) return [code as typeof SYNC | typeof REQUEST, doc, bytes];
    const { count, sessionId, senderId } = message as Message & { count: number; sessionId: string };
    const session = this.#out.ref(sessionId);
    // automerge-repo relays ephemeral messages, keeping the original sender: only a relay names it.
    if (senderId !== undefined && senderId !== localPeerId)
      return [EPHEMERAL, doc, bytes, count, session, senderId];
    return [EPHEMERAL, doc, bytes, count, session];
  }

  /** The repo message a received wire value carries, addressed from remotePeerId to localPeerId; null when malformed. */
  decode(wire: unknown, remotePeerId: string, localPeerId: string): Message | null {
    const ends = { senderId: remotePeerId as PeerId, targetId: localPeerId as PeerId };
    if (isRepoWire(wire)) return { ...wire.message, ...ends } as Message;
    if (!v.is(CompactWireSchema, wire)) return null;
    const type = CODES[wire[0]];
    const documentId = this.#in.resolve(wire[1]) as DocumentId | null;
    if (documentId === null) return null;
    if (wire[0] === UNAVAILABLE) return { type, documentId, ...ends } as Message;
    const data = wire[2];
    if (wire[0] !== EPHEMERAL) return { type, documentId, data, ...ends } as Message;
    const [, , , count, sessionRef, sender] = wire;
    const sessionId = this.#in.resolve(sessionRef);
    if (sessionId === null) return null;
    const senderId = (sender ?? remotePeerId) as PeerId;
    return { type, documentId, data, count, sessionId, ...ends, senderId } as Message;
  }
}
