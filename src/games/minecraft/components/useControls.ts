import { useEffect, useEffectEvent, useState, type RefObject } from 'react';
import { invalidate } from '@react-three/fiber';
import { blockForKey, type BlockType } from '../index';
import { isMoveCode, turn, type Rig } from './rig';

/** What a click does to the world: place a block on the aimed face, or remove the aimed block. */
export type UseKind = 'place' | 'remove';

/** What the controls report back to the board. */
export type ControlHandlers = {
  onUse: (kind: UseKind) => void;
  onSelect: (block: BlockType) => void;
};

const typingInto = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * First-person controls on an element: a click locks the pointer (Esc releases), the mouse looks, W/A/S/D and Space
 * walk and jump, 1-5 choose a block; while locked a click places and Alt+click or a right click removes.
 * Returns whether the pointer is locked.
 */
export function useControls(
  target: RefObject<HTMLElement | null>,
  rigRef: RefObject<Rig>,
  handlers: ControlHandlers,
): boolean {
  const [locked, setLocked] = useState(false);
  // Effect events: a new handler (the board's changes when the room connects) must not re-attach the listeners,
  // which would drop the held keys and release the pointer.
  const onUse = useEffectEvent(handlers.onUse);
  const onSelect = useEffectEvent(handlers.onSelect);

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const rig = rigRef.current;
    const isLocked = () => document.pointerLockElement === element;
    const onKeyDown = (e: KeyboardEvent) => {
      if (typingInto(e.target) || e.ctrlKey || e.metaKey) return;
      const block = blockForKey(e.key);
      if (block) onSelect(block);
      if (!isMoveCode(e.code)) return;
      // Space and the arrows would scroll the page under the game.
      e.preventDefault();
      rig.keys.add(e.code);
      invalidate();
    };
    const onKeyUp = (e: KeyboardEvent) => rig.keys.delete(e.code);
    const onBlur = () => rig.keys.clear();
    const onMouseDown = (e: MouseEvent) => {
      if (!isLocked()) {
        // Only a click on the world itself locks the pointer, not one on the hotbar over it.
        if (e.button === 0 && e.target instanceof HTMLCanvasElement)
          void Promise.resolve(element.requestPointerLock()).catch(() => {});
        return;
      }
      e.preventDefault();
      if (e.button === 2 || (e.button === 0 && e.altKey)) onUse('remove');
      else if (e.button === 0) onUse('place');
    };
    const onMouseMove = (e: MouseEvent) => {
      if (!isLocked()) return;
      turn(rig, e.movementX, e.movementY);
      invalidate();
    };
    const onLockChange = () => setLocked(isLocked());
    const onContextMenu = (e: Event) => e.preventDefault();
    // One signal detaches every listener below at once when the effect is cleaned up.
    const listening = new AbortController();
    const { signal } = listening;
    window.addEventListener('keydown', onKeyDown, { signal });
    window.addEventListener('keyup', onKeyUp, { signal });
    window.addEventListener('blur', onBlur, { signal });
    element.addEventListener('mousedown', onMouseDown, { signal });
    element.addEventListener('contextmenu', onContextMenu, { signal });
    document.addEventListener('mousemove', onMouseMove, { signal });
    document.addEventListener('pointerlockchange', onLockChange, { signal });
    return () => {
      listening.abort();
      if (isLocked()) document.exitPointerLock();
      rig.keys.clear();
    };
  }, [target, rigRef]);

  return locked;
}
