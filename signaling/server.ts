import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';
import {
  BEACON_PATH,
  CONFIG_PATH,
  DEFAULT_ICE_SERVERS,
  LIMITS,
  type RuntimeConfig,
} from '../protocol/signaling.ts';
import { BeaconIntake } from './BeaconIntake.ts';
import { sendJson, sendText } from './httpReply.ts';
import { METRICS_CONTENT_TYPE, renderMetrics } from './metrics.ts';
import type { RelayBudgetLimits } from './FrameRelay.ts';
import { RedisRelay } from './RedisRelay.ts';
import { SignalingHub, type HubLimits } from './SignalingHub.ts';
import { createStaticFiles, type StaticFiles } from './staticFiles.ts';
import { runtimeConfigFor, type TurnSettings } from './turnCredentials.ts';
import { DEFAULT_CHANNEL_PREFIX } from './env.ts';

/** How to start the server; every field has a default fit for tests (127.0.0.1, a free port, ./dist). */
export type ServerOptions = {
  port?: number;
  host?: string;
  /** The built app; null serves no files. Default: dist/ at the repository root. */
  staticDir?: string | null;
  /** What /config.json serves. Default: the five public STUN servers. */
  config?: RuntimeConfig;
  log?: (line: string) => void;
  /** Signalling limits to override (tests shrink the idle timeout, the connection cap...). */
  limits?: Partial<HubLimits>;
  /** Relay publishes to the other instances of a deployment through Redis; absent, this instance stands alone. */
  redis?: RedisConnection;
  /** Hand each client time-limited TURN credentials in /config.json, after config's ICE servers. */
  turn?: TurnSettings;
  /** Relay the frames of links that cannot open directly (default true; RELAY=off turns it off). */
  relayFrames?: boolean;
  /** The relay's budget per connection to override (tests shrink it). */
  relayBudget?: Partial<RelayBudgetLimits>;
};

/** Where the instances of a deployment meet; the back-off bounds are for tests. */
export type RedisConnection = {
  url: string;
  channelPrefix?: string;
  retryMinMs?: number;
  retryMaxMs?: number;
};

/** A listening server. */
export type RunningServer = {
  /** http://host:port as a browser on this machine reaches it. */
  url: string;
  port: number;
  /** Resolves once every file of the app is in memory and compressed (brotli too): measurements wait for it. */
  warmed: Promise<void>;
  /** Stops accepting, closes every socket with 1001, and resolves when all is released. Idempotent. */
  close(): Promise<void>;
};

const DEFAULT_STATIC_DIR = fileURLToPath(new URL('../dist', import.meta.url));
/** One file cache per folder per process: instances started side by side (tests) compress the app once. */
const staticFilesByDir = new Map<string, StaticFiles>();

function sharedStaticFiles(dir: string): StaticFiles {
  let files = staticFilesByDir.get(dir);
  if (!files) staticFilesByDir.set(dir, (files = createStaticFiles(dir)));
  return files;
}

