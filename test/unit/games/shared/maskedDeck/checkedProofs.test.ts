import { describe, expect, it } from 'vitest';
import {
  provenBefore,
  rememberProof,
  statementOf,
} from '../../../../../src/games/shared/maskedDeck/checkedProofs';
import { decryptionShare, verifyShare } from '../../../../../src/games/shared/maskedDeck/shares';
import { ciphertextAt } from '../../../../../src/games/shared/maskedDeck/deck';
import { shuffledRound, tableSeats } from '../../../../helpers/maskedDeckTable';

const round = shuffledRound(tableSeats(['north', 'east']), 4);
const [north, east] = round.seats;
const context = (position: number) => ({ room: 'room-1', round: 1, position, seat: 'north', receiver: null });

describe('proofs a page has seen pass', () => {
  it('are taken again only for the very statement they passed for', () => {
    const statement = statementOf('share', 'key', 'ciphertext', 'D');
    rememberProof('proof-1', statement);
    expect(provenBefore('proof-1', statement)).toBe(true);
    expect(provenBefore('proof-1', statementOf('share', 'key', 'ciphertext', 'another D'))).toBe(false);
    expect(provenBefore('proof-2', statement)).toBe(false);
  });

  it('keep a page from passing a share its maker proved for another tile, key or context', () => {
    const share = decryptionShare(north.key, ciphertextAt(round.deck, 1)!, context(1))!;
    expect(verifyShare(north.key.key, ciphertextAt(round.deck, 1)!, share, context(1))).toEqual({ ok: true });
    expect(verifyShare(north.key.key, ciphertextAt(round.deck, 2)!, share, context(1)).ok).toBe(false);
    expect(verifyShare(east.key.key, ciphertextAt(round.deck, 1)!, share, context(1)).ok).toBe(false);
    expect(verifyShare(north.key.key, ciphertextAt(round.deck, 1)!, share, context(2)).ok).toBe(false);
  });

  it('are forgotten all at once past their bound, never grown without end', () => {
    for (let i = 0; i < 5_000; i++) rememberProof(`flood-${i}`, 'statement');
    expect(provenBefore('flood-0', 'statement')).toBe(false);
    expect(provenBefore('flood-4999', 'statement')).toBe(true);
  });
});
