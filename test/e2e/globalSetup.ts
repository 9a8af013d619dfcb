import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from '../../signaling/server';

/** One real server for the whole browser run: it serves the built app and relays signalling, with no STUN servers. */
export default async function setup(project: TestProject) {
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    config: { iceServers: [] },
    log: () => {},
    // scripts/e2e.mjs builds into E2E_DIST when it is set.
    ...(process.env.E2E_DIST ? { staticDir: resolve(process.env.E2E_DIST) } : {}),
  });
  project.provide('baseUrl', server.url);
  return () => server.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
