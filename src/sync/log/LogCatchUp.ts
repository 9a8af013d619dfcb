// No Automerge here: the catch-up runs on the room network, which starts before Automerge has loaded.
import * as v from 'valibot';
import { MAX_ENTRY_CHARS } from './logEntry';
import type { LinkGreetings } from '../mesh/GreetingsAndNotes';
import { verifyLogAhead } from '../signing/signatures';
import { ENTRY_TOPIC, HeldAhead, isEntryAheadMessage, type EntryAheadMessage } from './aheadLanes';
import type { RestoredFold } from './foldCheckpoints';

/** The greeting by which a page whose room document is not open yet asks each linked peer for the room's logs. */
export const LOGS_ASK_TOPIC = 'logs?';
/** The note that answers it: the peer's logs, gzip-compressed JSON. */
export const LOGS_TOPIC = 'logs';
/** The most a received answer may unpack to; a larger one is dropped (a peer sending garbage). */
export const MAX_LOGS_BYTES = 32 * 1024 * 1024;
/**
 * Bounds of an answer, far above any honest room (a handful of games with short names, a long Okey game's log of a
 * few thousand entries of under 2 KB); an answer past them is dropped whole, so a peer sends only logs within them.
 */
export const LOGS_LIMITS = { maxGames: 1000, maxGameNameLength: 256, maxEntries: 1_000_000 } as const;

const GameNameSchema = v.pipe(v.string(), v.maxLength(LOGS_LIMITS.maxGameNameLength));
/** One game's log: its entries' JSON texts, in log order, each within MAX_ENTRY_CHARS (a fold skips longer ones). */
const LogSchema = v.pipe(
  v.array(v.pipe(v.string(), v.maxLength(MAX_ENTRY_CHARS))),
  v.maxLength(LOGS_LIMITS.maxEntries),
  v.readonly(),
);
// The logs by game before each log is checked, so that a bad log is named in the error.
const LogsByGameSchema = v.pipe(
  // First, as v.record takes an array for an object of its indexes.
  v.custom<object>((logs) => typeof logs === 'object' && logs !== null && !Array.isArray(logs)),
  v.record(GameNameSchema, v.unknown()),
  v.maxEntries(LOGS_LIMITS.maxGames),
);
/** Each game's log as its entries' JSON texts, in log order (the room document stores each as an ImmutableString). */
export type RoomLogs = Record<v.InferOutput<typeof GameNameSchema>, v.InferOutput<typeof LogSchema>>;

/**
 * A late joiner's way to show the room before its document syncs. Until the room document opens, every link this page
 * opens asks its peer for the room's logs (a greeting, sent as the data channel opens, before either Repo runs); a
 * peer whose document is open answers with its logs (answerLogAsks). This keeps the longest log received for each game,
 * which the page folds and shows at once, and which the game bridge shows ahead of the document until its own log
 * confirms it. The logs are entries as every peer folds them: a peer can send nothing here it could not write to the
 * document, and the document's log has the last word. Entries peers send ahead meanwhile are kept for the bridge too:
 * a peer whose page closes right after its move sends nothing else, and the bridge writes the entry on its behalf.
 */
export class LogCatchUp {
  readonly #links: LinkGreetings;
  readonly #logs = new Map<string, readonly string[]>();
  /** The fold this page kept of a game (a reload) that the game's log held here starts with. */
  readonly #kept = new Map<string, RestoredFold>();
  #keptFolds: ((game: string, log: readonly string[]) => Promise<RestoredFold | null>) | null = null;
  readonly #listeners = new Set<(game: string) => void>();
  readonly #roomName: string;
  readonly #stopNotes: () => void;
  /** Entries ahead heard before the room document opened, by peer, oldest first (takeHeardAhead). */
  #heard = new HeldAhead<EntryAheadMessage>();
  #asking = true;
  /** The answers taken so far, one after another. */
  #receiving: Promise<void> = Promise.resolve();
  /** A peer's entry went by since this page asked: the logs answered may be behind the room (refresh). */
  #behind = false;
  /** How many times this page asked each link (its greeting, then each refresh), and each peer's answers so far. */
  #asks = 1;
  readonly #answers = new Map<string, number>();
  readonly #log: (message: string, detail?: unknown) => void;

