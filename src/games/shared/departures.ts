import { clientIdOfKey } from '../../sync/signing/keyIdentity';
import { isPublicKey, verifySignature } from '../../sync/signing/signatures';
import { presenceSignedText } from '../../sync/presence/presenceMessage';
import { isRecord } from './actionTable';
import type { Refusal } from './kinds';

/** A tab's goodbye as its page signed it for the room's presence: the key its client id is made from, and the signature. */
export type Goodbye = { key: string; signature: string };

/**
 * A departure as a page writes it: the tab gone, with what says so. Either that tab's own signed goodbye, which any
 * page may pass on, or the word of the person writing it (`by`, a seat action signed like any move).
 */
export type Departure = { clientId: number; goodbye?: Goodbye; by?: { id: string; name: string } };

/** Who else is seated: the people (not bots) whose word counts for a seat gone silent, and who said so already. */
export type DepartureWitnesses = { others: readonly string[]; said: readonly string[] };

/**
 * On what a seat is freed: its tab's goodbye, its own user's word, the word of the others seated, or anyone's word when
 * nobody else is seated.
 */
export type FreedOn = 'goodbye' | 'own' | 'others' | 'nobodyElse';

/**
 * What a departure does: free the seat now ('free'), count one more person's word ('witnessed', with everyone who has
 * said so), or nothing ('unproven').
 */
export type DepartureOutcome =
  { kind: 'free'; on: FreedOn } | { kind: 'witnessed'; said: readonly string[] } | { kind: 'unproven' };

const MAX_SIGNATURE_LENGTH = 100;

/** Whether a payload is a departure's shape: a client id, and a goodbye or an author only as they must be. */
export function isDeparture(p: unknown): p is Departure {
  if (!isRecord(p) || typeof p.clientId !== 'number') return false;
  if (p.goodbye !== undefined && !isGoodbye(p.goodbye)) return false;
  return (
    p.by === undefined || (isRecord(p.by) && typeof p.by.id === 'string' && typeof p.by.name === 'string')
  );
}

const isGoodbye = (g: unknown): g is Goodbye =>
  isRecord(g) &&
  isPublicKey(g.key) &&
  typeof g.signature === 'string' &&
  g.signature.length <= MAX_SIGNATURE_LENGTH;

/** Whether goodbye is the tab clientId's own, signed for this room's presence: nobody else can make it. */
export function saidGoodbye(room: string, clientId: number, goodbye: Goodbye): boolean {
  if (clientIdOfKey(goodbye.key) !== clientId) return false;
  const text = presenceSignedText(room, { type: 'bye', clientId, key: goodbye.key });
  return verifySignature(goodbye.key, text, goodbye.signature);
}

/** How many of the other seated people must say a silent seat is gone: more than half of them. */
export const witnessesNeeded = (others: number): number => Math.floor(others / 2) + 1;

/**
 * Judges a departure of a seat held by `holder` (the user whose tab it names), on evidence every page can check
 * (docs/fair-play.md, "Departures"): no single page's word frees another person's seat.
 * - The tab's own signed goodbye frees it, whoever passes it on.
 * - Its own user's word frees it (their seat's signature stands behind `by`).
 * - Otherwise the other seated people say it: each one's word is counted, and the seat frees once more than half of
 *   them have (with one other person, theirs is the only word there is). A person's word is theirs alone because a
 *   seated actor's entry must carry their seat's signature, which the game checks before this.
 * - With nobody else seated, nobody's game is at stake: the word of whoever writes it frees it.
 */
export function judgeDeparture(
  room: string,
  departure: Departure,
  holder: string,
  witnesses: DepartureWitnesses,
): DepartureOutcome {
  if (departure.goodbye && saidGoodbye(room, departure.clientId, departure.goodbye))
    return { kind: 'free', on: 'goodbye' };
  const author = departure.by?.id;
  if (author === holder) return { kind: 'free', on: 'own' };
  if (witnesses.others.length === 0) return { kind: 'free', on: 'nobodyElse' };
  if (author === undefined || !witnesses.others.includes(author)) return { kind: 'unproven' };
  const said = [...new Set([...witnesses.said, author])].filter((id) => witnesses.others.includes(id));
  return said.length >= witnessesNeeded(witnesses.others.length)
    ? { kind: 'free', on: 'others' }
    : { kind: 'witnessed', said };
}

/** The words said so far about each silent tab, by client id, as a game keeps them. */
export type SaidGone = Readonly<Record<string, readonly string[]>>;

/** The witnesses of the tab `clientId` in a game's record. */
export const saidOf = (record: SaidGone | undefined, clientId: number): readonly string[] =>
  record?.[String(clientId)] ?? [];

/**
 * The record after a departure's outcome, keeping only tabs that still hold a seat: a tab freed or moved on (a reload
 * binds a seat to a new tab) needs no witnesses any more.
 */
export function recordSaid(
  record: SaidGone | undefined,
  clientId: number,
  outcome: DepartureOutcome,
  heldTabs: readonly number[],
): SaidGone | undefined {
  const next: Record<string, readonly string[]> = {};
  for (const [tab, said] of Object.entries(record ?? {}))
    if (heldTabs.includes(Number(tab)) && Number(tab) !== clientId) next[tab] = said;
  if (outcome.kind === 'witnessed' && heldTabs.includes(clientId)) next[String(clientId)] = outcome.said;
  return Object.keys(next).length === 0 ? undefined : next;
}

/** A seat of a game whose seats are `{ user, clientId } | null` by name (Backgammon, Go, TicTacToe). */
type NamedSeat = { user: { id: string }; clientId: number } | null;

/** Why a departure frees nothing: no proof that the tab left (shared by every game). */
export const DEPARTURE_UNPROVEN = { key: 'departureUnproven' } as const;

/**
 * The seat a departure frees at a game of two named seats, or the refusal: `noSeat` when no seat holds that tab,
 * DEPARTURE_UNPROVEN without evidence. With one other person at most, their word is the only other word there is, so
 * nothing is ever pending.
 */
export function departedSeat<K extends string, R extends Refusal>(
  room: string,
  departure: Departure,
  seats: Readonly<Record<K, NamedSeat>>,
  noSeat: R,
): { ok: true; seat: K; on: FreedOn } | { ok: false; reason: R | typeof DEPARTURE_UNPROVEN } {
  const names = Object.keys(seats) as K[];
  const seat = names.find((name) => seats[name]?.clientId === departure.clientId);
  const holder = seat === undefined ? undefined : seats[seat]?.user.id;
  if (seat === undefined || holder === undefined) return { ok: false, reason: noSeat };
  const others = names.flatMap((name) => {
    const id = seats[name]?.user.id;
    return id !== undefined && id !== holder ? [id] : [];
  });
  const outcome = judgeDeparture(room, departure, holder, { others, said: [] });
  return outcome.kind === 'free'
    ? { ok: true, seat, on: outcome.on }
    : { ok: false, reason: DEPARTURE_UNPROVEN };
}
