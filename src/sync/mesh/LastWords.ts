import { LAST_WORDS_LIMITS, type LastWordsData } from '../../../protocol/signaling.ts';

/** How long a note stays among a page's last words: long after its peers have it, or have written its move for it. */
export const LAST_WORDS_MS = 10_000;

type Note = { topic: string; body: unknown; at: number };

/**
 * A page's last words: the notes it sent last on topics that last (its moves ahead of their document changes), the
 * latest LAST_WORDS_LIMITS.maxNotes of the last LAST_WORDS_MS. A page that closes right after a move may not have sent
 * it on its links yet, or had none open; it posts these through the signalling server as it goes (a beacon), and its
 * peers take them as notes from it. Only topics both sides declared lasting travel this way.
 */
export class LastWords {
  readonly #topics = new Set<string>();
  readonly #now: () => number;
  #notes: Note[] = [];

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** Declares notes of topic lasting: kept when sent, and taken from a closing peer's last words. */
  keep(topic: string): void {
    this.#topics.add(topic);
  }

  /** Keeps a note this page sent, if its topic lasts; true when it did. */
  sent(topic: string, body: unknown): boolean {
    if (!this.#topics.has(topic)) return false;
    this.#notes.push({ topic, body, at: this.#now() });
    this.#notes = this.#notes.slice(-LAST_WORDS_LIMITS.maxNotes);
    return true;
  }

  /** The last words of peer `from` as they stand now; null when nothing was said within LAST_WORDS_MS. */
  said(from: string): LastWordsData | null {
    const since = this.#now() - LAST_WORDS_MS;
    const notes = this.#notes.filter((note) => note.at > since);
    if (notes.length === 0) return null;
    return { type: 'lastWords', from, notes: notes.map(({ topic, body }) => ({ topic, body })) };
  }

  /** The notes of a peer's last words this page takes: those of topics it declared lasting. */
  heard(data: LastWordsData): { topic: string; body: unknown }[] {
    return data.notes.filter((note) => this.#topics.has(note.topic));
  }
}
