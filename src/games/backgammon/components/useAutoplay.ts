import { useEffect, useState } from 'react';
import { useAppDispatch, type Me } from '../../../app/hooks';
import { seatOf } from '../rules/game';
import type { BackgammonState } from '../rules/types';
import { checkerMoved, diceRolled, doubleAccepted, openingDieRolled, turnConfirmed } from '../slice';
import { nextAutoStep } from './autoplay';
import { randomFor } from './testHooks';

/**
 * Test hook: window.__backgammonAutoplay(rolls) makes this tab play its own seat through the real action creators
 * (so through the room log and the rules), one roll per entry of `rolls`, until they run out or the game ends. The
 * browser test uses it to play a whole game quickly; people never see it.
 */
export function useAutoplay(state: BackgammonState, me: Me | null): void {
  const dispatch = useAppDispatch();
  const [rolls, setRolls] = useState<number[][] | null>(null);

  useEffect(() => {
    window.__backgammonAutoplay = (next) => setRolls(next.map((roll) => [...roll]));
    return () => {
      delete window.__backgammonAutoplay;
    };
  }, []);

  useEffect(() => {
    const side = me ? seatOf(state, me.by.id) : null;
    if (!rolls || !me || !side) return;
    const step = nextAutoStep(state, side);
    if (!step) return;
    // One action per render: the next is chosen from the state this one produces.
    const timer = setTimeout(() => {
      // Out of rolls when the next roll is due: stop, so the person's own rolls are theirs to play.
      if (step.kind === 'roll' && rolls.length === 0) setRolls(null);
      else if (step.kind === 'opening') dispatch(openingDieRolled(me));
      else if (step.kind === 'accept') dispatch(doubleAccepted(me));
      else if (step.kind === 'confirm') dispatch(turnConfirmed(me));
      else if (step.kind === 'move') dispatch(checkerMoved({ ...me, from: step.from, to: step.to }));
      else {
        setRolls(rolls.slice(1));
        dispatch(diceRolled(me, randomFor(rolls[0])));
      }
    }, 0);
    return () => clearTimeout(timer);
  }, [state, rolls, me, dispatch]);
}
