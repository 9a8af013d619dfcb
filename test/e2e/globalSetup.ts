import type { TestProject } from 'vitest/node';
import { startServer } from '../../signaling/server';
import { builtApp } from '../helpers/browser';

/** One real server for the whole browser run: it serves the built app and relays signalling, with no STUN servers. */
export default async function setup(project: TestProject) {
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    config: { iceServers: [] },
    log: () => {},
    ...builtApp(),
  });
  project.provide('baseUrl', server.url);
  return () => server.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
