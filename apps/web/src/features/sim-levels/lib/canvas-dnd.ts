import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  pointerWithin,
  rectIntersection,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { CREATE_LEVELS_TEXTS as T, type TCharacter } from '@sim/shared';

/** The id of the canvas drop target. */
export const CANVAS_ID = 'script-canvas';

/** What a drag carries: a character of the palette, or a line of the canvas. */
export type DragData = { kind: 'character'; character: TCharacter } | { kind: 'script' } | { kind: 'canvas' };

/**
 * Character drags find the line under the pointer, else the canvas (keyboard drags, without a pointer, the
 * target they overlap); line drags the nearest line.
 */
export const canvasCollision: CollisionDetection = (args) => {
  if (args.active.data.current?.kind === 'script')
    return closestCenter({
      ...args,
      droppableContainers: args.droppableContainers.filter((c) => c.data.current?.kind === 'script'),
    });
  const within = pointerWithin(args);
  const rows = within.filter((c) => c.id !== CANVAS_ID);
  if (rows.length > 0) return rows;
  if (within.length > 0) return within;
  return rectIntersection(args);
};

/** How a screen reader names what is dragged and where: a character by name, a line by its number. */
export function canvasAccessibility(ids: readonly string[]) {
  const name = (id: UniqueIdentifier, data: unknown): string => {
    const d = data as DragData | undefined;
    if (d?.kind === 'character') return d.character.name;
    if (d?.kind === 'script') return T.lineNumber(ids.indexOf(String(id)) + 1);
    return T.dndScript;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => T.dndPickedUp(name(active.id, active.data.current)),
    onDragOver: ({ active, over }) =>
      over
        ? T.dndOver(name(active.id, active.data.current), name(over.id, over.data.current))
        : T.dndNotOver(name(active.id, active.data.current)),
    onDragEnd: ({ active, over }) =>
      over
        ? T.dndDropped(name(active.id, active.data.current), name(over.id, over.data.current))
        : T.dndCancelled(name(active.id, active.data.current)),
    onDragCancel: ({ active }) => T.dndCancelled(name(active.id, active.data.current)),
  };
  return { announcements, screenReaderInstructions: { draggable: T.dndInstructions } };
}