  /** roomName: what the logs' signatures cover (signatures.ts), checked before they are shown. */
  constructor(
    links: LinkGreetings,
    log: (message: string, detail?: unknown) => void = console.warn,
    roomName = '',
  ) {
    this.#links = links;
    this.#log = log;
    this.#roomName = roomName;
    links.setGreeting(LOGS_ASK_TOPIC, { v: 1 });
    const stopLogs = links.onNote(LOGS_TOPIC, (peerId, body) => {
      // One answer per ask this page made: unpacking and checking logs is work a peer must not make it do at will. (A
      // peer linked anew answers the new link's ask too, and that answer is dropped: the document brings the same.)
      const answers = this.#answers.get(peerId) ?? 0;
      this.#answers.set(peerId, answers + 1);
      // One answer at a time: the answers of several peers are mostly the same log, and one taken first makes the next
      // one's check cheap, or skipped when it is no longer.
      if (answers < this.#asks)
        this.#receiving = this.#receiving
          .then(() => this.#received(peerId, body))
          .catch((error: unknown) => this.#log(`webrtc: could not take the logs ${peerId} sent`, error));
      else if (answers === this.#asks) this.#log(`webrtc: dropped logs ${peerId} sent unasked`);
    });
    const stopEntries = links.onNote(ENTRY_TOPIC, (peerId, body) => {
      if (!this.#asking) return;
      this.#behind = true;
      if (isEntryAheadMessage(body)) this.#heard.hold(peerId, body);
    });
    this.#stopNotes = () => {
      stopLogs();
      stopEntries();
    };
  }

  /** True until the room document opened (stopAsking): boards may show caught-up logs only until then. */
  get asking(): boolean {
    return this.#asking;
  }

  /** The longest log received for a game so far. */
  log(game: string): readonly string[] | undefined {
    return this.#logs.get(game);
  }

  /**
   * The entries peers sent ahead before the room document opened, each with the peer it came from, oldest first (the
   * latest MAX_HELD_PER_PEER of each peer), given once: the bridge hears the later ones itself.
   */
  takeHeardAhead(): { from: string; item: EntryAheadMessage }[] {
    return this.#heard.take();
  }

  /**
   * The fold this page kept of a game, when the log held for it starts with the entries it was kept after: the page
   * folds on from it, and checked the signatures of the entries after it only. Null otherwise.
   */
  kept(game: string): RestoredFold | null {
    return this.#kept.get(game) ?? null;
  }

  /** Where this page's kept folds are found (a reload's): logs that answers bring are matched against them. */
  useKeptFolds(find: (game: string, log: readonly string[]) => Promise<RestoredFold | null>): void {
    this.#keptFolds = find;
  }

  /** Calls listener with a game's name each time a longer log of it arrives; returns the unsubscribe. */
  subscribe(listener: (game: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Asks every linked peer again when the room has moved on since this page asked (a peer's entry went by): a page
   * that met the room before its user was named (the login page) then shows the room as it is at Go. What it holds
   * stays until a longer log comes. Once per move seen; each peer answers an ask again once (answerLogAsks).
   */
  refresh(): void {
    if (!this.#asking || !this.#behind) return;
    this.#behind = false;
    this.#asks += 1;
    this.#links.broadcastNote(LOGS_ASK_TOPIC, { v: 1 });
  }

  /** The room document is open: links opened from now on are not asked; answers to earlier asks are still taken. */
  stopAsking(): void {
    this.#asking = false;
    this.#links.setGreeting(LOGS_ASK_TOPIC, null);
  }

  /** Stops asking and taking answers. */
  dispose(): void {
    this.stopAsking();
    this.#heard.take();
    this.#stopNotes();
    this.#listeners.clear();
  }

  async #received(peerId: string, body: unknown): Promise<void> {
    let logs: RoomLogs;
    try {
      logs = await unpackLogs(body);
    } catch (error) {
      this.#log(`webrtc: dropped the logs ${peerId} sent`, error);
      return;
    }
    for (const [game, log] of Object.entries(logs)) {
      if (log.length <= (this.#logs.get(game)?.length ?? 0)) continue;
      const kept = (await this.#keptFolds?.(game, log).catch(() => null)) ?? null;
      // Its signatures are checked all at once by WebCrypto before anything folds it, but for those of the entries
      // this page folded itself before.
      await verifyLogAhead(this.#roomName, kept ? log.slice(kept.count) : log);
      if (log.length <= (this.#logs.get(game)?.length ?? 0)) continue;
      this.#logs.set(game, log);
      if (kept) this.#kept.set(game, kept);
      else this.#kept.delete(game);
      for (const listener of [...this.#listeners]) {
        try {
          listener(game);
        } catch (error) {
          console.error('A caught-up log listener threw', error);
        }
      }
    }
  }
}

/** What answerLogAsks gives: packing ahead, and the stop. */
export type LogAnswers = {
  /** Packs the room's current logs ahead of any ask, so the next late joiner is answered at once. */
  prepare(): void;
  stop(): void;
};

/**
 * Answers each linked peer that asks for the room's logs (a late joiner) with the logs `read` gives at the time, the
 * empty ones left out; a peer is answered once per ask. `version`, when given, names what read() would give (the
 * document's snapshot): the answer packed for a version is reused until it changes, and prepare() packs it before
 * anyone asks. Without it every ask reads and packs anew.
 */
export function answerLogAsks(
  links: LinkGreetings,
  read: () => RoomLogs,
  version?: () => unknown,
): LogAnswers {
  let cached: { version: unknown; packed: Promise<Uint8Array> | null } | null = null;
  const packed = () => {
    const now = version?.();
    if (version && cached !== null && cached.version === now) return cached.packed;
    const logs = sendableLogs(read());
    const fresh = { version: now, packed: Object.keys(logs).length === 0 ? null : packLogs(logs) };
    // A pack that failed is tried again at the next ask.
    fresh.packed?.catch(() => cached === fresh && (cached = null));
    cached = fresh;
    return fresh.packed;
  };
  const answer = (peerId: string) =>
    packed()?.then(
      (logs) => links.sendNote(peerId, LOGS_TOPIC, logs),
      (error: unknown) => console.error('Could not pack the room logs for a late joiner', error),
    );
  // The peers that asked on their link, and those of them answered again since: an ask again (a note) is answered once
  // per link, so a peer cannot make this page send the logs over and over.
  const asked = new Set<string>();
  const askedAgain = new Set<string>();
  const stopGreetings = links.onGreeting(LOGS_ASK_TOPIC, (peerId, ask) => {
    askedAgain.delete(peerId);
    if (ask === null) return void asked.delete(peerId);
    asked.add(peerId);
    answer(peerId);
  });
  const stopNotes = links.onNote(LOGS_ASK_TOPIC, (peerId) => {
    if (!asked.has(peerId) || askedAgain.has(peerId)) return;
    askedAgain.add(peerId);
    answer(peerId);
  });
  return {
    prepare: () => void packed()?.catch(() => {}),
    stop: () => {
      stopGreetings();
      stopNotes();
    },
  };
}

/**
 * The logs an answer may carry: the non-empty ones within LOGS_LIMITS, each cut before its first entry over
 * MAX_ENTRY_CHARS. A peer can write anything into the document; without this, one such entry or game name there would
 * make every answer in the room one its late joiners drop.
 */
export function sendableLogs(logs: RoomLogs): RoomLogs {
  const sendable = Object.entries(logs)
    .filter(([game, log]) => log.length > 0 && v.is(GameNameSchema, game))
    .slice(0, LOGS_LIMITS.maxGames)
    .map(([game, log]) => {
      const end = log.findIndex((entry) => entry.length > MAX_ENTRY_CHARS);
      return [game, log.slice(0, Math.min(end < 0 ? log.length : end, LOGS_LIMITS.maxEntries))] as const;
    })
    .filter(([, log]) => log.length > 0);
  return Object.fromEntries(sendable);
}

/** The logs as gzip-compressed JSON: a 2,000-entry Okey log of 375 KB travels in about 7 KB. */
export async function packLogs(logs: RoomLogs): Promise<Uint8Array> {
  const stream = new Blob([JSON.stringify(logs)]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Reads packed logs; throws an Error naming what is wrong with them. */
export async function unpackLogs(body: unknown, maxBytes = MAX_LOGS_BYTES): Promise<RoomLogs> {
  if (!(body instanceof Uint8Array)) throw new Error('Logs must be bytes');
  const text = await gunzipText(body, maxBytes);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error('Logs are not JSON', { cause: error });
  }
  if (!v.is(LogsByGameSchema, parsed)) throw new Error('Logs must be an object of logs by game');
  for (const [game, log] of Object.entries(parsed)) {
    if (!v.is(LogSchema, log)) throw new Error(`The log of ${game} must be a list of entry texts`);
  }
  return parsed as RoomLogs;
}

// Stops reading past maxBytes, so a small answer cannot unpack into a page-filling one.
async function gunzipText(bytes: Uint8Array, maxBytes: number): Promise<string> {
  // A copy: a Blob takes only bytes over a plain ArrayBuffer, and cbor may hand a view into a larger one.
  const reader = new Blob([new Uint8Array(bytes)])
    .stream()
    .pipeThrough(new DecompressionStream('gzip'))
    .getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      size += value.byteLength;
      if (size > maxBytes) throw new Error(`Logs unpack to more than ${maxBytes} bytes`);
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    await reader.cancel().catch(() => {});
    if (error instanceof Error && error.message.startsWith('Logs')) throw error;
    throw new Error('Logs are not gzip-compressed', { cause: error });
  }
}
