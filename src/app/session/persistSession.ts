import type { SessionState } from './sessionSlice';
import { browserId } from './browserId';
import { USER_COLORS, type CurrentUser } from './currentUser';

const STORAGE_KEY = 'game-room:user';

const isCurrentUser = (v: unknown): v is CurrentUser => {
  if (typeof v !== 'object' || v === null) return false;
  const u = v as Record<string, unknown>;
  return (
    typeof u.id === 'string' &&
    /^[0-9a-z]{25}$/.test(u.id) &&
    typeof u.name === 'string' &&
    u.name.trim() !== '' &&
    (USER_COLORS as readonly unknown[]).includes(u.color)
  );
};

/** The session kept in storage, or a logged-out session when nothing valid is stored. */
export function loadSession(storage: Pick<Storage, 'getItem'> = localStorage): SessionState {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null');
    return { currentUser: isCurrentUser(parsed) ? parsed : null };
  } catch {
    return { currentUser: null };
  }
}

/** Writes the session to storage so a reload keeps the person logged in; a logged-in session has its browser id. */
export function saveSession(
  session: SessionState,
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = localStorage,
) {
  if (!session.currentUser) return storage.removeItem(STORAGE_KEY);
  storage.setItem(STORAGE_KEY, JSON.stringify(session.currentUser));
  browserId(storage);
}
