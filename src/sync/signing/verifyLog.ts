import { decodeEntry, entryTextOf } from '../log/logEntry';
import {
  checkedBefore,
  rememberSignature,
  signedTriples,
  verifySignatureAsync,
  type SignedTriple,
} from './signatures';
import type { VerifyAnswer, VerifyRequest } from './verifyWorker';

/**
 * Checks ahead, all at once, the signatures of a whole log (stored entries or their texts) before a page folds it (a
 * late joiner's catch-up, a reload from storage): the fold then finds them remembered instead of checking each one in
 * pure JS, about 1 ms apiece. Where the browser has workers, one checks them (WebCrypto, beside the main thread: an
 * evening's log is thousands of signatures, and the page folds meanwhile: foldTrustingSignatures); else WebCrypto here.
 * Never throws and decides nothing: a signature found wrong is not remembered, and the fold refuses its entry.
 */
export async function verifyLogAhead(room: string, log: readonly unknown[]): Promise<void> {
  // An empty log (a game not played yet) is served at once: a move made as the room opens must find its game served.
  if (log.length === 0) return;
  const good = (await checkedInWorker(room, log)) ?? (await checkedHere(room, log));
  for (const triple of good) rememberSignature(...triple);
}

async function checkedHere(room: string, log: readonly unknown[]): Promise<SignedTriple[]> {
  const triples = signedTriples(room, log);
  const ok = await Promise.all(triples.map((triple) => verifySignatureAsync(...triple)));
  return triples.filter((_, i) => ok[i]);
}

/**
 * How many workers share a long log's signatures: two cores are what a phone or a small laptop has to spare, and a
 * late joiner's main thread folds the log meanwhile. A log shorter than SPLIT_FROM entries goes to one.
 */
const WORKERS = 2;
const SPLIT_FROM = 256;

// undefined until first asked; null where no worker can run (Node, a browser without module workers, a failed load).
let pool: Worker[] | null | undefined;
let nextId = 0;
const answers = new Map<number, (good: SignedTriple[] | null) => void>();

function verifiers(): Worker[] | null {
  if (pool !== undefined) return pool;
  if (typeof Worker === 'undefined') return (pool = null);
  const made: Worker[] = [];
  try {
    for (let i = 0; i < WORKERS; i++)
      made.push(new Worker(new URL('./verifyWorker.ts', import.meta.url), { type: 'module' }));
  } catch {
    for (const worker of made) worker.terminate();
    return (pool = null);
  }
  for (const worker of made) {
    worker.addEventListener('message', ({ data }: MessageEvent<VerifyAnswer>) => {
      answers.get(data.id)?.(data.good);
      answers.delete(data.id);
    });
    // One could not load (offline, say) or failed: what they were asked is checked here instead, and so is all after.
    worker.addEventListener('error', () => {
      for (const each of made) each.terminate();
      pool = null;
      for (const answer of answers.values()) answer(null);
      answers.clear();
    });
  }
  return (pool = made);
}

// The good signatures of the log as the workers found them; null when no worker can check them.
async function checkedInWorker(room: string, log: readonly unknown[]): Promise<SignedTriple[] | null> {
  const workers = verifiers();
  if (!workers) return null;
  const texts: string[] = [];
  for (const raw of log) {
    const text = entryTextOf(raw);
    // An entry whose signature this page checked already (its own, one shown ahead) is not sent: its fold matches the
    // key and text too, and checks anything else itself.
    if (text !== null && !checkedBefore(signatureOf(text))) texts.push(text);
  }
  if (texts.length === 0) return [];
  const share = texts.length < SPLIT_FROM ? texts.length : Math.ceil(texts.length / workers.length);
  const asked = workers.slice(0, Math.ceil(texts.length / share)).map(
    (worker, i) =>
      new Promise<SignedTriple[] | null>((resolve) => {
        const id = nextId++;
        answers.set(id, resolve);
        const request: VerifyRequest = { id, room, texts: texts.slice(i * share, (i + 1) * share) };
        worker.postMessage(request);
      }),
  );
  const found = await Promise.all(asked);
  return found.some((good) => good === null) ? null : found.flatMap((good) => good ?? []);
}

// The signature an entry carries at the top of its payload ('' when none).
function signatureOf(text: string): string {
  const payload = decodeEntry(text)?.action.payload as { signature?: unknown } | undefined;
  return typeof payload?.signature === 'string' ? payload.signature : '';
}
