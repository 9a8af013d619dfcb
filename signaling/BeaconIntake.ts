import type { IncomingMessage, ServerResponse } from 'node:http';
import * as v from 'valibot';
import { BEACON_LIMITS, BEACON_PATH, BeaconSchema } from '../protocol/signaling.ts';
import { sendText } from './httpReply.ts';
import { RateLimiter } from './RateLimiter.ts';
import type { SignalingHub } from './SignalingHub.ts';

/** The most addresses whose beacon budgets are remembered; past it they start afresh (a bound, not a policy). */
const MAX_ADDRESSES = 10_000;

const LIMITS = {
  maxMessagesPerSecond: BEACON_LIMITS.perSecond,
  messageBurst: BEACON_LIMITS.burst,
  // An address over its budget is refused each time; there is no socket to close.
  floodDropLimit: Infinity,
  floodWindowMs: 10_000,
};

/**
 * Takes closing pages' beacons (POST BEACON_PATH): a page that closes right after its move may not have sent it on its
 * links, and has no socket left, so the browser posts its last words here, and the hub publishes them on the room's
 * topic as the page would have. Bounded in size and in rate per address; the data is relayed unread, as a publish is.
 */
export class BeaconIntake {
  readonly #hub: SignalingHub;
  readonly #limiters = new Map<string, RateLimiter>();

  constructor(hub: SignalingHub) {
    this.#hub = hub;
  }

  async receive(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST')
      return sendText(req, res, 405, `Only POST is taken at ${BEACON_PATH}.\n`, { Allow: 'POST' });
    if (!this.#allows(req.socket.remoteAddress ?? 'unknown', Date.now())) {
      req.resume();
      return sendText(req, res, 429, 'Too many beacons from this address; try again in a second.\n');
    }
    const body = await readBody(req, BEACON_LIMITS.maxBytes);
    if (body === null)
      return sendText(req, res, 413, `A beacon may hold at most ${BEACON_LIMITS.maxBytes} bytes.\n`, {
        Connection: 'close',
      });
    let beacon: unknown;
    try {
      beacon = JSON.parse(body);
    } catch {
      beacon = undefined;
    }
    if (!v.is(BeaconSchema, beacon))
      return sendText(req, res, 400, 'A beacon must be JSON: {"topic": a room, "data": what to publish}.\n');
    this.#hub.publishBeacon(beacon.topic, beacon.data);
    res.writeHead(204, { 'X-Content-Type-Options': 'nosniff' }).end();
  }

  #allows(address: string, now: number): boolean {
    let limiter = this.#limiters.get(address);
    if (!limiter) {
      if (this.#limiters.size >= MAX_ADDRESSES) this.#limiters.clear();
      this.#limiters.set(address, (limiter = new RateLimiter(LIMITS, now)));
    }
    return limiter.take(now) === 'accept';
  }
}

// The body as text, or null once it passes maxBytes (the rest is not read).
async function readBody(req: IncomingMessage, maxBytes: number): Promise<string | null> {
  const declared = Number(req.headers['content-length']);
  if (declared > maxBytes) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
