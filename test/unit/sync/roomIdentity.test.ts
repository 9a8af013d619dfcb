import { execFileSync } from 'node:child_process';
import { Repo, isValidDocumentId } from '@automerge/automerge-repo';
import * as A from '@automerge/automerge';
import { describe, expect, it } from 'vitest';
import {
  genesisBinary,
  genesisContent,
  roomDocumentId,
  warmAutomerge,
} from '../../../src/sync/document/roomIdentity';

const GAMES = ['tictactoe', 'backgammon', 'minecraft', 'okey', 'go'];

describe('room identity', () => {
  it('derives a valid automerge-repo document id from the room name, the same every time', async () => {
    const id = await roomDocumentId('abc123');
    expect(isValidDocumentId(id)).toBe(true);
    expect(await roomDocumentId('abc123')).toBe(id);
    expect(await roomDocumentId('abc124')).not.toBe(id);
  });

  it('is the bs58check of the first 16 bytes of SHA-256 of the name', async () => {
    const { createHash } = await import('node:crypto');
    const { interpretAsDocumentId } = await import('@automerge/automerge-repo');
    const prefix = createHash('sha256').update('room-x').digest().subarray(0, 16);
    expect(await roomDocumentId('room-x')).toBe(interpretAsDocumentId(new Uint8Array(prefix) as never));
  });

  it('holds one empty log and one empty snapshot map per game', () => {
    const doc = A.load(genesisBinary(GAMES));
    expect(A.toJS(doc)).toEqual(genesisContent(GAMES));
    expect(genesisContent(GAMES)).toEqual({
      logs: { tictactoe: [], backgammon: [], minecraft: [], okey: [], go: [] },
      'tictactoe-state': {},
      'backgammon-state': {},
      'minecraft-state': {},
      'okey-state': {},
      'go-state': {},
    });
  });

  it('builds a byte-identical genesis in another process', () => {
    const script = `import { genesisBinary } from './src/sync/document/roomIdentity.ts';
      process.stdout.write(Buffer.from(genesisBinary(${JSON.stringify(GAMES)})).toString('hex'));`;
    const other = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(other).toBe(Buffer.from(genesisBinary(GAMES)).toString('hex'));
  });

  it('is accepted by Repo.import under the derived id and found again by repo.find', async () => {
    const repo = new Repo({});
    const id = await roomDocumentId('import-me');
    const handle = repo.import(genesisBinary(GAMES), { docId: id });
    expect(handle.documentId).toBe(id);
    expect((await repo.find(id)).doc()).toEqual(genesisContent(GAMES));
    await repo.shutdown();
  });

  it('warms Automerge up on a throwaway document without touching any room', () => {
    const before = genesisBinary(GAMES);
    expect(() => warmAutomerge()).not.toThrow();
    expect(genesisBinary(GAMES)).toEqual(before);
  });
});
