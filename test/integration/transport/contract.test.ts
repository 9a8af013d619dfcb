import { afterAll, beforeAll, describe } from 'vitest';
import { runNetworkAdapterTests } from '@automerge/automerge-repo/helpers/tests/network-adapter-tests.js';
import type { RunningServer } from '../../../signaling/server.ts';
import { connectedRoom, startSignaling, uniqueRoom } from './transportHarness.ts';

describe('WebRtcNetworkAdapter', () => {
  let server: RunningServer;
  let signalingUrl = '';

  beforeAll(async () => {
    ({ server, signalingUrl } = await startSignaling());
  });
  afterAll(() => server.close());

  runNetworkAdapterTests(async () => {
    const [alice, bob, charlie] = connectedRoom(signalingUrl, uniqueRoom('contract'), 3);
    const adapters = [alice, bob, charlie] as const;
    return {
      adapters: [...adapters],
      teardown: () => adapters.forEach((a) => a.disconnect()),
    };
  }, 'WebRTC through the real signalling server');
});
