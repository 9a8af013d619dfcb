// A dedicated worker that checks a log's signatures (verifyLogAhead): decoding each entry, writing its signed text and
// checking it with WebCrypto happen here, beside the page's own work, instead of on its main thread.
import { signedTriples, verifySignatureAsync, type SignedTriple } from './signatures';

/** What the page asks: the signatures of these entry texts, judged in room. */
export type VerifyRequest = { id: number; room: string; texts: readonly string[] };
/** What the worker answers: the signatures it found good, as their key, signed text and signature. */
export type VerifyAnswer = { id: number; good: SignedTriple[] };

addEventListener('message', (event: MessageEvent<VerifyRequest>) => {
  const { id, room, texts } = event.data;
  const triples = signedTriples(room, texts);
  void Promise.all(triples.map((t) => verifySignatureAsync(...t))).then((ok) => {
    const answer: VerifyAnswer = { id, good: triples.filter((_, i) => ok[i]) };
    postMessage(answer);
  });
});
