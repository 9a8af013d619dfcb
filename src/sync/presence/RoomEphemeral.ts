import type { DocHandleEphemeralMessagePayload } from '@automerge/automerge-repo';
import type { RoomDocument } from '../document/RoomDocument';
import type { RoomDoc } from '../document/roomIdentity';
import { Listeners } from '../document/Listeners';

/** A message on the room's ephemeral channel: never stored, sent to every peer present now. */
export type EphemeralListener = (message: unknown) => void;

/**
 * The room's ephemeral channel for data too frequent or too fleeting for the document (a game's avatar positions).
 * Messages are the caller's own shape; each listener validates what it reads and ignores the rest.
 */
export class RoomEphemeral {
  readonly #room: RoomDocument;
  readonly #listeners = new Listeners<[message: unknown]>('ephemeral');

  constructor(room: RoomDocument) {
    this.#room = room;
    const onMessage = ({ message }: DocHandleEphemeralMessagePayload<RoomDoc>) =>
      this.#listeners.tell(message);
    room.handle.on('ephemeral-message', onMessage);
    this.#listeners.attach(() => room.handle.off('ephemeral-message', onMessage));
  }

  /** Sends message to every peer in the room now; nothing is kept. */
  broadcast(message: unknown): void {
    if (this.#listeners.disposed) return;
    try {
      this.#room.handle.broadcast(message);
    } catch (err) {
      console.error('Unable to send an ephemeral message', err);
    }
  }

  /** Calls listener with every ephemeral message from other peers; returns the unsubscribe. */
  subscribe(listener: EphemeralListener): () => void {
    return this.#listeners.subscribe(listener);
  }

  /** Stops listening; idempotent. */
  dispose(): void {
    this.#listeners.dispose();
  }
}
