import { startBenchServer, type Harness } from '../sections/browser/harness';
import { launchBrowser } from '../../test/helpers/browser';

/**
 * Runs `each` once per build and round, on one Chromium and one server per build, alternating the builds' order round
 * by round: the machine's speed drifts over minutes (other work on the host), so builds run one after the other would
 * be measured on different machines. Prints each round's end; closes everything whatever happens.
 */
export async function alternateBuilds(
  dists: readonly string[],
  rounds: number,
  each: (h: Harness, build: number, round: number) => Promise<void>,
): Promise<void> {
  const browser = await launchBrowser();
  const servers = await Promise.all(dists.map((d) => startBenchServer(d)));
  try {
    for (let round = 0; round < rounds; round++) {
      const order = dists.map((_, i) => i);
      if (round % 2) order.reverse();
      for (const i of order) {
        const server = servers[i];
        await each({ browser, server, baseUrl: server.url, chromium: browser.version() }, i, round);
      }
      process.stdout.write(`round ${round + 1} `);
    }
  } finally {
    await browser.close().catch(() => {});
    await Promise.all(servers.map((s) => s.close()));
  }
}
