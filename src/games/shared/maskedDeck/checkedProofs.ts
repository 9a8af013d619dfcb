// Proofs that passed, each with the statement it passed for. A page judges one deck entry several times (shown ahead,
// folded from the log, folded again when a merge reorders the log under it), and a proof it made itself needs no
// check: the checks are most of a draw's time on two cores. Only a proof that passed for this very statement is taken
// again; anything else is checked in full. Bounded, so that a flood of entries cannot grow it forever.
import { PASSED, type Verdict } from './contexts';

const passed = new Map<string, string>();
const MAX_REMEMBERED = 4_096;

/** The text of a statement: the kind of proof and every input its check reads. */
export const statementOf = (kind: string, ...inputs: readonly unknown[]): string =>
  JSON.stringify([kind, ...inputs]);

/** Remembers that proof holds for statement (this page made it, or checked it). */
export function rememberProof(proof: string, statement: string): void {
  if (passed.size >= MAX_REMEMBERED) passed.clear();
  passed.set(proof, statement);
}

/** Whether proof already passed for exactly this statement on this page. */
export const provenBefore = (proof: string, statement: string): boolean => passed.get(proof) === statement;

/**
 * A check's verdict, run only when the proof has not passed for this very statement on this page before; a pass is
 * remembered.
 */
export function checkedOnce<Fault extends string>(
  proof: string,
  statement: string,
  check: () => Verdict<Fault>,
): Verdict<Fault> {
  if (provenBefore(proof, statement)) return PASSED;
  const verdict = check();
  if (verdict.ok) rememberProof(proof, statement);
  return verdict;
}
