import { describe, expect, it } from 'vitest';
import { decodeEntry, nextEntryId, writtenBy } from '../../../src/sync/log/logEntry';
import { encodeEntry } from '../../../src/sync/log/storedEntry';

const actor = '0123456789abcdef0123456789abcdef';
const other = 'fedcba9876543210fedcba9876543210';

describe('log entry ids', () => {
  it('are unique, short, and tell their author', () => {
    const a = nextEntryId(actor);
    const b = nextEntryId(actor);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^0123456789ab:\d+$/);
    expect(writtenBy(a, actor)).toBe(true);
    expect(writtenBy(a, 'ffff' + actor)).toBe(false);
    expect(writtenBy(nextEntryId(other), actor)).toBe(false);
  });

  it('still tell the author of an entry an older version wrote with the whole actor id', () => {
    expect(writtenBy(`${actor}:3`, actor)).toBe(true);
    expect(writtenBy(`${other}:3`, actor)).toBe(false);
  });

  it('never make an entry without an author, or an unreadable one, look like ours', () => {
    expect(writtenBy(':3', actor)).toBe(false);
    expect(writtenBy('unreadable:3:x', actor)).toBe(false);
    expect(writtenBy('0123:3', actor)).toBe(false);
  });

  it('travel inside the stored entry and read back', () => {
    const entry = {
      id: nextEntryId(actor),
      action: { type: 'okey/tileDiscarded', payload: { tileId: 'red1-1' } },
    };
    expect(decodeEntry(encodeEntry(entry))).toEqual(entry);
  });
});
