import type { DocHandleEphemeralMessagePayload, PeerId } from '@automerge/automerge-repo';
import {
  isPresenceMessage,
  isSignedByItsPage,
  PRESENCE_COLORS,
  presenceSignedText,
  signPresence,
  type PresenceColor,
  type PresenceMessage,
  type PresenceState,
  type PresenceUser,
} from './presenceMessage';
import { jsonEqual } from '../jsonEqual';
import { clientIdOfKey } from '../signing/keyIdentity';
import { makeSigningKey, signerOf } from '../signing/signingKey';
import type { PageSigner } from '../signing/signatures';
import type { LinkGreetings } from '../mesh/GreetingsAndNotes';
import type { RoomDocument } from '../document/RoomDocument';
import type { RoomDoc } from '../document/roomIdentity';

/**
 * Where presence speaks on the links, whether or not the room document is open: the WebRTC adapter's greetings (each
 * page's state as its link opens), notes (changes until the room document is open, and the goodbye) and the farewell
 * (the goodbye again, posted through the server as the page closes).
 */
export type PresenceGreetings = Pick<
  LinkGreetings,
  'setGreeting' | 'onGreeting' | 'broadcastNote' | 'onNote' | 'setFarewell'
>;

/** The greeting topic presence speaks on. */
export const PRESENCE_TOPIC = 'presence';

/** The slice of Web Storage presence needs to keep the colour (the app passes localStorage). */
export type ColorStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** How to join a room's presence. */
export type RoomPresenceOptions = {
  /** The room's name, which every presence message's signature covers: a message signed for one room is no other's. */
  roomName: string;
  /** The repo peer this page speaks through: others drop it when their link to that peer closes. */
  peerId: string;
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
  /**
   * This page's key for its presence, which its client id is made from (clientIdOfKey); a fresh key pair kept in memory
   * when omitted, so each page (a reload too) is a new client id.
   */
  signer?: Promise<PageSigner>;
  random?: () => number;
  /** Re-send period, 15 s. */
  heartbeatMs?: number;
  /** A participant not heard from for this long is removed, 30 s. */
  timeoutMs?: number;
};

/** A participant heard from (over its link's greeting or the room), and the peer it speaks through. */
type Remote = { state: PresenceState; peerId: PeerId; seenAt: number };

/** The last message taken from a participant: its number, and whether a goodbye came since. */
type Heard = { seq: number; gone: boolean };

const COLOR_KEY = 'presence-color';
const PRUNE_EVERY_MS = 1000;
/** How many participants' last message numbers are kept after they leave; the oldest is forgotten first. */
const MAX_REMEMBERED = 1024;

/**
 * Who is in the room now, by numeric client id (self included), over ephemeral messages that are never stored. Each
 * page signs what it says with a key of its own, which its client id is made from; a message is taken only once its
 * signature verifies, whatever path it came by (fair-play.md, "Presence").
 */
export class RoomPresence {
  #room: RoomDocument | null = null;
  readonly #roomName: string;
  readonly #peerId: string;
  readonly #greetings: PresenceGreetings | null;
  readonly #storage: ColorStorage | undefined;
  readonly #random: () => number;
  readonly #timeoutMs: number;
  /** This page's key and client id, and its goodbye signed in advance (a closing page cannot wait for WebCrypto). */
  #keys: { signer: PageSigner; clientId: number; bye: PresenceMessage } | null = null;
  readonly #remotes = new Map<number, Remote>();
  /**
   * The last state message taken from each participant (its number, and whether a goodbye followed), kept after it
   * leaves: peers pass messages on, and a copy that comes after its sender left or moved on must not list it again.
   */
  readonly #last = new Map<number, Heard>();
  /**
   * The signed goodbyes of pages that left, by client id: a page's own word that it left, which any page may pass on
   * as evidence (a departure frees its seat on it). Bounded as #last is.
   */
  readonly #goodbyes = new Map<number, { key: string; signature: string }>();
  /** Messages being verified: a copy passed on by another peer meanwhile is not verified again. */
  readonly #checking = new Map<string, Promise<boolean>>();
  /** What was heard is taken in the order it came, each once its signature is checked. */
  #inbox: Promise<void> = Promise.resolve();
  #seq = 0;
  /** A state message is due (and whether it goes out beyond the links' greetings), and whether one is being signed. */
  #due: { broadcast: boolean } | null = null;
  #signing = false;
  /** This page's client id once its key is made. */
  readonly keyed: Promise<number>;
  readonly #listeners = new Set<() => void>();
  readonly #disposables: (() => void)[] = [];
  #local: PresenceState;
  #states: ReadonlyMap<number, PresenceState> | null = null;
  #disposed = false;

