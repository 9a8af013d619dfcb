/**
 * `npm start`: the whole local setup in one process on one port (the built app and signalling).
 * Everything else is opt-in through the environment (see env.ts): REDIS_URL joins other instances,
 * TURN_URLS with TURN_SECRET hands out relay credentials.
 */
import { readServerEnv } from './env.ts';
import { startServer } from './server.ts';

const log = (line: string) => console.log(`${new Date().toISOString()} ${line}`);
/** Past this, a shutdown that is still waiting on a socket or on Redis gives up and exits anyway. */
const SHUTDOWN_DEADLINE_MS = 10_000;

async function main(): Promise<void> {
  const { port, host, config, staticDir, redis, turn, relayFrames } = readServerEnv(process.env);
  const server = await startServer({ port, host, config, staticDir, redis, turn, relayFrames, log }).catch(
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE')
        throw new Error(`Port ${port} is already in use: set PORT to a free port.`);
      throw err;
    },
  );
  if (redis) log(`relaying between instances through Redis (channels ${redis.channelPrefix}<room>)`);
  if (!relayFrames) log('RELAY=off: links that cannot open directly are not relayed');
  if (turn) log(`handing out TURN credentials for ${turn.urls.join(', ')} valid ${turn.ttlSeconds} s`);
  console.log(`Game room running at http://localhost:${server.port}`);
  void server.warmed.then(() => log('static files ready (read and compressed)'));
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received, shutting down`);
    setTimeout(() => {
      log('shutdown deadline passed, exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
