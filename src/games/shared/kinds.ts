/** The kinds every game shares, defined once: who plays, who acts, and what a rule answers. */

/** The app user as a game knows them. */
export type Player = { id: string; name: string };

/** Who issued an action: the app user and the presence id of the tab they acted in. */
export type Actor = { by: Player; clientId: number };

/** What every rule returns: the next state, or the reason nothing changed (the sync contract's). */
export type { Refusal, Result } from '../../sync/log/SyncedGame';

/** Each seat's signing key and the last sequence number signed for it (docs/fair-play.md). */
export type { SeatKeys, UserKeys } from '../../sync/signing/signatures';