  constructor({
    roomName,
    peerId,
    room,
    greetings,
    user,
    announce = false,
    storage,
    signer = makeSigningKey().then(signerOf),
    random = Math.random,
    heartbeatMs = 15_000,
    timeoutMs = 30_000,
  }: RoomPresenceOptions) {
    this.#roomName = roomName;
    this.#peerId = peerId;
    this.#greetings = greetings ?? null;
    this.#storage = storage;
    this.#random = random;
    this.#timeoutMs = timeoutMs;
    this.#local = { x: null, y: null, user, color: this.#colorFor(user.id) };
    this.keyed = this.#key(signer);
    this.keyed.catch((err: unknown) => console.error('Unable to make a key for presence', err));
    if (greetings) {
      this.#send(announce && !room);
      this.#disposables.push(
        greetings.onGreeting(PRESENCE_TOPIC, (from, greeting) => this.#greeted(from, greeting)),
        greetings.onNote(PRESENCE_TOPIC, (from, note) => this.#receive(note, from)),
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
    // The sender a relayed message names is the relaying page's word: only the signature says who sent it.
    const onMessage = (e: DocHandleEphemeralMessagePayload<RoomDoc>) => this.#receive(e.message, null);
    room.handle.on('ephemeral-message', onMessage);
    this.#disposables.push(() => room.handle.off('ephemeral-message', onMessage));
    const onOpenDoc = ({ documentId }: { documentId: string }) => {
      if (documentId === room.documentId) this.#send();
    };
    room.repo.synchronizer.on('open-doc', onOpenDoc);
    this.#disposables.push(() => room.repo.synchronizer.off('open-doc', onOpenDoc));
    this.#send();
  }

  /** This page's numeric client id, made from its key (null until the key is made): the userKey of a seat it takes. */
  get clientId(): number | null {
    return this.#keys?.clientId ?? null;
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
      const states = new Map<number, PresenceState>();
      if (this.#keys) states.set(this.#keys.clientId, this.#local);
      for (const [id, r] of this.#remotes) states.set(id, r.state);
      this.#states = states;
    }
    return this.#states;
  }

  /** The repo peer a present participant speaks through (self: this repo's peer id); undefined when absent. */
  peerIdOf(clientId: number): PeerId | undefined {
    if (clientId === this.clientId) return this.#peerId as PeerId;
    return this.#remotes.get(clientId)?.peerId;
  }

  /** Calls listener after every change of getStates(); returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The signed goodbye heard from the page with this client id, or null when none came (it may have died silently). */
  goodbyeOf(clientId: number): { key: string; signature: string } | null {
    return this.#goodbyes.get(clientId) ?? null;
  }

  /** Says goodbye (others remove this tab at once) and stops every timer and listener; idempotent. Call on pagehide. */
  dispose(): void {
    if (this.#disposed) return;
    // On the links too once the room is open: a linked peer then hears it even if its Repo does not yet sync with
    // this one.
    if (this.#keys) this.#broadcast(this.#keys.bye, true);
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

  // Makes this page's key: its client id, and its goodbye signed now, so that a closing page can say it at once.
  async #key(signer: Promise<PageSigner>): Promise<number> {
    const page = await signer;
    const clientId = clientIdOfKey(page.key);
    const bye = await signPresence(page, this.#roomName, { type: 'bye', clientId, key: page.key });
    if (this.#disposed) return clientId;
    this.#keys = { signer: page, clientId, bye };
    // Said on the links as the page closes (dispose), and through the server too: a closing page's links may drop it.
    this.#greetings?.setFarewell(PRESENCE_TOPIC, bye);
    this.#changed();
    void this.#flush();
    return clientId;
  }

  // Links that open from now on carry the current state, as the last message sent: a greeting is never older than a
  // message its peer heard before (see #isNews). broadcast: sent now, beyond the greeting (see #broadcast).
  #send(broadcast = true): void {
    if (this.#disposed) return;
    this.#due = { broadcast: broadcast || (this.#due?.broadcast ?? false) };
    if (!this.#signing) void this.#flush();
  }

  // Signs one state message at a time: changes made meanwhile (a moving pointer) go out as one message, the latest.
  async #flush(): Promise<void> {
    if (!this.#keys || this.#signing) return;
    const { signer, clientId } = this.#keys;
    this.#signing = true;
    try {
      while (this.#due && !this.#disposed) {
        const { broadcast } = this.#due;
        this.#due = null;
        const body = {
          type: 'state',
          clientId,
          seq: this.#seq++,
          peerId: this.#peerId,
          state: this.#local,
        } as const;
        const message = await signPresence(signer, this.#roomName, { ...body, key: signer.key });
        if (this.#disposed) break;
        this.#greetings?.setGreeting(PRESENCE_TOPIC, message);
        if (broadcast) this.#broadcast(message);
      }
    } catch (err) {
      console.error('Unable to sign presence', err);
    } finally {
      this.#signing = false;
    }
  }

  #greeted(peerId: string, greeting: unknown): void {
    if (this.#disposed) return;
    if (greeting === null) {
      // The link closed: its page left or died. Its goodbye, sent as the page closes, may never leave it, and waiting
      // 30 s for the timeout would list a closed page long after. A page still in the room through other peers is
      // listed again by its next message over the room (its state every 15 s). The peer a page speaks through is in
      // its signed state, so no other page's link closing drops it.
      this.#inbox = this.#inbox.then(() => this.#removeWhere((r) => r.peerId === peerId));
      return;
    }
    if (isPresenceMessage(greeting) && greeting.roomPresence.type === 'state')
      this.#receive(greeting, peerId, true);
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

  // link: the peer whose link it came on (notes and greetings), or null over the room, where it may have been relayed.
  #receive(message: unknown, link: string | null, greeting = false): void {
    if (this.#disposed || !isPresenceMessage(message)) return;
    const m = message.roomPresence;
    if (m.clientId === this.clientId) return;
    // On its links a page speaks only for itself: a state naming another peer was not its own.
    if (link !== null && m.type === 'state' && m.peerId !== link) return;
    // A copy of what was taken already (peers pass messages on) costs no verification.
    if (!this.#isNews(message, greeting)) return;
    // The very same message: a copy with another text and the same signature must not share its check.
    const copy = `${m.signature}\n${presenceSignedText(this.#roomName, m)}`;
    let signed = this.#checking.get(copy);
    if (!signed) {
      signed = isSignedByItsPage(this.#roomName, message);
      this.#checking.set(copy, signed);
      void signed.then(() => this.#checking.delete(copy));
    }
    const checked = signed;
    this.#inbox = this.#inbox.then(async () => {
      if ((await checked) && !this.#disposed) this.#take(message, greeting);
    });
  }

  // Whether a message says something new of its page. A state no newer than one taken already is a late copy passed on
  // by a peer, and changes nothing; so is anything after a goodbye. A greeting comes from a link that just opened, so
  // its sender is there: it may repeat the last number heard (see #send).
  #isNews({ roomPresence: m }: PresenceMessage, greeting: boolean): boolean {
    const last = this.#last.get(m.clientId);
    if (!last || m.type === 'bye') return !last?.gone;
    return !last.gone && (m.seq > last.seq || (greeting && m.seq === last.seq));
  }

  // Takes a message its page signed; a participant not known before may not know this page either (it may be reached
  // through a relay), so it hears this page's state.
  #take(message: PresenceMessage, greeting: boolean): void {
    if (!this.#isNews(message, greeting)) return;
    const m = message.roomPresence;
    if (m.type === 'bye') {
      this.#remember(m.clientId, { seq: this.#last.get(m.clientId)?.seq ?? -1, gone: true });
      this.#goodbyes.set(m.clientId, { key: m.key, signature: m.signature });
      if (this.#goodbyes.size > MAX_REMEMBERED) this.#goodbyes.delete(this.#goodbyes.keys().next().value!);
      if (this.#remotes.delete(m.clientId)) this.#changed();
      return;
    }
    this.#remember(m.clientId, { seq: m.seq, gone: false });
    const known = this.#remotes.get(m.clientId);
    this.#remotes.set(m.clientId, { state: m.state, peerId: m.peerId as PeerId, seenAt: Date.now() });
    if (!known || !jsonEqual(known.state, m.state)) this.#changed();
    if (!known && !greeting) this.#send();
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
