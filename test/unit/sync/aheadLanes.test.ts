import { describe, expect, it } from 'vitest';
import {
  ENTRY_TOPIC,
  HeldAhead,
  isEntryAheadMessage,
  linkLane,
  MAX_AFTER_ID_CHARS,
  MAX_HELD,
  MAX_HELD_PER_PEER,
} from '../../../src/sync/log/aheadLanes';
import { MAX_ENTRY_CHARS } from '../../../src/sync/log/logEntry';
import type { NoteListener } from '../../../src/sync/mesh/GreetingsAndNotes';

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

describe('isEntryAheadMessage', () => {
  it.each([
    { name: 'the first entry', value: { entry: '{}', after: null }, ok: true },
    { name: 'an entry after another', value: { entry: '{}', after: 'abc:1' }, ok: true },
    {
      name: 'an entry of the longest allowed text',
      value: { entry: 'x'.repeat(MAX_ENTRY_CHARS), after: null },
      ok: true,
    },
    {
      name: 'an entry over the longest text',
      value: { entry: 'x'.repeat(MAX_ENTRY_CHARS + 1), after: null },
      ok: false,
    },
    {
      name: 'an over-long id before it',
      value: { entry: '{}', after: 'x'.repeat(MAX_AFTER_ID_CHARS + 1) },
      ok: false,
    },
    { name: 'no id before it', value: { entry: '{}' }, ok: false },
    { name: 'an entry as an object', value: { entry: { id: 'a:1' }, after: null }, ok: false },
    { name: 'an id before it as a list', value: { entry: '{}', after: ['a:1'] }, ok: false },
    { name: 'a string', value: '{}', ok: false },
    { name: 'null', value: null, ok: false },
  ])('accepts only a bounded entry ahead: $name', ({ value, ok }) => {
    expect(isEntryAheadMessage(value)).toBe(ok);
  });
});

describe('HeldAhead', () => {
  it('holds the latest MAX_HELD_PER_PEER of each peer, and the latest MAX_HELD in all however many peers send', () => {
    const held = new HeldAhead<number>();
    for (let i = 0; i < MAX_HELD_PER_PEER + 3; i++) held.hold('one', i);
    expect(held.take().map((h) => h.item)).toEqual(
      Array.from({ length: MAX_HELD_PER_PEER }, (_, i) => i + 3),
    );
    // A closed page's last words may name any peer: the whole stays bounded, the oldest going first.
    for (let i = 0; i < MAX_HELD + 5; i++) held.hold(`peer-${i}`, i);
    const all = held.take();
    expect(all).toHaveLength(MAX_HELD);
    expect(all[0]).toEqual({ from: 'peer-5', item: 5 });
  });
});
