import { LAST_WORDS_LIMITS, type LastWordsData } from '../../../protocol/signaling.ts';

/** How long a note stays among a page's last words: long after its peers have it, or have written its move for it. */
export const LAST_WORDS_MS = 10_000;

type Note = { topic: string; body: unknown; at: number };

/**
 * A page's last words: the notes it sent last on topics that last (its moves ahead of their document changes), the
 * latest LAST_WORDS_LIMITS.maxNotes of the last LAST_WORDS_MS. A page that closes right after a move may not have sent
 * it on its links yet, or had none open; it posts these through the signalling server as it goes (a beacon), and its
 * peers take them as notes from it. Only topics both sides declared lasting travel this way, and the page's farewells
 * (its presence goodbye, which its links may never carry from a closing page).
 */
export class LastWords {
  readonly #topics = new Set<string>();
  readonly #farewells = new Map<string, unknown>();
  readonly #now: () => number;
  #notes: Note[] = [];

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** Declares notes of topic lasting: kept when sent, and taken from a closing peer's last words. */
  keep(topic: string): void {
    this.#topics.add(topic);
  }

  /**
   * Sets this page's farewell on topic (its goodbye): said last among its last words however long ago it was set, one
   * per topic. A topic with a farewell is heard from a closing peer's last words too.
   */
  farewell(topic: string, body: unknown): void {
    this.#farewells.set(topic, body);
  }

  /** Keeps a note this page sent, if its topic lasts; true when it did. */
  sent(topic: string, body: unknown): boolean {
    if (!this.#topics.has(topic)) return false;
    this.#notes.push({ topic, body, at: this.#now() });
    this.#notes = this.#notes.slice(-LAST_WORDS_LIMITS.maxNotes);
    return true;
  }

  /**
   * The last words of peer `from` as they stand now: the notes of the last LAST_WORDS_MS, then the farewells; null when
   * there is neither.
   */
  said(from: string): LastWordsData | null {
    const since = this.#now() - LAST_WORDS_MS;
    const room = LAST_WORDS_LIMITS.maxNotes - this.#farewells.size;
    const recent = this.#notes.filter((note) => note.at > since).slice(-room);
    const farewells = [...this.#farewells].map(([topic, body]) => ({ topic, body }));
    const notes = [...recent.map(({ topic, body }) => ({ topic, body })), ...farewells];
    return notes.length === 0 ? null : { type: 'lastWords', from, notes };
  }

  /** The notes of a peer's last words this page takes: those of topics it declared lasting or says farewell on. */
  heard(data: LastWordsData): { topic: string; body: unknown }[] {
    return data.notes.filter((note) => this.#topics.has(note.topic) || this.#farewells.has(note.topic));
  }
}
