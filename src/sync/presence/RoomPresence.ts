import type { DocHandleEphemeralMessagePayload, PeerId } from '@automerge/automerge-repo';
import {
  isPresenceMessage,
  PRESENCE_COLORS,
  type PresenceColor,
  type PresenceMessage,
  type PresenceState,
  type PresenceUser,
} from './presenceMessage';
import { jsonEqual } from '../jsonEqual';
import type { LinkGreetings } from '../mesh/GreetingsAndNotes';
import type { RoomDocument } from '../document/RoomDocument';
import type { RoomDoc } from '../document/roomIdentity';

/**
 * Where presence speaks on the links, whether or not the room document is open: the WebRTC adapter's greetings (each
 * page's state as its link opens) and notes (changes until the room document is open, and the goodbye).
 */
export type PresenceGreetings = Pick<
  LinkGreetings,
  'setGreeting' | 'onGreeting' | 'broadcastNote' | 'onNote'
>;

/** The greeting topic presence speaks on. */
export const PRESENCE_TOPIC = 'presence';

/** The slice of Web Storage presence needs to keep the colour (the app passes localStorage). */
export type ColorStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** How to join a room's presence. */
export type RoomPresenceOptions = {
  /** The room's document; without it presence starts on greetings alone, and attach() gives the room later. */
  room?: RoomDocument;
  /** Link greetings: peers list each other as soon as their data channel opens, before the room document is open. */
  greetings?: PresenceGreetings;
  user: PresenceUser;
  /**
   * Links are open already, opened before anyone was present (a room link's login page meets the room while the name
   * is typed): they had no greeting of this state, so they hear it at once as a note.
   */
  announce?: boolean;
  /** Keeps the presence colour while the user id stays the same; in memory when omitted. */
  storage?: ColorStorage;
  /** This tab's numeric client id; a random 32-bit unsigned integer when omitted. */
  clientId?: number;
  random?: () => number;
  /** Re-send period, 15 s. */
  heartbeatMs?: number;
  /** A participant not heard from for this long is removed, 30 s. */
  timeoutMs?: number;
};

/** A participant heard from (over its link's greeting or the room), and the peer it speaks through. */
type Remote = { state: PresenceState; peerId: PeerId; seenAt: number };

/** The last state message taken from a participant: its number, when it was taken, and whether a goodbye came since. */
/** The last message taken from a participant, and the page (peer) that speaks for its client id. */
type Heard = { seq: number; at: number; gone: boolean; peerId: PeerId };

const COLOR_KEY = 'presence-color';
const PRUNE_EVERY_MS = 1000;
/** How many participants' last message numbers are kept after they leave; the oldest is forgotten first. */
const MAX_REMEMBERED = 1024;

/** Who is in the room now, by numeric client id (self included), over ephemeral messages that are never stored. */
export class RoomPresence {
  #room: RoomDocument | null = null;
  readonly #greetings: PresenceGreetings | null;
  readonly #storage: ColorStorage | undefined;
  readonly #random: () => number;
  readonly #timeoutMs: number;
  readonly #clientId: number;
  readonly #remotes = new Map<number, Remote>();
  /**
   * The last state message heard from each participant (its number, when, and whether a goodbye followed), kept after
   * it leaves: peers pass messages on, and a copy that comes after its sender left or moved on must not list it again.
   * Presence is not signed, so what a message claims holds for one presence timeout at most: a page that forges a
   * number or a goodbye for another page's client id silences it no longer than that.
   */
  readonly #last = new Map<number, Heard>();
  #seq = 0;
  readonly #listeners = new Set<() => void>();
  readonly #disposables: (() => void)[] = [];
  #local: PresenceState;
  #states: ReadonlyMap<number, PresenceState> | null = null;
  #disposed = false;

