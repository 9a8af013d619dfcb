import { describe, expect, it } from 'vitest';
import { ENTRY_TOPIC, linkLane } from '../../../src/sync/aheadLanes';
import type { NoteListener } from '../../../src/sync/PeerGreetings';

describe('linkLane', () => {
  it('sends each entry as a note to every linked peer and hears the notes of its topic only', () => {
    const sent: Array<[string, unknown]> = [];
    const listeners = new Map<string, NoteListener>();
    const lane = linkLane({
      broadcastNote: (topic, body) => void sent.push([topic, body]),
      onNote: (topic, l) => (listeners.set(topic, l), () => listeners.delete(topic)),
    });
    lane.send({ entry: 'e', after: null });
    expect(sent).toEqual([[ENTRY_TOPIC, { entry: 'e', after: null }]]);
    const heard: unknown[] = [];
    const stop = lane.subscribe((m) => heard.push(m));
    listeners.get(ENTRY_TOPIC)?.('p1', { entry: 'f', after: 'e' });
    expect(heard).toEqual([{ entry: 'f', after: 'e' }]);
    stop();
    expect(listeners.has(ENTRY_TOPIC)).toBe(false);
  });
});
