import * as v from 'valibot';
import { clientIdOfKey } from '../signing/keyIdentity';
import { canonicalJson, isPublicKey, verifySignatureAsync, type PageSigner } from '../signing/signatures';

/** The presence colours a participant may get. */
export const PRESENCE_COLORS = ['orange', 'blue', 'yellow', 'green'] as const;

/** Bounds of a presence message, far above any honest value (a name has at most 40 characters, an id 25). */
export const PRESENCE_LIMITS = {
  maxUserIdLength: 256,
  maxNameLength: 1024,
  maxColorLength: 64,
  /** Client ids are 32-bit unsigned integers, made from the page's key (clientIdOfKey). */
  maxClientId: 0xffff_ffff,
  /** Repo peer ids are some 30 characters. */
  maxPeerIdLength: 128,
  /** A signature in base64: 88 characters for Ed25519's and P-256's 64 bytes. */
  maxSignatureLength: 100,
  /** A state message's number counts its sender's messages from 0: one a second would need 285 million years. */
  maxSeq: Number.MAX_SAFE_INTEGER,
} as const;

const boundedString = (maxLength: number) => v.pipe(v.string(), v.maxLength(maxLength));

/** One of the presence colours. */
export const PresenceColorSchema = v.picklist(PRESENCE_COLORS);
/** One of the presence colours. */
export type PresenceColor = v.InferOutput<typeof PresenceColorSchema>;

/** The user a participant shows: the session's current user. */
export const PresenceUserSchema = v.object({
  id: boundedString(PRESENCE_LIMITS.maxUserIdLength),
  name: boundedString(PRESENCE_LIMITS.maxNameLength),
  color: boundedString(PRESENCE_LIMITS.maxColorLength),
});
/** The user a participant shows. */
export type PresenceUser = v.InferOutput<typeof PresenceUserSchema>;

// Null while the pointer is not tracked (okey, minecraft): no cursor is drawn for such a participant.
const CoordinateSchema = v.nullable(v.pipe(v.number(), v.finite()));

/** What each participant shares with the room (its presence state). */
export const PresenceStateSchema = v.object({
  x: CoordinateSchema,
  y: CoordinateSchema,
  user: PresenceUserSchema,
  color: PresenceColorSchema,
});
/** What each participant shares with the room; x and y are null while the pointer is not tracked. */
export type PresenceState = v.InferOutput<typeof PresenceStateSchema>;

const countUpTo = (max: number) => v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(max));
const ClientIdSchema = countUpTo(PRESENCE_LIMITS.maxClientId);
const SeqSchema = countUpTo(PRESENCE_LIMITS.maxSeq);

const KeySchema = v.custom<string>(isPublicKey);
const SignatureSchema = boundedString(PRESENCE_LIMITS.maxSignatureLength);

/**
 * The ephemeral message: a participant's whole state (on change, to new peers, every 15 s) or its goodbye. `seq`
 * numbers a participant's state messages in the order it sent them: peers pass messages on, so one may come late.
 * `peerId` is the repo peer the page speaks through (its links close with it). Each message carries the page's public
 * key, which its client id is made from, and its signature of the room's name and the message (presenceSignedText):
 * whatever path it came by, any page can tell that the page it names sent it.
 */
export const PresenceMessageSchema = v.object({
  roomPresence: v.variant('type', [
    v.object({
      type: v.literal('state'),
      clientId: ClientIdSchema,
      seq: SeqSchema,
      peerId: boundedString(PRESENCE_LIMITS.maxPeerIdLength),
      state: PresenceStateSchema,
      key: KeySchema,
      signature: SignatureSchema,
    }),
    v.object({
      type: v.literal('bye'),
      clientId: ClientIdSchema,
      key: KeySchema,
      signature: SignatureSchema,
    }),
  ]),
});
/** The ephemeral message: a participant's whole state or its goodbye. */
export type PresenceMessage = v.InferOutput<typeof PresenceMessageSchema>;
/** What a page says, before it signs it. */
export type PresenceBody =
  | Omit<Extract<PresenceMessage['roomPresence'], { type: 'state' }>, 'signature'>
  | Omit<Extract<PresenceMessage['roomPresence'], { type: 'bye' }>, 'signature'>;

/** True when value is a valid presence state. */
export const isPresenceState = (value: unknown): value is PresenceState => v.is(PresenceStateSchema, value);

/** True when value is a presence message of this product (other ephemeral messages on the handle are ignored). */
export const isPresenceMessage = (value: unknown): value is PresenceMessage =>
  v.is(PresenceMessageSchema, value);

/**
 * The text a page signs for a presence message: the room's name and the message without its signature, as canonical
 * JSON. Tagged 'presence' and three long, it can never be the text of a signed action ([room, game, type, payload]).
 */
export function presenceSignedText(roomName: string, body: object): string {
  const { signature: _signature, ...signed } = body as Record<string, unknown>;
  return canonicalJson(['presence', roomName, signed]);
}

/** A presence message as the page whose key signer holds sends it. */
export async function signPresence(
  signer: PageSigner,
  roomName: string,
  body: PresenceBody,
): Promise<PresenceMessage> {
  const signature = await signer.sign(presenceSignedText(roomName, body));
  return { roomPresence: { ...body, signature } as PresenceMessage['roomPresence'] };
}

/**
 * Whether a presence message was sent by the page it names: its client id is made from its key, and the signature of
 * this room's text verifies (with WebCrypto, off the main thread; in pure JS where WebCrypto lacks the kind of key).
 * Never throws.
 */
export async function isSignedByItsPage(roomName: string, message: PresenceMessage): Promise<boolean> {
  const m = message.roomPresence;
  if (clientIdOfKey(m.key) !== m.clientId) return false;
  const text = presenceSignedText(roomName, m);
  return verifySignatureAsync(m.key, text, m.signature);
}