/**
 * Starts one HTTP server that serves the app, /healthz, /config.json, closing pages' beacons (POST /beacon) and WebSocket
 * signalling on any path.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const staticDir = options.staticDir === undefined ? DEFAULT_STATIC_DIR : options.staticDir;
  const files = staticDir === null ? null : sharedStaticFiles(staticDir);
  const config = options.config ?? { iceServers: DEFAULT_ICE_SERVERS.map((s) => ({ ...s })) };
  // Redis answers only after this function has returned, so the relay never calls hub before it exists.
  const deliver = (topic: string, text: string, message: unknown) => hub.deliver(topic, text, message);
  const relay = options.redis
    ? new RedisRelay({ channelPrefix: DEFAULT_CHANNEL_PREFIX, ...options.redis, deliver, log })
    : undefined;
  const { relayFrames, relayBudget } = options;
  const hub = new SignalingHub({ limits: options.limits, log, relay, relayFrames, relayBudget });
  const maxPayload = options.limits?.maxFrameBytes ?? LIMITS.maxFrameBytes;
  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    maxPayload,
  });
  let closing = false;

  const beacons = new BeaconIntake(hub);
  const context = { hub, beacons, relay, files, config, turn: options.turn, log, startedAt: Date.now() };
  const server = createServer(requestHandler(context));
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A connection reset mid-handshake must not become an uncaught error.
    socket.on('error', () => socket.destroy());
    if (closing || hub.isFull)
      return refuseUpgrade(socket, closing ? 'shutting down' : 'too many connections');
    wss.handleUpgrade(req, socket, head, (ws) => hub.accept(ws, req.socket.remoteAddress ?? 'unknown'));
  });

  const host = options.host ?? '127.0.0.1';
  const port = await listen(server, options.port ?? 0, host).catch(async (err: unknown) => {
    await shutDown(server, hub, wss, relay);
    throw err;
  });
  const warmed = (files?.warm() ?? Promise.resolve(0)).then(
    () => undefined,
    (err: unknown) => log(`warming static files failed: ${String(err)}`),
  );

  let closed: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing = true;
    closed ??= shutDown(server, hub, wss, relay);
    return closed;
  };
  return { url: `http://${displayHost(host)}:${port}`, port, warmed, close };
}

type RouteContext = {
  hub: SignalingHub;
  beacons: BeaconIntake;
  relay: RedisRelay | undefined;
  files: StaticFiles | null;
  config: RuntimeConfig;
  turn: TurnSettings | undefined;
  log: (line: string) => void;
  startedAt: number;
};

function requestHandler(ctx: RouteContext): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    route(ctx, req, res).catch((err: unknown) => {
      ctx.log(`http ${req.method} ${req.url} failed: ${String(err)}`);
      if (res.headersSent) res.destroy();
      else sendText(req, res, 500, 'Internal error.\n');
    });
  };
}

async function route(ctx: RouteContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const pathname = (req.url ?? '/').split(/[?#]/, 1)[0];
  if (pathname === BEACON_PATH) return ctx.beacons.receive(req, res);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return sendText(req, res, 405, 'Only GET and HEAD are served.\n', { Allow: 'GET, HEAD' });
  }
  if (pathname === '/healthz') {
    const { hub, relay, startedAt } = ctx;
    const uptimeSeconds = Math.floor((Date.now() - startedAt) / 1000);
    // An instance without Redis still serves its own rooms, so it stays healthy and only says so.
    return sendJson(req, res, 200, {
      status: 'ok',
      connections: hub.connections,
      topics: hub.topicCount,
      uptimeSeconds,
      ...(relay ? { redis: relay.isUp ? 'up' : 'down' } : {}),
    });
  }
  if (pathname === '/metrics') {
    const body = renderMetrics(ctx.hub.stats, ctx.relay?.stats);
    return sendText(req, res, 200, body, {
      'Content-Type': METRICS_CONTENT_TYPE,
      'Cache-Control': 'no-store',
    });
  }
  if (pathname === CONFIG_PATH) {
    // Credentials are minted per request: no cache may hand one client's to another.
    const headers: Record<string, string> = ctx.turn ? { 'Cache-Control': 'no-store, private' } : {};
    return sendJson(req, res, 200, runtimeConfigFor(ctx.config, ctx.turn), headers);
  }
  if (!ctx.files) return sendText(req, res, 404, 'Not found.\n');
  return ctx.files.serve(req, res);
}

async function shutDown(
  server: Server,
  hub: SignalingHub,
  wss: WebSocketServer,
  relay: RedisRelay | undefined,
): Promise<void> {
  const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  await hub.close();
  wss.close();
  // Requests still in flight after the sockets are gone are cut rather than waited for.
  server.closeAllConnections();
  await Promise.all([stopped, relay?.close()]);
}

function refuseUpgrade(socket: Duplex, reason: string): void {
  const body = `Signalling unavailable: ${reason}.\n`;
  socket.end(
    'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
