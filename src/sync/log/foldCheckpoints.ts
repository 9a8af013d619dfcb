import { idbRequest, openIdbStore } from '../indexedDb';
import { entryTextOf } from './logEntry';

/**
 * A game's fold as this page kept it: the state after the log's first `count` entries, and the digest of those
 * entries' texts. A reload whose log starts with the same entries folds on from there instead of judging an evening's
 * entries again (their bot moves, their signatures). It is this page's own result, never another page's.
 */
export type FoldCheckpoint = { count: number; digest: string; state: unknown };

/** Where a room's checkpoints are kept: one per game. */
export type FoldCheckpoints = {
  read(game: string): Promise<FoldCheckpoint | null>;
  write(game: string, checkpoint: FoldCheckpoint): Promise<void>;
};

/**
 * How far behind the log's end a checkpoint is taken: the last entries are where a merge still reorders the log
 * (a concurrent entry ordered first), and a checkpoint past a reordered entry would never match again.
 */
export const CHECKPOINT_TAIL = 16;
/** How many entries a new checkpoint must add to the last one: a round of Okey is about 80. */
export const CHECKPOINT_EVERY = 32;

/** A kept fold matched against a log: its first `count` entries fold to `state`. */
export type RestoredFold = { log: readonly unknown[]; count: number; state: unknown };

/** The game's kept fold, when the log starts with the very entries it was kept after (their digest); else null. */
export async function restorableFold(
  checkpoints: FoldCheckpoints,
  game: string,
  log: readonly unknown[],
): Promise<RestoredFold | null> {
  const kept = await checkpoints.read(game);
  if (!kept || kept.count > log.length || kept.count === 0) return null;
  if ((await logDigest(log, kept.count)) !== kept.digest) return null;
  return { log, count: kept.count, state: kept.state };
}

/** The digest of the texts of a log's first `count` entries (SHA-256, base64), each text preceded by its length. */
export async function logDigest(log: readonly unknown[], count: number): Promise<string> {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const text = entryTextOf(log[i]) ?? '';
    parts.push(`${text.length}:${text}`);
  }
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(parts.join('')));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

/** True when value has a checkpoint's shape (what IndexedDB gives back is checked like anything read). */
export function isFoldCheckpoint(value: unknown): value is FoldCheckpoint {
  if (typeof value !== 'object' || value === null) return false;
  const { count, digest, state } = value as Partial<FoldCheckpoint>;
  return (
    Number.isSafeInteger(count) &&
    (count as number) >= 0 &&
    typeof digest === 'string' &&
    typeof state === 'object' &&
    state !== null
  );
}

const STORE = 'folds';

/**
 * A room's checkpoints in IndexedDB database `name`: one per room (its name, which names its document too) and game,
 * marked with the build that kept it (another build's rules may fold the same entries otherwise: its pages start
 * afresh, and their next keep replaces it). Any failure reads as no checkpoint.
 */
export function indexedDbCheckpoints(name: string, roomName: string, build: string): FoldCheckpoints {
  let db: Promise<IDBDatabase> | null = null;
  const open = () => {
    if (!db) {
      db = openIdbStore(name, STORE);
    }
    return db;
  };
  const key = (game: string) => `${roomName}/${game}`;
  return {
    async read(game) {
      try {
        const found: unknown = await idbRequest(
          (await open()).transaction(STORE).objectStore(STORE).get(key(game)),
        );
        return isFoldCheckpoint(found) && (found as { build?: unknown }).build === build ? found : null;
      } catch (error) {
        console.warn('No kept fold to start from', error);
        return null;
      }
    },
    async write(game, checkpoint) {
      try {
        const kept = { ...checkpoint, build };
        await idbRequest(
          (await open()).transaction(STORE, 'readwrite').objectStore(STORE).put(kept, key(game)),
        );
      } catch (error) {
        console.warn('Could not keep the fold', error);
      }
    },
  };
}
