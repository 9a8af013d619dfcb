import * as v from 'valibot';

/** The presence colours a participant may get. */
export const PRESENCE_COLORS = ['orange', 'blue', 'yellow', 'green'] as const;

/** Bounds of a presence message, far above any honest value (a name has at most 40 characters, an id 25). */
export const PRESENCE_LIMITS = {
  maxUserIdLength: 256,
  maxNameLength: 1024,
  maxColorLength: 64,
  /** Client ids are random 32-bit unsigned integers. */
  maxClientId: 0xffff_ffff,
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

/**
 * The ephemeral message: a participant's whole state (on change, to new peers, every 15 s) or its goodbye. `seq`
 * numbers a participant's state messages in the order it sent them: peers pass messages on, so one may come late.
 */
export const PresenceMessageSchema = v.object({
  roomPresence: v.variant('type', [
    v.object({
      type: v.literal('state'),
      clientId: ClientIdSchema,
      seq: SeqSchema,
      state: PresenceStateSchema,
    }),
    v.object({ type: v.literal('bye'), clientId: ClientIdSchema }),
  ]),
});
/** The ephemeral message: a participant's whole state or its goodbye. */
export type PresenceMessage = v.InferOutput<typeof PresenceMessageSchema>;

/** True when value is a valid presence state. */
export const isPresenceState = (value: unknown): value is PresenceState => v.is(PresenceStateSchema, value);

/** True when value is a presence message of this product (other ephemeral messages on the handle are ignored). */
export const isPresenceMessage = (value: unknown): value is PresenceMessage =>
  v.is(PresenceMessageSchema, value);
