import { figure, samplesOf, type Figure } from '../../figure';
import { freshPagesMeet } from './discovery';
import { closeAll, freshRoom, type Harness } from './harness';
import { openBenchRoom } from './measure';
import { okeyDiscards } from './okeyDiscards';
import { RELAY_AFTER_MS } from '../../../src/sync/mesh/RelayFallback';

/**
 * The relay of last resort beside direct links, in one run: a page following a room's link until both pages list each
 * other, and Okey discards between two pages, first with both pages' WebRTC working, then with the second page's
 * blocked (blockWebRtc), so that the pair talks through the signalling server.
 */
export async function runRelay(h: Harness): Promise<Figure[]> {
  const trials = samplesOf(10, 2);
  const discards = samplesOf(60, 6);
  const figures: Figure[] = [];
  for (const relayed of [false, true]) {
    const how = relayed ? 'through the relay' : 'direct';
    const meetings: number[] = [];
    for (let i = 0; i < trials; i++)
      meetings.push(
        (await freshPagesMeet(h, i, { opening: 'second joins', secondBlocked: relayed })).fromNavigation,
      );
    figures.push(
      figure(
        'relay',
        `A second page joining: both list each other, from navigation (${how})`,
        'ms',
        meetings,
        {
          detail: {
            trials,
            pages: 2,
            // The relay is tried once a direct link has not opened in this long (TURN, when set, before it).
            ...(relayed ? { relayAfterMs: RELAY_AFTER_MS, blocked: 'the joining page' } : {}),
          },
        },
      ),
    );
    const room = await openBenchRoom(h, freshRoom(), 'okey', 2, relayed ? [1] : []);
    try {
      const series = await okeyDiscards(room, discards);
      figures.push(
        figure(
          'relay',
          `Okey discard, 2 pages: act in A -> DOM in B (${how})`,
          'ms',
          series.samples.flatMap((s) => s.dom),
          { detail: { discards: series.samples.length, ...(relayed ? { blocked: 'page B' } : {}) } },
        ),
      );
    } finally {
      await closeAll(room.people);
    }
  }
  return figures;
}
