import { useEffect, useRef, useState } from 'react';
import { useGameDispatch, type Me } from '../../world';
import { seatOf } from '../rules/game';
import type { BackgammonState } from '../rules/types';
import { checkerMoved, diceRolled, doubleAccepted, openingDieRolled, turnConfirmed } from '../slice';
import { nextAutoStep } from './autoplay';

/**
 * Test hook: window.__backgammonAutoplay(rolls) makes this tab play its own seat through the real action creators
 * (so through the room log and the rules), one roll per entry of `rolls`, until they run out or the game ends. The
 * browser test uses it to play a whole game quickly; people never see it. It stops once its rolls are spent and
 * its turn is over.
 */
export function useAutoplay(state: BackgammonState, me: Me | null): void {
  const dispatch = useGameDispatch();
  const [rolls, setRolls] = useState<number[][] | null>(null);
  // The state the last action was chosen from: the next waits until the room shows that action, as a person would.
  const actedOn = useRef<BackgammonState | null>(null);

  useEffect(() => {
    if (!__TEST_HOOKS__) return;
    window.__backgammonAutoplay = (next) => setRolls(next.map((roll) => [...roll]));
    return () => {
      delete window.__backgammonAutoplay;
    };
  }, []);

  useEffect(() => {
    const side = me ? seatOf(state, me.by.id) : null;
    if (!rolls || !me || !side || actedOn.current === state) return;
    // Out of rolls and not in the middle of its own turn: stop, so the person plays (and answers) for themselves.
    const spent = rolls.length === 0 && !(state.turn === side && state.dice.length > 0);
    const step = spent ? null : nextAutoStep(state, side);
    if (!spent && !step) return;
    // One action per render: the next is chosen from the state this one produces.
    const timer = setTimeout(() => {
      if (step) actedOn.current = state;
      if (!step) setRolls(null);
      else if (step.kind === 'opening') dispatch(openingDieRolled(me));
      else if (step.kind === 'accept') dispatch(doubleAccepted(me));
      else if (step.kind === 'confirm') dispatch(turnConfirmed(me));
      else if (step.kind === 'move') dispatch(checkerMoved({ ...me, from: step.from, to: step.to }));
      else {
        setRolls(rolls.slice(1));
        dispatch(diceRolled({ ...me, dice: rolls[0] }));
      }
    }, 0);
    return () => clearTimeout(timer);
  }, [state, rolls, me, dispatch]);
}
