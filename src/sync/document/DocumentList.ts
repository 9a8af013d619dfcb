import * as A from '@automerge/automerge';
import type { DocHandleChangePayload } from '@automerge/automerge-repo';
import type { RoomDocument } from './RoomDocument';
import { listKey, type RoomDoc } from './roomIdentity';
import { entryTextOf } from '../log/logEntry';
import { Listeners } from './Listeners';

/** Calls back when a list's items changed (a page's append, a merge from a peer, a removal). */
export type ListListener = () => void;

/**
 * A bounded list of texts in the room's document, beside the games' logs: a page appends, and removes the oldest items
 * beyond the bound in the same change (removals merge safely: two pages removing the same item remove it once). The
 * list knows nothing of what its texts mean; every reader validates each one and bounds how many it takes.
 */
export class DocumentList {
  readonly #room: RoomDocument;
  readonly #key: `${string}-list`;
  readonly #listeners = new Listeners<[]>('list');

  /** The list `name` of an open room; the room was opened with it among its lists. */
  constructor(room: RoomDocument, name: string) {
    this.#room = room;
    this.#key = listKey(name);
    const onChange = ({ patches }: DocHandleChangePayload<RoomDoc>) => {
      // A game's move changes the document too: only changes under this list's key are told.
      if (patches.some((patch) => patch.path[0] === this.#key)) this.#listeners.tell();
    };
    room.handle.on('change', onChange);
    this.#listeners.attach(() => room.handle.off('change', onChange));
  }

  /** The list's items, oldest first, at most the last `max`: each one's text, or null where an item is not text. */
  texts(max: number): (string | null)[] {
    const list = this.#room.doc()[this.#key];
    if (!Array.isArray(list)) return [];
    return list.slice(Math.max(0, list.length - max)).map(entryTextOf);
  }

  /** Appends text and removes the oldest items beyond `keep`, in one change; false where the list is missing. */
  append(text: string, keep: number): boolean {
    if (this.#listeners.disposed) return false;
    let appended = false;
    this.#room.handle.change((doc) => {
      const list = doc[this.#key];
      if (!list) return;
      list.push(new A.ImmutableString(text));
      if (list.length > keep) list.splice(0, list.length - keep);
      appended = true;
    });
    return appended;
  }

  /** Calls listener whenever the list's items change; returns the unsubscribe. */
  subscribe(listener: ListListener): () => void {
    return this.#listeners.subscribe(listener);
  }

  /** Stops listening; idempotent. */
  dispose(): void {
    this.#listeners.dispose();
  }
}
