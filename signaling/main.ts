/**
 * `npm start`: the whole local setup in one process on one port (the built app and signalling).
 * PORT, HOST and ICE_SERVERS come from the environment; see env.ts.
 */
import { readServerEnv } from './env.ts';
import { startServer } from './server.ts';

const log = (line: string) => console.log(`${new Date().toISOString()} ${line}`);

async function main(): Promise<void> {
  const { port, host, config } = readServerEnv(process.env);
  const server = await startServer({ port, host, config, log }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'EADDRINUSE')
      throw new Error(`Port ${port} is already in use: set PORT to a free port.`);
    throw err;
  });
  console.log(`Game room running at http://localhost:${server.port}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received, shutting down`);
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
