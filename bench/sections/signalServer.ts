/**
 * The signalling server in its own process for the signalling benchmark, so the load generator does not share its
 * thread: prints its port, and answers 'memory' on IPC with its heap and RSS after a full GC. Run with --expose-gc.
 */
import { startServer } from '../../signaling/server';

// The benchmark drives one publisher far past a browser's rate: lift the per-socket rate limit, keep every other limit.
const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  staticDir: null,
  log: () => {},
  limits: { maxMessagesPerSecond: 1e9, messageBurst: 1e9, floodDropLimit: 1e9 },
});

process.on('message', (message) => {
  if (message !== 'memory') return;
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  process.send?.({ heapUsed, rss });
});
process.on('disconnect', () => void server.close().then(() => process.exit(0)));
process.send?.({ port: server.port });
