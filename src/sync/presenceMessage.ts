/** The presence colours a participant may get (spec section 9). */
export const PRESENCE_COLORS = ['orange', 'blue', 'yellow', 'green'] as const;

/** One of the presence colours. */
export type PresenceColor = (typeof PRESENCE_COLORS)[number];

/** The user a participant shows: the session's current user. */
export type PresenceUser = { id: string; name: string; color: string };

/** What each participant shares with the room (spec section 3, "Presence state"). */
/** x and y are null while the pointer is not tracked (okey, minecraft): no cursor is drawn for such a participant. */
export type PresenceState = { x: number | null; y: number | null; user: PresenceUser; color: PresenceColor };

/** The ephemeral message: a participant's whole state (on change, to new peers, every 15 s) or its goodbye. */
export type PresenceMessage = {
  roomPresence: { type: 'state'; clientId: number; state: PresenceState } | { type: 'bye'; clientId: number };
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** True when v is a valid presence state. */
export function isPresenceState(v: unknown): v is PresenceState {
  if (!isRecord(v) || !isRecord(v.user)) return false;
  const { x, y, user, color } = v;
  return (
    (typeof x === 'number' || x === null) &&
    (typeof y === 'number' || y === null) &&
    typeof user.id === 'string' &&
    typeof user.name === 'string' &&
    typeof user.color === 'string' &&
    PRESENCE_COLORS.includes(color as PresenceColor)
  );
}

/** True when v is a presence message of this product (other ephemeral messages on the handle are ignored). */
export function isPresenceMessage(v: unknown): v is PresenceMessage {
  if (!isRecord(v) || !isRecord(v.roomPresence)) return false;
  const m = v.roomPresence;
  if (typeof m.clientId !== 'number' || !Number.isInteger(m.clientId) || m.clientId < 0) return false;
  return m.type === 'bye' || (m.type === 'state' && isPresenceState(m.state));
}