  constructor({
    room,
    greetings,
    user,
    announce = false,
    storage,
    clientId,
    random = Math.random,
    heartbeatMs = 15_000,
    timeoutMs = 30_000,
  }: RoomPresenceOptions) {
    this.#greetings = greetings ?? null;
    this.#storage = storage;
    this.#random = random;
    this.#timeoutMs = timeoutMs;
    this.#clientId = clientId ?? crypto.getRandomValues(new Uint32Array(1))[0];
    this.#local = { x: null, y: null, user, color: this.#colorFor(user.id) };
    if (greetings) {
      if (announce && !room) this.#send();
      else this.#greet();
      this.#disposables.push(
        greetings.onGreeting(PRESENCE_TOPIC, (peerId, greeting) => this.#greeted(peerId, greeting)),
        greetings.onNote(PRESENCE_TOPIC, (peerId, note) => this.#receive(peerId as PeerId, note)),
      );
    }
    const heartbeat = setInterval(() => this.#send(), heartbeatMs);
    const prune = setInterval(() => this.#prune(), PRUNE_EVERY_MS);
    this.#disposables.push(
      () => clearInterval(heartbeat),
      () => clearInterval(prune),
    );
    if (room) this.attach(room);
  }

  /** Starts speaking over the room's document (ephemeral messages) once it is open; once only. */
  attach(room: RoomDocument): void {
    if (this.#room || this.#disposed) return;
    this.#room = room;
    const onMessage = (e: DocHandleEphemeralMessagePayload<RoomDoc>) => this.#receive(e.senderId, e.message);
    room.handle.on('ephemeral-message', onMessage);
    this.#disposables.push(() => room.handle.off('ephemeral-message', onMessage));
    const onOpenDoc = ({ documentId }: { documentId: string }) => {
      if (documentId === room.documentId) this.#send();
    };
    room.repo.synchronizer.on('open-doc', onOpenDoc);
    this.#disposables.push(() => room.repo.synchronizer.off('open-doc', onOpenDoc));
    this.#send();
  }

  /** This tab's numeric client id: the key of its presence, and the userKey of a seat it takes. */
  get clientId(): number {
    return this.#clientId;
  }

  /** This tab's presence state. */
  get local(): PresenceState {
    return this.#local;
  }

  /** Changes this tab's presence and sends it at once; a new user id gets its own kept colour. */
  setLocal(partial: Partial<Pick<PresenceState, 'x' | 'y' | 'user'>>): void {
    if (this.#disposed) return;
    const next = { ...this.#local, ...partial };
    if (partial.user && partial.user.id !== this.#local.user.id) next.color = this.#colorFor(partial.user.id);
    this.#local = next;
    this.#changed();
    this.#send();
  }

  /** Every present participant by client id, self included; the same Map until something changes. */
  getStates(): ReadonlyMap<number, PresenceState> {
    if (!this.#states) {
      const states = new Map<number, PresenceState>([[this.#clientId, this.#local]]);
      for (const [id, r] of this.#remotes) states.set(id, r.state);
      this.#states = states;
    }
    return this.#states;
  }

  /** The repo peer a present participant speaks through (self: this repo's peer id); undefined when absent. */
  peerIdOf(clientId: number): PeerId | undefined {
    if (clientId === this.#clientId) return this.#room?.repo.peerId;
    return this.#remotes.get(clientId)?.peerId;
  }

  /** Calls listener after every change of getStates(); returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Says goodbye (others remove this tab at once) and stops every timer and listener; idempotent. Call on pagehide. */
  dispose(): void {
    if (this.#disposed) return;
    // On the links too once the room is open: a linked peer then hears it even if its Repo does not yet sync with
    // this one.
    this.#broadcast({ roomPresence: { type: 'bye', clientId: this.#clientId } }, true);
    this.#disposed = true;
    for (const dispose of this.#disposables.splice(0).reverse()) dispose();
    this.#listeners.clear();
  }

  #colorFor(userId: string): PresenceColor {
    try {
      const stored: unknown = JSON.parse(this.#storage?.getItem(COLOR_KEY) ?? 'null');
      const kept = stored as { userId?: unknown; color?: unknown } | null;
      if (kept?.userId === userId && PRESENCE_COLORS.includes(kept.color as PresenceColor))
        return kept.color as PresenceColor;
    } catch {
      // An unreadable stored colour is replaced below.
    }
    const color =
      PRESENCE_COLORS[Math.floor(this.#random() * PRESENCE_COLORS.length) % PRESENCE_COLORS.length];
    this.#storage?.setItem(COLOR_KEY, JSON.stringify({ userId, color }));
    return color;
  }

  #stateMessage(): PresenceMessage {
    return {
      roomPresence: { type: 'state', clientId: this.#clientId, seq: this.#seq++, state: this.#local },
    };
  }

  // Links that open from now on carry the current state, as the last message sent: a greeting is never older than a
  // message its peer heard before (see #heard).
  #greet(message = this.#stateMessage()): void {
    this.#greetings?.setGreeting(PRESENCE_TOPIC, message);
  }

  #greeted(peerId: string, greeting: unknown): void {
    if (this.#disposed) return;
    if (greeting === null) {
      // The link closed: its page left or died. Its goodbye, sent as the page closes, may never leave it, and waiting
      // 30 s for the timeout would list a closed page long after. A page still in the room through other peers is
      // listed again by its next message over the room (its state every 15 s).
      return this.#removeWhere((r) => r.peerId === peerId);
    }
    if (!isPresenceMessage(greeting) || greeting.roomPresence.type !== 'state') return;
    const m = greeting.roomPresence;
    if (m.clientId === this.#clientId) return;
    this.#heard(m.clientId, m.seq, m.state, peerId as PeerId, true);
  }

  #send(): void {
    const message = this.#stateMessage();
    this.#greet(message);
    this.#broadcast(message);
  }

  // Over the room once it is open (tabs of this browser and peers beyond the links hear it there), until then as notes
  // on the links.
  #broadcast(message: PresenceMessage, onLinks = !this.#room): void {
    if (this.#disposed) return;
    try {
      if (onLinks) this.#greetings?.broadcastNote(PRESENCE_TOPIC, message);
      this.#room?.handle.broadcast(message);
    } catch (err) {
      console.error('Unable to send presence', err);
    }
  }

  #receive(senderId: PeerId, message: unknown): void {
    if (this.#disposed || !isPresenceMessage(message)) return;
    const m = message.roomPresence;
    if (m.clientId === this.#clientId) return;
    if (m.type === 'bye') {
      // A goodbye is taken only from the page that speaks for that client id: no page says goodbye for another.
      const last = this.#last.get(m.clientId);
      if (!last || last.peerId !== senderId) return;
      this.#remember(m.clientId, { ...last, at: Date.now(), gone: true });
      if (this.#remotes.delete(m.clientId)) this.#changed();
      return;
    }
    // A participant we did not know may not know us either (it may be reached through a relay).
    if (this.#heard(m.clientId, m.seq, m.state, senderId)) this.#send();
  }

  // Keeps what a participant said, as of now; true when it was not known before. A message no newer than one heard
  // already is a late copy passed on by a peer, and changes nothing; so is anything after a goodbye. A greeting comes
  // from a link that just opened, so its sender is there: it may repeat the last number heard (see #greet).
  #heard(clientId: number, seq: number, state: PresenceState, peerId: PeerId, greeting = false): boolean {
    const now = Date.now();
    const last = this.#last.get(clientId);
    if (last && now - last.at < this.#timeoutMs) {
      // Another page claiming a client id a page spoke for within the timeout is not taken: it cannot hide or replace it.
      if (last.peerId !== peerId) return false;
      if (last.gone || seq < last.seq || (seq === last.seq && !greeting)) return false;
    }
    this.#remember(clientId, { seq, at: now, gone: false, peerId });
    const known = this.#remotes.get(clientId);
    this.#remotes.set(clientId, { state, peerId, seenAt: now });
    if (!known || !jsonEqual(known.state, state)) this.#changed();
    return !known;
  }

  #remember(clientId: number, heard: Heard): void {
    this.#last.delete(clientId);
    this.#last.set(clientId, heard);
    // Maps keep insertion order: the first key is the participant heard from longest ago.
    if (this.#last.size > MAX_REMEMBERED) this.#last.delete(this.#last.keys().next().value!);
  }

  #prune(): void {
    const now = Date.now();
    this.#removeWhere((r) => now - r.seenAt >= this.#timeoutMs);
  }

  #removeWhere(gone: (r: Remote) => boolean): void {
    let removed = false;
    for (const [id, r] of this.#remotes) if (gone(r)) removed = this.#remotes.delete(id) || removed;
    if (removed) this.#changed();
  }

  #changed(): void {
    this.#states = null;
    for (const listener of [...this.#listeners]) {
      try {
        listener();
      } catch (err) {
        console.error('A presence listener threw', err);
      }
    }
  }
}
