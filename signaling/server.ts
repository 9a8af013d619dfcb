import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';
import { CONFIG_PATH, DEFAULT_ICE_SERVERS, LIMITS, type RuntimeConfig } from './protocol.ts';
import { sendJson, sendText } from './httpReply.ts';
import { SignalingHub, type HubLimits } from './SignalingHub.ts';
import { createStaticFiles, type StaticFiles } from './staticFiles.ts';

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
};

/** A listening server. */
export type RunningServer = {
  /** http://host:port as a browser on this machine reaches it. */
  url: string;
  port: number;
  /** Stops accepting, closes every socket with 1001, and resolves when all is released. Idempotent. */
  close(): Promise<void>;
};

const DEFAULT_STATIC_DIR = fileURLToPath(new URL('../dist', import.meta.url));

/** Starts one HTTP server that serves the app, /healthz, /config.json and WebSocket signalling on any path. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const staticDir = options.staticDir === undefined ? DEFAULT_STATIC_DIR : options.staticDir;
  const files = staticDir === null ? null : createStaticFiles(staticDir);
  const config = options.config ?? { iceServers: DEFAULT_ICE_SERVERS.map((s) => ({ ...s })) };
  const hub = new SignalingHub({ limits: options.limits, log });
  const maxPayload = options.limits?.maxFrameBytes ?? LIMITS.maxFrameBytes;
  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    maxPayload,
  });
  let closing = false;

  const server = createServer(requestHandler({ hub, files, config, log, startedAt: Date.now() }));
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A connection reset mid-handshake must not become an uncaught error.
    socket.on('error', () => socket.destroy());
    if (closing || hub.isFull)
      return refuseUpgrade(socket, closing ? 'shutting down' : 'too many connections');
    wss.handleUpgrade(req, socket, head, (ws) => hub.accept(ws, req.socket.remoteAddress ?? 'unknown'));
  });

  const host = options.host ?? '127.0.0.1';
  const port = await listen(server, options.port ?? 0, host);
  files?.warm().catch((err: unknown) => log(`warming static files failed: ${String(err)}`));

  let closed: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing = true;
    closed ??= shutDown(server, hub, wss);
    return closed;
  };
  return { url: `http://${displayHost(host)}:${port}`, port, close };
}

type RouteContext = {
  hub: SignalingHub;
  files: StaticFiles | null;
  config: RuntimeConfig;
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
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return sendText(req, res, 405, 'Only GET and HEAD are served.\n', { Allow: 'GET, HEAD' });
  }
  const pathname = (req.url ?? '/').split(/[?#]/, 1)[0];
  if (pathname === '/healthz') {
    const { hub, startedAt } = ctx;
    const uptimeSeconds = Math.floor((Date.now() - startedAt) / 1000);
    return sendJson(req, res, 200, {
      status: 'ok',
      connections: hub.connections,
      topics: hub.topicCount,
      uptimeSeconds,
    });
  }
  if (pathname === CONFIG_PATH) return sendJson(req, res, 200, ctx.config);
  if (!ctx.files) return sendText(req, res, 404, 'Not found.\n');
  return ctx.files.serve(req, res);
}

async function shutDown(server: Server, hub: SignalingHub, wss: WebSocketServer): Promise<void> {
  const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  await hub.close();
  wss.close();
  // Requests still in flight after the sockets are gone are cut rather than waited for.
  server.closeAllConnections();
  await stopped;
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
