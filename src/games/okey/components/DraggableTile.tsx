import {
  memo,
  useLayoutEffect,
  type MouseEvent,
  type TransitionEvent,
  type TransitionEventHandler,
} from 'react';
import {
  Draggable,
  type DraggableStateSnapshot,
  type DraggingStyle,
  type NotDraggingStyle,
} from '@hello-pangea/dnd';
import TileView, { type TileViewProps } from './TileView';
import { tileLabel } from './tileFace';

/** The tile as TileView draws it, and what picking it up needs. */
type DraggableTileProps = TileViewProps & {
  draggableId: string;
  disabled: boolean;
  /** Extra words for the accessible name, e.g. where the tile lies. */
  where: string;
  onContextMenu?: (event: MouseEvent) => void;
};

// Every slot holds at most one tile, so the library's list reordering must not slide resting tiles aside; and a
// dropped tile jumps straight to the slot the rules put it in instead of gliding to a list position first.
function tileStyle(style: DraggingStyle | NotDraggingStyle | undefined, snapshot: DraggableStateSnapshot) {
  if (snapshot.isDropAnimating) return { ...style, transitionDuration: '0.001s' };
  if (!snapshot.isDragging) return { ...style, transform: undefined };
  return style;
}

const TRANSFORM_ENDED = { propertyName: 'transform' } as TransitionEvent<HTMLElement>;

/**
 * Mounted while the library animates a drop: ends the animation at once by handing the library the transitionend
 * it waits for. Even a 0.001 s transition reports its end only a frame or two later, and the library calls onDragEnd
 * (the move itself) only then: ~50 ms after the release in the benchmark. The microtask runs after React's commit,
 * so the library's flushSync is not nested in one. Cancelled drops snap home the same way.
 */
function FinishDrop({ end }: { end: TransitionEventHandler<HTMLElement> }) {
  useLayoutEffect(() => {
    let live = true;
    queueMicrotask(() => {
      if (live) end(TRANSFORM_ENDED);
    });
    return () => {
      live = false;
    };
  }, [end]);
  return null;
}

/**
 * A tile the viewer can pick up: by mouse, touch or keyboard; shown at opacity 0.5 while dragged (spec). Renders
 * again only when one of its props changes, so pass stable values (the same tile object, a memoised handler).
 */
function DraggableTile({ draggableId, disabled, where, onContextMenu, ...face }: DraggableTileProps) {
  const { t, tile, faceUp, width, height } = face;
  return (
    <Draggable draggableId={draggableId} index={0} isDragDisabled={disabled}>
      {(provided, snapshot) => (
        <div
          ref={provided.innerRef}
          {...provided.draggableProps}
          {...provided.dragHandleProps}
          aria-label={t('tileAt', { tile: tileLabel(tile, faceUp, t), where })}
          data-tile-id={faceUp ? tile.id : undefined}
          onContextMenu={onContextMenu}
          className="okey-tile"
          // The library's own style comes after the size: while dragging it sets the size and position itself. Its
          // dragging style also carries `opacity: undefined`, so the spec's half opacity comes after it.
          style={{
            width,
            height,
            cursor: disabled ? 'default' : 'grab',
            ...tileStyle(provided.draggableProps.style, snapshot),
            opacity: snapshot.isDragging ? 0.5 : 1,
          }}
        >
          <TileView {...face} />
          {snapshot.isDropAnimating && provided.draggableProps.onTransitionEnd && (
            <FinishDrop end={provided.draggableProps.onTransitionEnd} />
          )}
        </div>
      )}
    </Draggable>
  );
}

export default memo(DraggableTile);
