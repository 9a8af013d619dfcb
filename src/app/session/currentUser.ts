import { randomId } from './randomId';

/** The colours a user may get. */
export const USER_COLORS = ['red', 'green', 'blue', 'orange', 'yellow'] as const;
/** One of the user colours. */
export type UserColor = (typeof USER_COLORS)[number];

/** The current user: a 25-character id, the entered name and a random colour. */
export type CurrentUser = { id: string; name: string; color: UserColor };

/**
 * A new current user for a name that is non-blank after trimming: the trimmed name, a 25-character id (the app's is
 * made from the user's signing key: pageSigner's newUserId; random when none is given) and a colour drawn with
 * `random`. Plain TypeScript, so the login page can create a user without loading Redux.
 */
export const newCurrentUser = (
  name: string,
  random: () => number = Math.random,
  id: string = randomId(25),
): CurrentUser => ({
  id,
  name: name.trim(),
  color: USER_COLORS[Math.floor(random() * USER_COLORS.length)],
});
