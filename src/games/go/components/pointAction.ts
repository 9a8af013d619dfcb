import type { Me } from '../../world';
import type { GoPhase } from '../rules/types';
import { deadStonesToggled, stonePlaced } from '../slice';

/** What a click on a point means: while marking, a stone toggles its group dead and an empty point resumes play. */
export function pointAction(phase: GoPhase, cell: string | undefined, me: Me, point: number) {
  if (phase === 'marking' && cell !== '.') return deadStonesToggled({ ...me, point });
  return stonePlaced({ ...me, point });
}
